import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/FormAlert';
import { PurchaseOptions } from './PurchaseOptions';
import styles from './PurchaseSheet.module.css';
import type { PayOptions, PurchaseKind } from './purchase-options';

/**
 * A purchase sheet's form: the title and what is bought, the product's own fields (children), how it is
 * paid, the error and the buttons. Continuing asks for the quote, once the member agreed.
 */
export function PurchaseForm({
  kind,
  title,
  subject,
  currency,
  options,
  onChange,
  error,
  onError,
  quoting,
  onQuote,
  onCancel,
  children,
}: {
  kind: PurchaseKind;
  title: string;
  subject: string;
  currency: string;
  options: PayOptions;
  onChange: (change: Partial<PayOptions>) => void;
  error: string | undefined;
  onError: (code: string) => void;
  quoting: boolean;
  onQuote: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      className={styles.sheet}
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!options.agreed) onError('AGREEMENT_REQUIRED');
        else onQuote();
      }}
    >
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.subject}>{subject}</p>
      {children}
      <PurchaseOptions kind={kind} currency={currency} options={options} onChange={onChange} />
      <FormAlert code={error} />
      <div className={styles.buttons}>
        <Button block size="large" fill="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button block size="large" color="primary" type="submit" loading={quoting}>
          {t(`${kind.texts}.buy.continue`)}
        </Button>
      </div>
    </form>
  );
}
