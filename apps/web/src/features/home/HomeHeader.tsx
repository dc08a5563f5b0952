import { brand } from '../../app/config';
import { NotificationBell } from '../notifications/NotificationBell';
import { Logo } from '../shell/Logo';
import styles from './HomeHeader.module.css';

/** Home's own navigation bar: logo and brand, and the notification bell. */
export function HomeHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.brand}>
        <Logo size={32} />
        <span>{brand}</span>
      </div>
      <NotificationBell />
    </header>
  );
}
