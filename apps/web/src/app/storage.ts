/**
 * What the client keeps in localStorage, under the spec's names. The session token itself is an HttpOnly
 * cookie that scripts never see (docs/decisions.md #1), so nothing here is a secret.
 */
export const StorageKeys = { isLogin: 'isLogin', userInfo: 'userInfo', lang: 'lang' } as const;

// Private browsing modes may refuse storage; the app must still run, just without persistence.
export function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not persisted: see readItem
  }
}

export function removeItem(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // see readItem
  }
}
