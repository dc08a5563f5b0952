import type { TSessionItem } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../shared/format';
import styles from './SessionItem.module.css';

/** One signed-in device: what, where from, when last seen; other devices can be signed out. */
export function SessionItem({ item, onEnd }: { item: TSessionItem; onEnd: (item: TSessionItem) => void }) {
  const { t } = useTranslation();
  return (
    <article className={styles.item} data-testid="session-item" aria-label={item.device}>
      <div className={styles.main}>
        <div className={styles.device}>
          {item.device}
          {item.current ? (
            <Tag color="success" fill="outline" className={styles.tag}>
              {t('sessions.thisDevice')}
            </Tag>
          ) : null}
        </div>
        <div className={styles.meta}>{t('sessions.ip', { ip: item.ip })}</div>
        <div className={styles.meta}>{t('sessions.lastSeen', { when: dateTimeText(item.lastSeenAt) })}</div>
      </div>
      {item.current ? null : (
        <Button size="small" color="danger" fill="outline" onClick={() => onEnd(item)}>
          {t('sessions.end')}
        </Button>
      )}
    </article>
  );
}
