/**
 * The API client sits below the router (the router's pages import it), so the router registers its
 * navigate function here instead of being imported by the client.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

export const Routes = {
  login: '/pages/login/login',
  home: '/pages/home/home',
  intro: '/pages/Intro',
  personal: '/pages/personal/personal',
} as const;

let navigate: Navigate = (to) => {
  window.location.hash = to;
};
let currentPath: () => string = () => window.location.hash.replace(/^#/, '') || '/';

export function registerNavigator(nav: Navigate, path: () => string): void {
  navigate = nav;
  currentPath = path;
}

/** The login page, remembering where to come back to. */
export function loginHref(returnTo?: string): string {
  return returnTo && returnTo !== '/'
    ? `${Routes.login}?redirect=${encodeURIComponent(returnTo)}`
    : Routes.login;
}

/**
 * Only in-app paths are followed after login: the member pages and the admin area (whose own guard
 * turns a member away), never anything that could leave the app.
 */
export function safeReturnPath(value: string | null): string {
  if (!value) return Routes.home;
  const inApp = value.startsWith('/pages/') || value === '/admin' || value.startsWith('/admin/');
  return inApp ? value : Routes.home;
}

export function isLoginPath(path: string): boolean {
  return path.split('?')[0]?.toLowerCase() === Routes.login.toLowerCase();
}

/** Where a staff session that has no second factor yet goes: it may do nothing else (decision 45). */
export const TOTP_ENROL_PATH = '/admin/enrol';

export function goToTotpEnrolment(): void {
  if (currentPath().split('?')[0] !== TOTP_ENROL_PATH) navigate(TOTP_ENROL_PATH, { replace: true });
}

/** Sends the member to the login page unless they are there already. */
export function goToLogin(): void {
  const here = currentPath();
  if (isLoginPath(here)) return;
  navigate(loginHref(here), { replace: true });
}
