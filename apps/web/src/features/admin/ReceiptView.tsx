import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import { useTranslation } from 'react-i18next';
import type { ReceiptRow } from '../../shared/ReceiptRows';
import { FactList } from './FactList';
import styles from './ReceiptView.module.css';

interface ReceiptViewProps {
  title: string;
  facts: readonly ReceiptRow[];
  /** Another action of the same kind (the form again, empty). */
  onAgain: () => void;
  /** In a dialog: close it. */
  onClose?: () => void;
  /** 'waiting': filed, not done (a request for a second admin's approval). */
  status?: 'success' | 'waiting';
}

/** What a money action did, as the server confirmed it. */
export function ReceiptView({ title, facts, onAgain, onClose, status = 'success' }: ReceiptViewProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.receipt} data-testid="admin-receipt">
      <Result status={status} title={title} className={styles.result} />
      <FactList facts={facts} />
      <div className={styles.actions}>
        <Button onClick={onAgain}>{t('admin.receipt.again')}</Button>
        {onClose ? (
          <Button color="primary" onClick={onClose}>
            {t('admin.receipt.close')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
