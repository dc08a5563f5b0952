import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../app/app-info';
import styles from './TacSentNote.module.css';

/** Where the code went (masked by the server), and outside production where caught mail can be read. */
export function TacSentNote({ destination }: { destination: string | null }) {
  const { t } = useTranslation();
  const { data: info } = useAppInfo();
  if (!destination) return null;
  return (
    <p className={styles.note} role="status" data-testid="tac-sent">
      {t('tac.sentTo', { destination })}
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
