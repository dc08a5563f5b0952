import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginHref } from '../../app/navigation';
import { useSession } from '../../app/session';

/** Member pages: without a login, go to the login page and come back here afterwards. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { isLogin } = useSession();
  const location = useLocation();
  if (!isLogin) return <Navigate replace to={loginHref(location.pathname + location.search)} />;
  return children;
}
