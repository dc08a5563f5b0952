import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import styles from './FormActions.module.css';

interface FormActionsProps {
  submitText: string;
  pending: boolean;
  danger?: boolean;
  /** In a dialog: a Cancel beside the submit button. */
  onCancel?: () => void;
}

/** The foot of an admin form: submit, and Cancel in a dialog. */
export function FormActions({ submitText, pending, danger = false, onCancel }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.actions}>
      {onCancel ? (
        <Button onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </Button>
      ) : null}
      <Button type="submit" color={danger ? 'danger' : 'primary'} loading={pending}>
        {submitText}
      </Button>
    </div>
  );
}
