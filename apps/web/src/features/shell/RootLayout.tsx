import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ActivityBar } from './ActivityBar';
import { OfflineNotice, UpdatePrompt } from './AppStatus';

/** Above every page: the request indicator, offline and update notes; each new page starts at the top. */
export function RootLayout() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on every page change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <ActivityBar />
      <OfflineNotice />
      <UpdatePrompt />
      <Outlet />
    </>
  );
}
