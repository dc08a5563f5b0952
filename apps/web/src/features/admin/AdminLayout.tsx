import { isStaffRole } from '@app/contracts';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { brand } from '../../app/config';
import { Routes } from '../../app/navigation';
import { useMe } from '../../app/use-me';
import { Logo } from '../shell/Logo';
import { StepUpDialog } from '../staff/StepUpDialog';
import styles from './AdminLayout.module.css';
import AdminOnlyPage from './AdminOnlyPage';
import { sectionOf, sectionsFor } from './admin-sections';

/**
 * The admin area's frame: a bar, the sections on the left (a scrolling row on narrow screens) and the
 * section. Members are signed in (RequireLogin in the route table) but only staff get past here, and each
 * role sees its own sections (support: the KYC, customer-service and content queues); the server refuses
 * anyone else's calls in any case. The step-up dialog asks for a fresh code before money actions.
 */
export default function AdminLayout() {
  const { t } = useTranslation();
  const { user } = useMe();
  const location = useLocation();
  if (!user || !isStaffRole(user.role)) return <AdminOnlyPage />;
  const sections = sectionsFor(user.role);
  const here = sectionOf(location.pathname);
  // The area's front door, or a section this role does not see: the role's first section instead.
  if (sections[0] && (!here || !sections.includes(here))) {
    return <Navigate replace to={sections[0].path} />;
  }
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
          {sections.map(({ id, path, Icon }) => (
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
      <StepUpDialog />
    </div>
  );
}
