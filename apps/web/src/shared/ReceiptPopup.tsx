import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from './FormAlert';
import { FormField } from './FormField';
import styles from './ReceiptPopup.module.css';
import { type ReceiptRow, ReceiptRows } from './ReceiptRows';

const ZPasswordForm = z.object({ password: z.string().min(1, { message: 'REQUIRED' }) });
type PasswordForm = z.infer<typeof ZPasswordForm>;

export interface ReceiptPopupProps {
  visible: boolean;
  title: string;
  rows: readonly ReceiptRow[];
  /** A word above the rows (the exchange rate moved, so these are new figures). */
  notice?: string | null;
  /** The confirmation is on its way: the buttons wait. */
  loading?: boolean;
  /** The code the last confirmation was refused with, shown translated above the buttons. */
  error?: string | null;
  onCancel: () => void;
  /** The typed transaction password, plain: the caller seals it ('' when `askPassword` is false). */
  onConfirm: (password: string) => void;
  /** False for a confirmation that moves no wallet money (a bot action): no password field. */
  askPassword?: boolean;
}

/** The body of the popup: made anew each time it opens, so no password outlives it. */
function ReceiptBody({
  title,
  rows,
  notice,
  loading,
  error,
  onCancel,
  onConfirm,
  askPassword = true,
}: Omit<ReceiptPopupProps, 'visible'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(ZPasswordForm),
    defaultValues: { password: '' },
  });
  return (
    <form
      className={styles.body}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      noValidate
      onSubmit={
        askPassword
          ? form.handleSubmit(({ password }) => onConfirm(password))
          : (event) => {
              event.preventDefault();
              onConfirm('');
            }
      }
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {notice ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}
      <ReceiptRows rows={rows} />
      {askPassword ? (
        <div className={styles.password}>
          <FormField
            control={form.control}
            name="password"
            type="password"
            autoComplete="off"
            label={t('wallet.receipt.password')}
            placeholder={t('wallet.receipt.passwordPlaceholder')}
          />
        </div>
      ) : null}
      <FormAlert code={error ?? undefined} />
      <div className={styles.buttons}>
        <Button block size="large" fill="outline" onClick={onCancel} disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button block size="large" color="primary" type="submit" loading={loading}>
          {t('wallet.receipt.confirm')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The receipt details of a money movement before it happens (transfer, exchange, withdrawal): what moves
 * where, the transaction password, Cancel and Confirm. One popup for every such screen.
 */
export function ReceiptPopup({ visible, onCancel, ...body }: ReceiptPopupProps) {
  return (
    <Popup
      visible={visible}
      onMaskClick={body.loading ? undefined : onCancel}
      destroyOnClose
      bodyClassName={styles.popup}
    >
      <ReceiptBody onCancel={onCancel} {...body} />
    </Popup>
  );
}
