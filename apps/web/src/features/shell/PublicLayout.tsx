import { Outlet } from 'react-router-dom';
import styles from './PublicLayout.module.css';

/** Intro, login, sign-up and password reset: one phone-width column, centred on wide screens. */
export function PublicLayout() {
  return (
    <div className={styles.backdrop}>
      <div className={styles.column}>
        <Outlet />
      </div>
    </div>
  );
}
