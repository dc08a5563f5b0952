import type { TUserInfo } from '@app/contracts';
import { useSyncExternalStore } from 'react';
import { readItem, removeItem, StorageKeys, writeItem } from './storage';

export interface SessionState {
  isLogin: boolean;
  userInfo: TUserInfo | null;
}

/** The stored userInfo if it fits the current shape (ZUserInfo), else null. */
export type UserInfoCheck = (value: unknown) => TUserInfo | null;

// The check needs zod and the user schemas, which stay out of the entry chunk (issue 19): restoreSession()
// brings them in beside the language file, and main.tsx renders only after both. Until then, signed out.
let check: UserInfoCheck | null = null;

function load(): SessionState {
  const raw = readItem(StorageKeys.userInfo);
  let userInfo: TUserInfo | null = null;
  try {
    // A copy written by an older build may not fit the current shape: then it is as good as absent.
    userInfo = check ? check(raw ? JSON.parse(raw) : null) : null;
  } catch {
    userInfo = null;
  }
  return { isLogin: readItem(StorageKeys.isLogin) === 'true' && userInfo !== null, userInfo };
}

let state: SessionState = load();

/** Installs the userInfo check and reads the stored session with it (before the first render). */
export function installUserInfoCheck(next: UserInfoCheck): void {
  check = next;
  state = load();
}

/**
 * Whether storage says a member is signed in, before the userInfo check has loaded: enough to start a
 * signed-in page's reads beside its code (routes.tsx). A stale flag costs one refused read, which the
 * page would have made anyway; session.get() stays the answer for anything that shows or decides.
 */
export function hasStoredLogin(): boolean {
  return readItem(StorageKeys.isLogin) === 'true' && readItem(StorageKeys.userInfo) !== null;
}

/**
 * Loads the check (zod and ZUserInfo, a chunk of their own) and restores the stored session. With nothing
 * stored there is nothing to check: a visitor's first page (the login form, the intro) draws without zod
 * (§89), and signing in stores a session the server's answer already checked.
 */
export async function restoreSession(): Promise<void> {
  if (!hasStoredLogin()) return;
  const { checkUserInfo } = await import('./session-check');
  installUserInfoCheck(checkUserInfo);
}
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The client side of the session (spec section 4): a login flag and the member's userInfo. */
export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Login: the flag goes up and userInfo is stored and persisted. */
  signIn(user: TUserInfo): void {
    writeItem(StorageKeys.isLogin, 'true');
    writeItem(StorageKeys.userInfo, JSON.stringify(user));
    set({ isLogin: true, userInfo: user });
  },
  /** A fresher copy from the server; ignored once signed out, so a late answer cannot sign anyone in. */
  update(user: TUserInfo): void {
    if (!state.isLogin) return;
    const fresh = JSON.stringify(user);
    if (fresh !== readItem(StorageKeys.userInfo)) writeItem(StorageKeys.userInfo, fresh);
    // Every page that shows the member asks the server again (use-me.ts): an answer equal to what is shown
    // changes nothing, so nothing that shows the session renders again for it.
    if (fresh === JSON.stringify(state.userInfo)) return;
    set({ isLogin: true, userInfo: user });
  },
  /** Logout: the flag is cleared, userInfo emptied and its persisted copy removed. */
  signOut(): void {
    writeItem(StorageKeys.isLogin, 'false');
    removeItem(StorageKeys.userInfo);
    set({ isLogin: false, userInfo: null });
  },
  /** Tests start from what storage holds now. */
  reload(): void {
    set(load());
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}
