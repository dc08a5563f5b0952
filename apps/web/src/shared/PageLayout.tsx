import NavBar from 'antd-mobile/es/components/nav-bar';
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Routes } from '../app/navigation';
import { isTabPath } from '../app/tabs';
import styles from './PageLayout.module.css';

interface PageLayoutProps {
  title: string;
  /** Where the back arrow goes when there is no in-app history (a deep link opened directly). */
  backTo?: string;
  right?: ReactNode;
  /** Content padded as a form page; lists and full-bleed pages turn it off. */
  padded?: boolean;
  children: ReactNode;
}

/** Every page with the yellow-orange navigation bar; sub-pages get a back arrow, tab pages do not. */
export function PageLayout({ title, backTo = Routes.home, right, padded = true, children }: PageLayoutProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const showBack = !isTabPath(location.pathname);
  // 'default' is the key of the first entry: nothing of ours to go back to.
  const back = () => (location.key === 'default' ? navigate(backTo, { replace: true }) : navigate(-1));
  return (
    <div className={styles.page}>
      <NavBar
        className={styles.bar}
        backIcon={false}
        left={
          showBack ? (
            <button type="button" className={styles.back} onClick={back} aria-label={t('common.back')}>
              <LeftOutline />
            </button>
          ) : null
        }
        right={right}
      >
        <h1 className={styles.title}>{title}</h1>
      </NavBar>
      <main className={padded ? styles.padded : styles.content}>{children}</main>
    </div>
  );
}
