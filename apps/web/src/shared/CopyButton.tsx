import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { showToast } from '../app/toast';
import { copyText } from './copy-text';

/** Copies a value (an address, a reference) and says whether it worked. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    const ok = await copyText(value);
    showToast(ok ? t('wallet.copied') : t('wallet.copyFailed'), ok ? { icon: 'success' } : {});
  };
  return (
    <Button size="small" color="primary" fill="outline" onClick={() => void copy()} aria-label={label}>
      {t('wallet.copy')}
    </Button>
  );
}
