import TabBar from 'antd-mobile/es/components/tab-bar';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { tabs } from '../../app/tabs';
import styles from './BottomTabs.module.css';
import { TabIcon } from './TabIcon';

/** The bottom tab bar of the tab pages; its label set is chosen at build time (VITE_TAB_SET). */
export function BottomTabs() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const active = tabs.find((tab) => tab.path.toLowerCase() === location.pathname.toLowerCase());
  return (
    <nav className={styles.tabs} aria-label={t('nav.tabs')}>
      <TabBar safeArea activeKey={active?.path ?? null} onChange={(path) => navigate(path)}>
        {tabs.map((tab) => (
          <TabBar.Item
            key={tab.path}
            data-testid={`tab-${tab.id}`}
            icon={<TabIcon name={tab.id} />}
            title={t(`tabs.${tab.id}`)}
          />
        ))}
      </TabBar>
    </nav>
  );
}
