import { Outlet, useLocation } from 'react-router-dom';
import { isTabPath } from '../../app/tabs';
import { useMediaQuery } from '../../shared/use-media-query';
import { BottomTabs } from './BottomTabs';
import styles from './MemberShell.module.css';
import { SideMenu } from './SideMenu';

/** The width above which the side menu replaces the bottom tabs (spec sections 2 and 9; the CSS's 821 px). */
export const wideQuery = '(min-width: 821px)';

/**
 * The frame of every member page: the side menu above 820 px, else bottom tabs on the tab pages. Only the
 * one the width shows is rendered (their CSS still hides the other, should it ever be): a phone's first
 * load no longer renders the side menu's links, nor a desktop's the tab bar (issue 19, decisions §88).
 */
export function MemberShell() {
  const { pathname } = useLocation();
  const tabbed = isTabPath(pathname);
  const wide = useMediaQuery(wideQuery);
  return (
    <div className={styles.shell}>
      {wide ? <SideMenu /> : null}
      <div className={tabbed ? `${styles.content} ${styles.tabbed}` : styles.content}>
        <Outlet />
      </div>
      {tabbed && !wide ? <BottomTabs /> : null}
    </div>
  );
}
