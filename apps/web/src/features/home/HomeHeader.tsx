import { Badge } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { brand } from '../../app/config';
import { Logo } from '../shell/Logo';
import styles from './HomeHeader.module.css';

/** Home's own navigation bar: logo and brand, and the notification bell. */
export function HomeHeader({ unread }: { unread: number }) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={styles.brand}>
        <Logo size={32} />
        <span>{brand}</span>
      </div>
      {/* Notifications come with later work: until then the bell only shows the count. */}
      <span className={styles.bell} role="img" aria-label={t('home.notifications', { count: unread })}>
        <Badge content={unread > 0 ? unread : null}>
          <BellOutline />
        </Badge>
      </span>
    </header>
  );
}
