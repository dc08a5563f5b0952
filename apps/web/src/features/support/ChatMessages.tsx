import type { TEnquiryMessage } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { openImagePreview } from '../../shared/uploads';
import styles from './Chat.module.css';
import { MessageBubble } from './MessageBubble';

interface ChatMessagesProps {
  messages: readonly TEnquiryMessage[];
  /** The reader's side: the member reads staff on the left, staff read the member on the left. */
  reader: 'member' | 'staff';
  /** How the member is named to staff (their username); the member sees "You". */
  memberName?: string;
}

/**
 * An enquiry's conversation, oldest first, kept scrolled to the newest message whenever one arrives.
 * Pictures open in the full-screen viewer with every picture of the thread to swipe through.
 */
export function ChatMessages({ messages, reader, memberName }: ChatMessagesProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (newest) end.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  const pictures = messages.flatMap((m) => (m.pictureUrl ? [m.pictureUrl] : []));
  const authorOf = (m: TEnquiryMessage) => {
    if (m.fromStaff) return t('support.chat.staff');
    return reader === 'member' ? t('support.chat.you') : (memberName ?? t('support.chat.member'));
  };
  return (
    <>
      <ol className={styles.messages} aria-label={t('support.chat.conversation')}>
        {messages.map((m) => (
          <MessageBubble
            key={m.id}
            message={m}
            mine={m.fromStaff === (reader === 'staff')}
            author={authorOf(m)}
            onOpenPicture={(url) => openImagePreview(navigate, pictures, Math.max(0, pictures.indexOf(url)))}
          />
        ))}
      </ol>
      <div ref={end} />
    </>
  );
}
