import { SupportLimits, ZEnquiryMessageRequest } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import { PictureOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import { errorCodeOf } from '../../shared/error-code';
import { ImageUploadField } from '../../shared/uploads';
import styles from './Chat.module.css';

export interface ComposedMessage {
  text: string;
  pictureId?: string;
}

interface ComposerProps {
  onSend: (message: ComposedMessage) => Promise<unknown>;
  /** Members may add a picture; staff answer in text (see ZStaffReplyRequest). */
  allowPicture: boolean;
}

/**
 * The chat's input at the foot of the thread: text (and a picture for members), sent with the button or
 * Ctrl/Cmd+Enter. What was typed stays when sending fails, with the reason under it.
 */
export function Composer({ onSend, allowPicture }: ComposerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState('');
  const [pictureId, setPictureId] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // The picker takes room the conversation needs: shown only once asked for.
  const [picking, setPicking] = useState(false);

  const send = async () => {
    const checked = ZEnquiryMessageRequest.safeParse({ text, pictureId });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'VALIDATION_FAILED');
      return;
    }
    setError(null);
    setSending(true);
    try {
      await onSend({ text: checked.data.text, ...(pictureId ? { pictureId } : {}) });
      setText('');
      setPictureId(undefined);
      setPicking(false);
    } catch (e) {
      setError(errorCodeOf(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.composer}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {allowPicture && (picking || pictureId) ? (
        <ImageUploadField
          purpose="support"
          value={pictureId}
          onChange={setPictureId}
          label={t('support.chat.addPicture')}
        />
      ) : null}
      <div className={styles.composerRow}>
        {allowPicture ? (
          <button
            type="button"
            className={picking ? `${styles.attach} ${styles.attachOn}` : styles.attach}
            onClick={() => setPicking((on) => !on)}
            aria-expanded={picking}
            aria-label={t('support.chat.addPicture')}
            data-testid="chat-attach"
          >
            <PictureOutline aria-hidden="true" />
          </button>
        ) : null}
        <label htmlFor={inputId} className={styles.visuallyHidden}>
          {t('support.chat.message')}
        </label>
        <TextArea
          id={inputId}
          className={styles.composerInput}
          placeholder={t('support.chat.placeholder')}
          value={text}
          onChange={setText}
          rows={1}
          autoSize={{ minRows: 1, maxRows: 5 }}
          maxLength={SupportLimits.messageMax}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
          }}
          data-testid="chat-input"
        />
        <Button type="submit" color="primary" loading={sending} data-testid="chat-send">
          {t('support.chat.send')}
        </Button>
      </div>
      {error ? (
        <div className={styles.error} role="alert" data-testid="chat-error">
          {errorText(error, 'VALIDATION_FAILED')}
        </div>
      ) : null}
    </form>
  );
}
