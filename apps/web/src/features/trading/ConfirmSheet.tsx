import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import popupStyles from '../../shared/ReceiptPopup.module.css';
import { type ReceiptRow, ReceiptRows } from '../../shared/ReceiptRows';
import styles from './ConfirmSheet.module.css';
import { tradeErrorText } from './trade-text';

interface ConfirmSheetProps {
  visible: boolean;
  title: string;
  rows: readonly ReceiptRow[];
  confirmText: string;
  tone: 'buy' | 'sell';
  loading: boolean;
  /** The code the last try was refused with (or failed with), shown translated above the buttons. */
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The figures of an order before it goes to the exchange, with Cancel and the confirmation. */
export function ConfirmSheet({
  visible,
  title,
  rows,
  confirmText,
  tone,
  loading,
  error,
  onCancel,
  onConfirm,
}: ConfirmSheetProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popup
      visible={visible}
      onMaskClick={loading ? undefined : onCancel}
      destroyOnClose
      bodyClassName={popupStyles.popup}
    >
      <div className={popupStyles.body} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className={popupStyles.title}>
          {title}
        </h2>
        <ReceiptRows rows={rows} />
        {error ? (
          <div className={styles.error} role="alert" data-testid="confirm-error">
            {tradeErrorText(error)}
          </div>
        ) : null}
        <div className={popupStyles.buttons}>
          <Button block size="large" fill="outline" onClick={onCancel} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button block size="large" className={styles[tone]} loading={loading} onClick={onConfirm}>
            {confirmText}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
