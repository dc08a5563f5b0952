import type { StaffFactorState } from '../../platform/staff-factor';

/** What a signed-in read needs of its session, as `resolve` found it in the database. */
export interface CachedSession {
  sessionId: string;
  memberId: string;
  role: 'member' | 'admin' | 'support';
  /** Staff only (null for members): revoked like the rest by migration 0050's triggers (decision 76). */
  staff: StaffFactorState | null;
}

/** Taken before a database read; `put` keeps that read's answer only if nothing was revoked since. */
export type CacheTicket = number;

/**
 * Resolved sessions by token hash, for signed-in reads only (decision 71). It may only answer while the
 * process hears every revocation (`setListening(true)`, by session-revocations.ts); otherwise it is empty
 * and keeps nothing.
 *
 * The race it guards against: a read of the database starts, the session is ended and the revocation is
 * heard, then the (now stale) read answers. So every revocation bumps `epoch`, and `put` keeps an answer
 * only when the epoch is still the one taken before its read began. A revocation heard after the `put`
 * drops the entry by its member.
 *
 * Bounded: at `maxEntries` the oldest entry goes (a Map keeps insertion order; a hit is not re-ordered, the
 * entries live seconds anyway).
 */
export function createSessionCache(options: { maxEntries: number; now: () => number }) {
  const { maxEntries, now } = options;
  const entries = new Map<string, { session: CachedSession; until: number }>();
  const byMember = new Map<string, Set<string>>();
  /** Members whose sessions this process just ended: not kept again until then (ms). */
  const held = new Map<string, number>();
  let epoch = 0;
  let listening = false;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = byMember.get(entry.session.memberId);
    keys?.delete(key);
    if (keys?.size === 0) byMember.delete(entry.session.memberId);
  }

  function dropMember(memberId: string): void {
    for (const key of [...(byMember.get(memberId) ?? [])]) remove(key);
  }

  function clear(): void {
    entries.clear();
    byMember.clear();
  }

  return {
    /** The session under this token hash, while it may be used without asking the database. */
    get(key: string): CachedSession | null {
      if (!listening) return null;
      const entry = entries.get(key);
      if (!entry) return null;
      if (now() >= entry.until) {
        remove(key);
        return null;
      }
      return entry.session;
    },

    ticket: (): CacheTicket => epoch,

    /** Keeps a session read from the database until `until` (ms), unless something was revoked meanwhile. */
    put(key: string, session: CachedSession, until: number, ticket: CacheTicket): void {
      if (!listening || ticket !== epoch || until <= now()) return;
      const heldUntil = held.get(session.memberId);
      if (heldUntil !== undefined) {
        if (now() < heldUntil) return;
        held.delete(session.memberId);
      }
      remove(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) remove(oldest.value);
      }
      entries.set(key, { session, until });
      const keys = byMember.get(session.memberId) ?? new Set();
      keys.add(key);
      byMember.set(session.memberId, keys);
    },

    /** A revocation heard from the database: a member's id, or `*` for all. */
    revoke(memberId: string): void {
      epoch++;
      if (memberId === '*') clear();
      else dropMember(memberId);
    },

    /**
     * This process ends sessions of the member (possibly inside a transaction not yet committed): drop them
     * now and keep none of the member's until `until`, by when the database's revocation has been heard.
     */
    forgetMember(memberId: string, until: number): void {
      epoch++;
      dropMember(memberId);
      held.set(memberId, until);
      // Old holds are of no use; keep the map from growing with every member who ever logged out.
      if (held.size > maxEntries) {
        const t = now();
        for (const [id, u] of held) if (u <= t) held.delete(id);
      }
    },

    /** Whether revocations are heard. Either way the cache starts empty: what it held may be stale. */
    setListening(value: boolean): void {
      epoch++;
      listening = value;
      clear();
    },

    get listening(): boolean {
      return listening;
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
