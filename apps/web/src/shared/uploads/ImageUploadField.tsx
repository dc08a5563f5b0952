import { UploadLimits, type UploadPurpose, uploadUrlOf } from '@app/contracts';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../app/api-error';
import { errorText } from '../../app/error-text';
import styles from './ImageUploadField.module.css';
import { openImagePreview } from './open-image-preview';
import { uploadFile, uploadHandled } from './upload-api';

interface ImageUploadFieldProps {
  purpose: UploadPurpose;
  /** The upload id of the picture chosen so far. */
  value?: string;
  /** A new upload's id once it is stored, or undefined when the picture is removed. */
  onChange: (id: string | undefined) => void;
  label: string;
  /**
   * False inside a form field whose legend already shows `label` (FormField with `render`): the label is
   * then only the input's accessible name, not a second visible line saying the same.
   */
  labelVisible?: boolean;
  disabled?: boolean;
}

const ACCEPTED_TYPES = UploadLimits.imageAccept.split(',');
const isHandled = (code: string) => (uploadHandled as readonly string[]).includes(code);

/**
 * What can be told before sending: the size, and a type the browser already knows is not one of ours.
 * The server still checks the bytes; this only spares a slow upload that would be refused anyway.
 */
function refusalBeforeUpload(file: File): string | null {
  if (file.size > UploadLimits.imageMaxBytes) return 'UPLOAD_TOO_LARGE';
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) return 'UPLOAD_NOT_IMAGE';
  return null;
}

/**
 * One picture: picking it uploads it at once and hands its id to the form. The thumbnail opens the
 * full-screen viewer; a refused file says why under the picker, in the member's language.
 */
export function ImageUploadField({
  purpose,
  value,
  onChange,
  label,
  labelVisible = true,
  disabled = false,
}: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = value ? uploadUrlOf(value) : null;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a refusal: the input must not keep it.
    event.target.value = '';
    if (!file) return;
    const refused = refusalBeforeUpload(file);
    setError(refused);
    if (refused) return;
    setBusy(true);
    try {
      const stored = await uploadFile(purpose, file, file.name);
      onChange(stored.id);
    } catch (failure) {
      // The codes left to this field are shown here; any other was shown by the API client (toast, modal).
      setError(isApiError(failure) && isHandled(failure.code) ? failure.code : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.field} data-testid={`upload-${purpose}`}>
      {labelVisible ? (
        <span className={styles.label} id={`${inputId}-label`}>
          {label}
        </span>
      ) : null}
      <div className={styles.tiles}>
        {url ? (
          <div className={styles.tile}>
            <button
              type="button"
              className={styles.thumbButton}
              onClick={() => openImagePreview(navigate, [url])}
              aria-label={t('uploads.open')}
              data-testid="upload-thumbnail"
            >
              <img className={styles.thumb} src={url} alt={label} />
            </button>
            {disabled ? null : (
              <button
                type="button"
                className={styles.remove}
                onClick={() => {
                  setError(null);
                  onChange(undefined);
                }}
                aria-label={t('uploads.remove')}
                data-testid="upload-remove"
              >
                <CloseOutline />
              </button>
            )}
          </div>
        ) : null}
        {disabled ? null : (
          <label
            htmlFor={inputId}
            className={
              busy ? `${styles.tile} ${styles.pick} ${styles.busy}` : `${styles.tile} ${styles.pick}`
            }
          >
            <input
              id={inputId}
              type="file"
              accept={UploadLimits.imageAccept}
              className={styles.input}
              onChange={(event) => void pick(event)}
              disabled={busy}
              {...(labelVisible ? { 'aria-labelledby': `${inputId}-label` } : { 'aria-label': label })}
              aria-describedby={`${inputId}-hint`}
              data-testid="upload-input"
            />
            {busy ? <SpinLoading style={{ '--size': '24px' }} /> : <AddOutline className={styles.plus} />}
            <span className={styles.pickText}>
              {busy ? t('uploads.uploading') : url ? t('uploads.replace') : t('uploads.choose')}
            </span>
          </label>
        )}
      </div>
      <div className={styles.hint} id={`${inputId}-hint`}>
        {t('uploads.hint', { size: UploadLimits.imageMaxBytes / (1024 * 1024) })}
      </div>
      {error ? (
        <div className={styles.error} role="alert" data-testid="upload-error">
          {errorText(error)}
        </div>
      ) : null}
    </div>
  );
}
