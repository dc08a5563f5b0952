import { Outlet, useLocation } from 'react-router-dom';
import { isTabPath } from '../../app/tabs';
import { BottomTabs } from './BottomTabs';
import styles from './MemberShell.module.css';
import { SideMenu } from './SideMenu';

/** The frame of every member page: the side menu above 820 px, else bottom tabs on the tab pages. */
export function MemberShell() {
  const { pathname } = useLocation();
  const tabbed = isTabPath(pathname);
  return (
    <div className={styles.shell}>
      <SideMenu />
      <div className={tabbed ? `${styles.content} ${styles.tabbed}` : styles.content}>
        <Outlet />
      </div>
      {tabbed ? <BottomTabs /> : null}
    </div>
  );
}
