import { hash as digest, randomBytes } from 'node:crypto';
import type { TRole, TSessionItem } from '@app/contracts';
import { type SqlBool, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';
import { recordSecurityEvent } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { StaffFactorState } from '../../platform/staff-factor';
import { describeDevice } from './device';
import { type CacheTicket, createSessionCache } from './session-cache';
import { createSessionRevocations, type HeartbeatTimers } from './session-revocations';

const IDLE_DAYS = 14;
const DAY_MS = 86_400_000;
const TOUCH_EVERY_MS = 60_000;
const CACHE_MAX_ENTRIES = 10_000;
/** After the revocation listener's connection failed, the next try waits this long. */
const LISTEN_RETRY_MS = 5_000;
/**
 * The listener asks `SELECT 1` this often and counts it lost when the answer takes longer than this: a path
 * that died silently is noticed within 10 s, well inside the cache's 30 s backstop (decision 76).
 */
const HEARTBEAT_EVERY_MS = 5_000;
const HEARTBEAT_ANSWER_MS = 5_000;

/**
 * A token's SHA-256 in base64: the session cache's key, and (as bytes) what the database keeps. Node's
 * one-shot `crypto.hash` costs a fraction of `createHash().update().digest()` (no Hash object per call), and
 * this runs on every signed-in request (decision 87).
 */
const tokenKey = (token: string) => digest('sha256', token, 'base64');
const hashToken = (token: string) => Buffer.from(tokenKey(token), 'base64');

export interface SessionLimits {
  /** A session dies this many days after its login however much it is used (SESSION_ABSOLUTE_DAYS). */
  absoluteDays: number;
  /**
   * Signed-in reads may take their session from a cache this process keeps for at most this long
   * (SESSION_CACHE_SECONDS; decision 71). Absent or 0: every request asks the database.
   */
  cache?: {
    seconds: number;
    /** Where revocations are listened for (a connection of its own). */
    databaseUrl: string;
    onError?: (error: Error) => void;
    /** The schema may have changed (a migration was announced, or could have been missed while deaf). */
    onSchemaChanged?: () => void;
    /** The listener's heartbeat timers; default the real ones. */
    heartbeatTimers?: HeartbeatTimers;
  };
  /** The service's clock (ms) for the touch and the cache; default Date.now. */
  now?: () => number;
}

/**
 * What `resolve` answers: the session that opens the account, its member and role, and for staff the
 * second-factor state the access hook checks (null for members).
 */
export interface ResolvedSession {
  sessionId: string;
  memberId: string;
  role: TRole;
  staff: StaffFactorState | null;
}

/**
 * Opaque 32-byte session tokens; the database keeps only their SHA-256, so a leaked table opens nothing.
 * A session lives while it is used at least every 14 days, and never longer than `absoluteDays` after its
 * login: a stolen token that is kept busy still dies.
 */
export function createSessionService(db: Db, limits: SessionLimits) {
  const { absoluteDays } = limits;
  const now = limits.now ?? Date.now;
  const cacheMs = (limits.cache?.seconds ?? 0) * 1000;
  const cache = cacheMs > 0 ? createSessionCache({ maxEntries: CACHE_MAX_ENTRIES, now }) : null;
  const revokedListeners = new Set<(memberId: string) => void>();
  const listeningListeners = new Set<(listening: boolean) => void>();
  const revocations =
    cache && limits.cache
      ? createSessionRevocations({
          databaseUrl: limits.cache.databaseUrl,
          now,
          retryMs: LISTEN_RETRY_MS,
          heartbeat: {
            everyMs: HEARTBEAT_EVERY_MS,
            answerMs: HEARTBEAT_ANSWER_MS,
            ...(limits.cache.heartbeatTimers ? { timers: limits.cache.heartbeatTimers } : {}),
          },
          onRevoked: (memberId) => {
            cache.revoke(memberId);
            for (const listener of revokedListeners) listener(memberId);
          },
          onListening: (listening) => {
            cache.setListening(listening);
            for (const listener of listeningListeners) listener(listening);
          },
          ...(limits.cache.onError ? { onError: limits.cache.onError } : {}),
          ...(limits.cache.onSchemaChanged ? { onSchemaChanged: limits.cache.onSchemaChanged } : {}),
        })
      : null;
  /** This process ends sessions of the member: its cached ones go now, before the database tells. */
  const forget = (memberId: string) => cache?.forgetMember(memberId, now() + cacheMs);
  /** Not ended, used recently enough, and young enough: the sessions that still open the account. */
  const live = sql<SqlBool>`sessions.ended_at IS NULL
    AND sessions.last_seen_at > now() - make_interval(days => ${IDLE_DAYS})
    AND sessions.created_at > now() - make_interval(days => ${absoluteDays})`;

  /**
   * The session a token's hash opens, with its member's role and (staff only) the second factor: built and
   * compiled once, run with each request's hash (decision 87).
   */
  const lookup = compiledOnce(db, (p: { hash: Buffer }) =>
    db
      .selectFrom('sessions')
      .innerJoin('members', 'members.id', 'sessions.member_id')
      .select([
        'sessions.id',
        'sessions.member_id',
        'sessions.last_seen_at',
        'sessions.created_at',
        'members.role',
        // Staff only (CASE skips the subqueries for members): the second factor, in the same round trip.
        sql<boolean | null>`CASE WHEN members.role <> 'member' THEN EXISTS (
        SELECT 1 FROM staff_totp t WHERE t.member_id = sessions.member_id AND t.confirmed_at IS NOT NULL
      ) END`.as('staff_enrolled'),
        sql<boolean | null>`CASE WHEN members.role <> 'member' THEN EXISTS (
        SELECT 1 FROM staff_sessions s WHERE s.session_id = sessions.id AND s.member_id = sessions.member_id
      ) END`.as('staff_verified'),
        sql<Date | null>`CASE WHEN members.role <> 'member' THEN (
        SELECT s.step_up_at FROM staff_sessions s
        WHERE s.session_id = sessions.id AND s.member_id = sessions.member_id
      ) END`.as('staff_step_up_at'),
      ])
      .where('sessions.token_hash', '=', p.hash)
      .where(live),
  );

  async function create(memberId: string, meta: { ip: string; userAgent: string }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({ member_id: memberId, token_hash: hashToken(token), ip: meta.ip, user_agent: meta.userAgent })
      .execute();
    return token;
  }

  /**
   * Cached reads of one token that missed the cache together, answered by one database read: the first
   * starts it, the others wait for its answer instead of each reading the session and each touching its
   * row. Without this, every expiry of a busy session's entry (30 s) sent every read then in flight to the
   * database, and every due touch (a minute) queued as many UPDATEs on the one row, each waiting for the
   * last one's commit while holding a pooled connection (decision 103). A read joins only while the cache
   * hears revocations and nothing was revoked since the first began (the cache's ticket): when a cache hit
   * could have answered it.
   */
  const reading = new Map<string, { ticket: CacheTicket; answer: Promise<ResolvedSession | null> }>();

  /**
   * The session this token opens, or null. `cached`: the caller is a read (GET), which may be answered from
   * this process's cache while it hears every revocation; anything else asks the database (decision 71).
   */
  async function resolve(token: string, use: { cached?: boolean } = {}): Promise<ResolvedSession | null> {
    if (token.length > 128) return null;
    const key = tokenKey(token);
    if (cache === null || use.cached !== true) return fromDatabase(key, cache?.ticket() ?? 0, false);
    revocations?.ensure();
    const hit = cache.get(key);
    if (hit) return hit;
    const ticket = cache.ticket();
    // While revocations are not heard (the cache keeps nothing then), every read asks the database itself.
    const pending = cache.listening ? reading.get(key) : undefined;
    if (pending && pending.ticket === ticket) return pending.answer;
    const answer = fromDatabase(key, ticket, true).finally(() => {
      if (reading.get(key)?.answer === answer) reading.delete(key);
    });
    reading.set(key, { ticket, answer });
    return answer;
  }

  /** The session under this token hash as the database has it, touched when due, and kept if `keep`. */
  async function fromDatabase(
    key: string,
    ticket: CacheTicket,
    keep: boolean,
  ): Promise<ResolvedSession | null> {
    const row = await lookup.executeTakeFirst({ hash: Buffer.from(key, 'base64') });
    if (!row) return null;
    // Writing on every request would turn reads into writes; a minute's precision is enough for "last seen".
    let lastSeen = row.last_seen_at.getTime();
    if (now() - lastSeen > TOUCH_EVERY_MS) {
      lastSeen = now();
      await db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(lastSeen) })
        .where('id', '=', row.id)
        .execute();
    }
    const session: ResolvedSession = {
      sessionId: row.id,
      memberId: row.member_id,
      role: row.role,
      staff:
        row.role === 'member'
          ? null
          : {
              enrolled: row.staff_enrolled === true,
              verified: row.staff_verified === true,
              stepUpAt: row.staff_step_up_at,
            },
    };
    if (keep && cache) {
      // Kept no longer than the next touch is due (so a cached read never skips one), the session's own
      // end by idleness or age, and the cache's backstop.
      const until = Math.min(
        now() + cacheMs,
        lastSeen + TOUCH_EVERY_MS,
        lastSeen + IDLE_DAYS * DAY_MS,
        row.created_at.getTime() + absoluteDays * DAY_MS,
      );
      cache.put(key, session, until, ticket);
    }
    return session;
  }

  async function end(sessionId: string, reason: string): Promise<void> {
    const ended = await db
      .updateTable('sessions')
      .set({ ended_at: new Date(), end_reason: reason })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .returning('member_id')
      .executeTakeFirst();
    if (ended) forget(ended.member_id);
  }

  /** Ends every live session of a member, but `keep` (the one asking, after a password change). */
  async function endAllOf(memberId: string, reason: string, keep?: string, trx: Db = db): Promise<void> {
    let query = trx
      .updateTable('sessions')
      .set({ ended_at: new Date(), end_reason: reason })
      .where('member_id', '=', memberId)
      .where('ended_at', 'is', null);
    if (keep) query = query.where('id', '!=', keep);
    forget(memberId);
    await query.execute();
  }

  async function listOf(memberId: string, current: string, page: number, pageSize: number) {
    const rows = await db
      .selectFrom('sessions')
      .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
      .where('member_id', '=', memberId)
      .where(live)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const items: TSessionItem[] = rows.map((r) => ({
      id: r.id,
      device: describeDevice(r.user_agent),
      ip: r.ip,
      createdAt: r.created_at.toISOString(),
      lastSeenAt: r.last_seen_at.toISOString(),
      current: r.id === current,
    }));
    return { items, page, pageSize };
  }

  /** A member ends one of their own sessions; another member's id is answered as not found. */
  async function endOwn(memberId: string, sessionId: string): Promise<void> {
    const result = await db
      .updateTable('sessions')
      .set({ ended_at: new Date(), end_reason: 'ended_by_member' })
      .where('id', '=', sessionId)
      .where('member_id', '=', memberId)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new AppError('SESSION_NOT_FOUND');
    forget(memberId);
  }

  /**
   * The member ends every live session but the one asking, at once (a device list with a stranger in it).
   * One UPDATE ... RETURNING: the count is what this call ended, exact when two such calls race. The
   * security event is written in the same transaction, only when something ended.
   */
  async function endOthers(memberId: string, current: string, ip: string): Promise<{ ended: number }> {
    forget(memberId);
    return db.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable('sessions')
        .set({ ended_at: new Date(), end_reason: 'ended_by_member' })
        .where('member_id', '=', memberId)
        .where('id', '!=', current)
        .where(live)
        .returning('id')
        .execute();
      if (ended.length > 0) {
        await recordSecurityEvent(trx, {
          memberId,
          kind: 'sessions_ended',
          ip,
          detail: { count: ended.length },
        });
      }
      return { ended: ended.length };
    });
  }

  return {
    create,
    resolve,
    end,
    endAllOf,
    listOf,
    endOwn,
    endOthers,
    /** The web cookie's max-age: never longer than the session it carries may live. */
    cookieMaxAgeSeconds: absoluteDays * 24 * 3600,
    /** Whether signed-in reads may be answered from the cache now (it hears every revocation). */
    get cacheListening(): boolean {
      return cache?.listening ?? false;
    },
    /** Sessions the cache holds now (tests, metrics). */
    get cachedSessions(): number {
      return cache?.size ?? 0;
    },
    /** Calls `listener` with each revocation heard (a member's id or `*`) until the returned stop. */
    onRevoked(listener: (memberId: string) => void): () => void {
      revokedListeners.add(listener);
      return () => revokedListeners.delete(listener);
    },
    /** Calls `listener` each time the cache starts or stops hearing revocations. */
    onListening(listener: (listening: boolean) => void): () => void {
      listeningListeners.add(listener);
      return () => listeningListeners.delete(listener);
    },
    /** Stops listening for revocations (the server closed). */
    close: async (): Promise<void> => {
      await revocations?.close();
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
