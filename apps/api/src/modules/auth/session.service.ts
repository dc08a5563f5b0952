import { createHash, randomBytes } from 'node:crypto';
import type { TRole, TSessionItem } from '@app/contracts';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { recordSecurityEvent } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { describeDevice } from './device';

const IDLE_DAYS = 14;
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

export interface SessionLimits {
  /** A session dies this many days after its login however much it is used (SESSION_ABSOLUTE_DAYS). */
  absoluteDays: number;
}

/**
 * Opaque 32-byte session tokens; the database keeps only their SHA-256, so a leaked table opens nothing.
 * A session lives while it is used at least every 14 days, and never longer than `absoluteDays` after its
 * login: a stolen token that is kept busy still dies.
 */
export function createSessionService(db: Db, limits: SessionLimits) {
  const { absoluteDays } = limits;
  /** Not ended, used recently enough, and young enough: the sessions that still open the account. */
  const live = sql<SqlBool>`sessions.ended_at IS NULL
    AND sessions.last_seen_at > now() - make_interval(days => ${IDLE_DAYS})
    AND sessions.created_at > now() - make_interval(days => ${absoluteDays})`;

  async function create(memberId: string, meta: { ip: string; userAgent: string }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({ member_id: memberId, token_hash: hashToken(token), ip: meta.ip, user_agent: meta.userAgent })
      .execute();
    return token;
  }

  async function resolve(
    token: string,
  ): Promise<{ sessionId: string; memberId: string; role: TRole } | null> {
    if (token.length > 128) return null;
    const row = await db
      .selectFrom('sessions')
      .innerJoin('members', 'members.id', 'sessions.member_id')
      .select(['sessions.id', 'sessions.member_id', 'sessions.last_seen_at', 'members.role'])
      .where('sessions.token_hash', '=', hashToken(token))
      .where(live)
      .executeTakeFirst();
    if (!row) return null;
    // Writing on every request would turn reads into writes; a minute's precision is enough for "last seen".
    if (Date.now() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
      await db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', row.id).execute();
    }
    return { sessionId: row.id, memberId: row.member_id, role: row.role };
  }

  async function end(sessionId: string, reason: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ ended_at: new Date(), end_reason: reason })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .execute();
  }

  /** Ends every live session of a member, but `keep` (the one asking, after a password change). */
  async function endAllOf(memberId: string, reason: string, keep?: string, trx: Db = db): Promise<void> {
    let query = trx
      .updateTable('sessions')
      .set({ ended_at: new Date(), end_reason: reason })
      .where('member_id', '=', memberId)
      .where('ended_at', 'is', null);
    if (keep) query = query.where('id', '!=', keep);
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
  }

  /**
   * The member ends every live session but the one asking, at once (a device list with a stranger in it).
   * One UPDATE ... RETURNING: the count is what this call ended, exact when two such calls race. The
   * security event is written in the same transaction, only when something ended.
   */
  async function endOthers(memberId: string, current: string, ip: string): Promise<{ ended: number }> {
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
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
