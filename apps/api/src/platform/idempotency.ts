import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { AppError } from './errors';

/**
 * The `Idempotency-Key` rule of every request that moves money. A route opts in with
 * `config: { idempotent: true }`. The first request with a key runs and its answer is stored; a retry
 * with the same key and the same request gets that answer again without running anything; the same key
 * with another request is refused (422); a retry while the first still runs is refused (409).
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
  /**
   * A key still 'running' after this long belongs to a request whose process died before it answered;
   * a retry may then take the key over. Longer than any request may run.
   */
  staleAfterMs?: number;
}

export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app: FastifyInstance, { db, staleAfterMs = 120_000 }) => {
    app.decorateRequest('idempotency', null);

    app.addHook('onRoute', (route) => {
      const signedIn = ['member', 'staff', 'admin'].includes(route.config?.access ?? '');
      if (route.config?.idempotent && !signedIn) {
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

      // Claim the key, or learn who has it. A few rounds: the holder may release it between our two reads.
      for (let round = 0; round < 3; round++) {
        const owner = randomUUID();
        const claimed = await db
          .insertInto('idempotency_keys')
          .values({ member_id: memberId, key, request_hash: hash, status: 'running', owner })
          .onConflict((oc) => oc.columns(['member_id', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (claimed) {
          request.idempotency = { memberId, key, owner };
          return;
        }
        const existing = await db
          .selectFrom('idempotency_keys')
          .select(['request_hash', 'status', 'response_status', 'response_type', 'response_body'])
          .where('member_id', '=', memberId)
          .where('key', '=', key)
          .executeTakeFirst();
        if (!existing) continue;
        if (!existing.request_hash.equals(hash)) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request');
        }
        if (existing.status === 'done') {
          reply.status(existing.response_status!).header(REPLAYED_HEADER, 'true');
          if (existing.response_type) reply.type(existing.response_type);
          return reply.send(existing.response_body ?? undefined);
        }
        const takenOver = await db
          .updateTable('idempotency_keys')
          .set({ owner, claimed_at: new Date() })
          .where('member_id', '=', memberId)
          .where('key', '=', key)
          .where('status', '=', 'running')
          .where('request_hash', '=', hash)
          .where('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${staleAfterMs / 1000})`)
          .returning('key')
          .executeTakeFirst();
        if (takenOver) {
          request.log.warn({ key }, 'idempotency key taken over from a request that never answered');
          request.idempotency = { memberId, key, owner };
          return;
        }
        throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still running');
      }
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still running');
    });

    // The answer is stored before it is sent, so a retry that arrives after it finds it.
    app.addHook('onSend', async (request, reply, payload) => {
      const claim = request.idempotency;
      if (!claim) return payload;
      request.idempotency = null;
      // JSON answers arrive here serialized to a string. Money routes answer JSON; anything else (a buffer,
      // a stream) is not stored and its key is released, so a retry runs again rather than replay garbage.
      const body = typeof payload === 'string' ? payload : null;
      const storable = body !== null || payload === undefined || payload === null;
      if (!storable)
        request.log.warn({ key: claim.key }, 'idempotent route answered something other than text');
      try {
        if (storable && isFinal(reply.statusCode)) {
          const type = reply.getHeader('content-type');
          await db
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
            .execute();
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
        // The answer still goes out; the key stays 'running' and a retry may take it over once stale.
        request.log.error({ err: error, key: claim.key }, 'could not record the idempotency key');
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['access'] },
);
