import { UploadLimits } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import { FileOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-error';
import { errorText } from '../../../app/error-text';
import { uploadFile } from '../../../shared/uploads';
import styles from './ContentForms.module.css';

/**
 * Picks a PDF and uploads it at once (purpose `file`); the form gets its upload id. The server decides
 * from the bytes whether it is a PDF; a refusal is shown here, in the admin's language.
 */
export function PdfPicker({ label, onChange }: { label: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > UploadLimits.documentMaxBytes) {
      setError('UPLOAD_TOO_LARGE');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const stored = await uploadFile('file', file, file.name);
      setName(file.name);
      onChange(stored.id);
    } catch (failure) {
      if (isApiError(failure)) setError(failure.code);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <div className={styles.picker}>
        <Button size="small" loading={busy} onClick={() => document.getElementById(inputId)?.click()}>
          <FileOutline aria-hidden="true" /> {t('content.admin.files.pick')}
        </Button>
        <span className={styles.muted}>{name ?? t('content.admin.files.none')}</span>
      </div>
      <input
        id={inputId}
        type="file"
        accept={UploadLimits.documentAccept}
        aria-label={label}
        hidden
        onChange={(e) => void pick(e)}
        data-testid="pdf-input"
      />
      {error ? (
        <p className={styles.error} role="alert">
          {errorText(error)}
        </p>
      ) : null}
    </div>
  );
}
