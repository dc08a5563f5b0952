import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { brand } from '../../app/config';
import { Routes } from '../../app/navigation';
import { useMe } from '../../app/use-me';
import { Logo } from '../shell/Logo';
import styles from './AdminLayout.module.css';
import AdminOnlyPage from './AdminOnlyPage';
import { adminSections } from './admin-sections';

/**
 * The admin area's frame: a bar, the sections on the left (a scrolling row on narrow screens) and the
 * section. Members are signed in (RequireLogin in the route table) but only admins get past here; the
 * server refuses admin calls to anyone else in any case.
 */
export default function AdminLayout() {
  const { t } = useTranslation();
  const { user } = useMe();
  if (user?.role !== 'admin') return <AdminOnlyPage />;
  return (
    <div className={styles.layout}>
      <header className={styles.bar}>
        <span className={styles.brand}>
          <Logo size={28} />
          <span className={styles.brandName}>{brand}</span>
        </span>
        <h1 className={styles.title}>{t('admin.title')}</h1>
        <span className={styles.user} data-testid="admin-user">
          {user.username}
        </span>
        <Link className={styles.back} to={Routes.personal}>
          <LeftOutline aria-hidden="true" />
          <span>{t('admin.backToApp')}</span>
        </Link>
      </header>
      <aside className={styles.side}>
        <nav className={styles.menu} aria-label={t('admin.menuLabel')}>
          {adminSections.map(({ id, path, Icon }) => (
            <NavLink
              key={id}
              to={path}
              data-testid={`admin-menu-${id}`}
              className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
            >
              <Icon aria-hidden="true" />
              <span>{t(`admin.sections.${id}`)}</span>
            </NavLink>
          ))}
        </nav>
      </aside>
      <main className={styles.content}>
        <Outlet />
      </main>
    </div>
  );
}
