import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../app/app-info';
import styles from './TacSentNote.module.css';

/**
 * Where the code went (masked by the server), and outside production where caught mail can be read.
 * `text`: what to say instead, where the answer must not name a destination (forgot password, unlock).
 */
export function TacSentNote({ destination, text }: { destination: string | null; text?: string }) {
  const { t } = useTranslation();
  const { data: info } = useAppInfo();
  if (!destination && !text) return null;
  return (
    <p className={styles.note} role="status" data-testid="tac-sent">
      {text ?? t('tac.sentTo', { destination })}
      {info?.devOutbox ? (
        <>
          {' '}
          <a href="/dev/outbox" target="_blank" rel="noreferrer">
            {t('tac.devOutbox')}
          </a>
        </>
      ) : null}
    </p>
  );
}
