import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database';
import { AppError } from './errors';
import { createSessionLocks, lockKeyOf, type SessionLocks } from './session-locks';

/**
 * The `Idempotency-Key` rule of every request that moves money. A route opts in with
 * `config: { idempotent: true }`. The first request with a key runs and its answer is stored; a retry
 * with the same key and the same request gets that answer again without running anything; the same key
 * with another request is refused (422); a retry while the first still runs is refused (409).
 *
 * "Still runs" is known, not guessed: the request that runs a key holds a PostgreSQL session lock on it
 * (session-locks.ts) for as long as it runs. A key found 'running' whose lock is free belongs to a process
 * that died before it answered (kill -9, OOM, power cut): the retry takes it over at once and runs the
 * request again, which the ledger's key-derived transfer ids make safe (decisions, section 46).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set while this request holds its idempotency key (it is the one that runs the handler). */
    idempotency: IdempotencyClaim | null;
  }
}

export interface IdempotencyClaim {
  memberId: string;
  key: string;
  /** This attempt's token: only the holder of the running key may finish or release it. */
  owner: string;
  /** The session lock held while it runs. */
  lock: bigint;
  /** Whether an earlier attempt of the same request died while running it (it may have done part of it). */
  takenOver: boolean;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY = /^[A-Za-z0-9_-]{1,100}$/;

/** JSON with sorted keys: the same body sent with its keys in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (Buffer.isBuffer(value)) return JSON.stringify(value.toString('base64'));
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** sha256 over method, URL (with its query) and the canonical body, framed so no two can run together. */
export function requestHash(method: string, url: string, body: unknown): Buffer {
  return createHash('sha256')
    .update(JSON.stringify([method.toUpperCase(), url, canonicalJson(body)]))
    .digest();
}

/**
 * A uuid derived from the request's idempotency key, for the ledger transfers the request makes (one per
 * `label`). Should the same request ever run twice (a stale key taken over after a crash), the ledger
 * sees the same transfer ids and moves nothing the second time.
 */
export function idempotentId(request: FastifyRequest, label: string): string {
  const claim = request.idempotency;
  if (!claim) throw new Error('idempotentId needs a route with config.idempotent');
  return derivedUuid(claim.memberId, claim.key, label);
}

/** A uuid (RFC 9562 version 8) that is a digest of its parts: the same parts always give the same id. */
export function derivedUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\n')).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Which answers a retry must get again: successes and business refusals. A server error, a rate limit, a
 * timeout or a lost session says nothing about the request itself, so the key is released for a retry.
 */
function isFinal(status: number): boolean {
  return status < 500 && status !== 401 && status !== 408 && status !== 429;
}

export interface IdempotencyOptions {
  db: Db;
  /** The database's connection string: the session locks hold one connection of their own. */
  databaseUrl: string;
}

/** A claim still held after this long is released (a handler that never returns must not hold its key forever). */
const MAX_HOLD_MS = 10 * 60_000;

export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app: FastifyInstance, { db, databaseUrl }) => {
    app.decorateRequest('idempotency', null);
    const locks: SessionLocks = createSessionLocks({
      databaseUrl,
      onError: (message, error) =>
        app.log.warn(
          { error: error instanceof Error ? error.message : undefined },
          `idempotency: ${message}`,
        ),
    });
    app.addHook('onClose', () => locks.close());
    /** Each claim's release after MAX_HOLD_MS, cleared when it finishes (else it would hold its request). */
    const safetyNets = new WeakMap<IdempotencyClaim, NodeJS.Timeout>();

    const release = async (lock: bigint, key: string) => {
      try {
        await locks.unlock(lock);
      } catch (error) {
        // The session is gone, and the lock with it.
        app.log.warn({ error: (error as Error).message, key }, 'idempotency: unlock failed');
      }
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      if (!['member', 'staff', 'admin'].includes(route.config.access ?? '')) {
        throw new Error(
          `Route ${route.method} ${route.url} is idempotent: keys belong to a signed-in caller`,
        );
      }
    });

    // preHandler: the access hook (onRequest) has set the caller, and the body is parsed and validated.
    app.addHook('preHandler', async (request, reply) => {
      if (!request.routeOptions.config?.idempotent) return;
      const memberId = request.caller?.memberId;
      if (!memberId) throw new AppError('SESSION_INVALID');
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string' || !KEY.test(key)) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REQUIRED',
          'An Idempotency-Key header of 1-100 [A-Za-z0-9_-] is required',
        );
      }
      const hash = requestHash(request.method, request.url, request.body);
      const lock = lockKeyOf('idempotency', memberId, key);

      const stored = () =>
        db
          .selectFrom('idempotency_keys')
          .select(['request_hash', 'status', 'response_status', 'response_type', 'response_body'])
          .where('member_id', '=', memberId)
          .where('key', '=', key)
          .executeTakeFirst();
      const replay = (existing: NonNullable<Awaited<ReturnType<typeof stored>>>) => {
        reply.status(existing.response_status!).header(REPLAYED_HEADER, 'true');
        if (existing.response_type) reply.type(existing.response_type);
        return reply.send(existing.response_body ?? undefined);
      };

      if (!(await locks.tryLock(lock))) {
        // Someone alive runs this key now (or is just finishing it): say what can be said without waiting.
        const existing = await stored();
        if (existing && !existing.request_hash.equals(hash)) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request');
        }
        if (existing?.status === 'done') return replay(existing);
        throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still running');
      }

      // The lock is ours: nobody alive runs this key. Claim it, or learn what became of it.
      let holding = true;
      try {
        const owner = randomUUID();
        const claimed = await db
          .insertInto('idempotency_keys')
          .values({ member_id: memberId, key, request_hash: hash, status: 'running', owner })
          .onConflict((oc) => oc.columns(['member_id', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        let takenOver = false;
        if (!claimed) {
          const existing = await stored();
          if (existing && !existing.request_hash.equals(hash)) {
            throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request');
          }
          if (existing?.status === 'done') {
            holding = false;
            await release(lock, key);
            return replay(existing);
          }
          // 'running' with its lock free: the process that ran it died before it answered.
          const updated = await db
            .updateTable('idempotency_keys')
            .set({ owner, claimed_at: new Date() })
            .where('member_id', '=', memberId)
            .where('key', '=', key)
            .where('status', '=', 'running')
            .where('request_hash', '=', hash)
            .returning('key')
            .executeTakeFirst();
          if (!updated) {
            // Gone in between (a clean-up): the client may simply try again.
            throw new AppError(
              'IDEMPOTENCY_IN_PROGRESS',
              'A request with this Idempotency-Key is still running',
            );
          }
          takenOver = true;
          request.log.warn({ key }, 'idempotency key taken over from a process that died running it');
        }
        const claim: IdempotencyClaim = { memberId, key, owner, lock, takenOver };
        request.idempotency = claim;
        // A safety net only: onSend releases the claim when the answer goes out.
        const timer = setTimeout(() => {
          if (request.idempotency !== claim) return;
          request.log.error(
            { key },
            'idempotent request still running after 10 minutes; its key is released',
          );
          request.idempotency = null;
          void release(claim.lock, claim.key);
        }, MAX_HOLD_MS);
        timer.unref();
        safetyNets.set(claim, timer);
      } catch (error) {
        if (holding && !request.idempotency) await release(lock, key);
        throw error;
      }
    });

    // The answer is stored before it is sent, so a retry that arrives after it finds it.
    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotency;
      if (!claim) return payload;
      request.idempotency = null;
      clearTimeout(safetyNets.get(claim));
      // JSON answers arrive here serialized to a string. Money routes answer JSON; anything else (a buffer,
      // a stream) is not stored and its key is released, so a retry runs again rather than replay garbage.
      const body = typeof payload === 'string' ? payload : null;
      const storable = body !== null || payload === undefined || payload === null;
      if (!storable)
        request.log.warn({ key: claim.key }, 'idempotent route answered something other than text');
      try {
        if (storable && isFinal(reply.statusCode)) {
          const type = reply.getHeader('content-type');
          const stored = await db
            .updateTable('idempotency_keys')
            .set({
              status: 'done',
              owner: null,
              response_status: reply.statusCode,
              response_type: typeof type === 'string' ? type : null,
              response_body: body,
            })
            .where('member_id', '=', claim.memberId)
            .where('key', '=', claim.key)
            .where('owner', '=', claim.owner)
            .executeTakeFirst();
          if (stored.numUpdatedRows === 0n) {
            request.log.error({ key: claim.key }, 'idempotency key was taken over while its request ran');
          }
        } else {
          await db
            .deleteFrom('idempotency_keys')
            .where('member_id', '=', claim.memberId)
            .where('key', '=', claim.key)
            .where('owner', '=', claim.owner)
            .where('status', '=', 'running')
            .execute();
        }
      } catch (error) {
        // The answer still goes out; the key stays 'running' and, once its lock is free below, a retry
        // takes it over and runs the request again (which the ledger's derived transfer ids make safe).
        request.log.error({ err: error, key: claim.key }, 'could not record the idempotency key');
      } finally {
        await release(claim.lock, claim.key);
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['access'] },
);
