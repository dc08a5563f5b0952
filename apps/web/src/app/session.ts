import { type TUserInfo, ZUserInfo } from '@app/contracts';
import { useSyncExternalStore } from 'react';
import { readItem, removeItem, StorageKeys, writeItem } from './storage';

export interface SessionState {
  isLogin: boolean;
  userInfo: TUserInfo | null;
}

function load(): SessionState {
  const raw = readItem(StorageKeys.userInfo);
  let userInfo: TUserInfo | null = null;
  try {
    // A copy written by an older build may not fit the current shape: then it is as good as absent.
    const parsed = ZUserInfo.safeParse(raw ? JSON.parse(raw) : null);
    userInfo = parsed.success ? parsed.data : null;
  } catch {
    userInfo = null;
  }
  return { isLogin: readItem(StorageKeys.isLogin) === 'true' && userInfo !== null, userInfo };
}

let state: SessionState = load();
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
    writeItem(StorageKeys.userInfo, JSON.stringify(user));
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
