import type { TEnquiryMessage } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../shared/format';
import styles from './Chat.module.css';

interface MessageBubbleProps {
  message: TEnquiryMessage;
  /** The reader's own messages sit on the right; the other side's on the left. */
  mine: boolean;
  /** Who wrote it, above the bubble. */
  author: string;
  onOpenPicture: (url: string) => void;
}

/** One message of an enquiry's conversation: its text, its picture (tap to view it full screen), its time. */
export function MessageBubble({ message, mine, author, onOpenPicture }: MessageBubbleProps) {
  const { t } = useTranslation();
  return (
    <li className={mine ? `${styles.row} ${styles.mine}` : styles.row} data-testid="chat-message">
      <span className={styles.author}>{author}</span>
      <div className={mine ? `${styles.bubble} ${styles.bubbleMine}` : styles.bubble}>
        {message.pictureUrl ? (
          <button
            type="button"
            className={styles.pictureButton}
            onClick={() => message.pictureUrl && onOpenPicture(message.pictureUrl)}
            aria-label={t('support.chat.openPicture')}
          >
            <img className={styles.picture} src={message.pictureUrl} alt={t('support.chat.picture')} />
          </button>
        ) : null}
        {message.text ? <p className={styles.text}>{message.text}</p> : null}
      </div>
      <time className={styles.time} dateTime={message.createdAt}>
        {dateTimeText(message.createdAt)}
      </time>
    </li>
  );
}
