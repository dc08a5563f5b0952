import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { brand } from '../../app/config';
import { tabs } from '../../app/tabs';
import { Logo } from './Logo';
import styles from './SideMenu.module.css';
import { TabIcon } from './TabIcon';

/** Above 820 px: the tab entries as a fixed 250 px menu on the left (hidden by CSS below that). */
export function SideMenu() {
  const { t } = useTranslation();
  return (
    <aside className={styles.side}>
      <div className={styles.brand}>
        <Logo size={32} />
        <span>{brand}</span>
      </div>
      <nav aria-label={t('nav.sideMenu')}>
        {tabs.map((tab) => (
          <NavLink
            key={tab.id}
            to={tab.path}
            data-testid={`side-${tab.id}`}
            className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
          >
            <TabIcon name={tab.id} />
            <span>{t(`tabs.${tab.id}`)}</span>
          </NavLink>
        ))}
      </nav>
    </aside>
  );
}
