import type { TSealed } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { type ActorRequest, actorRequestOf, type SessionRequest } from '../../platform/access';
import { idempotentId } from '../../platform/idempotency';

/**
 * Who asks for a money movement, and the ids its ledger transfers get. The ids derive from the request's
 * Idempotency-Key, so even a request that runs twice (a key taken over after a crash) moves money once.
 */
export interface MoneyRequest extends ActorRequest {
  /** The ledger transfer id for one step of this request (`label` names the step). */
  transferId: (label: string) => string;
  /** The Idempotency-Key, kept in each transfer's meta so a movement can be traced to its request. */
  requestKey: string;
}

export function moneyRequestOf(request: FastifyRequest): MoneyRequest {
  return {
    ...actorRequestOf(request),
    transferId: (label) => idempotentId(request, label),
    requestKey: request.idempotency?.key ?? '',
  };
}

/**
 * Checks the member's sealed transaction password (throws TRANSACTION_PASSWORD_* or NONCE_INVALID); `ip`
 * is the request's, for the security event of a wrong one. The check given to services whose money leaves
 * the member also refuses while a money hold runs (MONEY_HELD, decision 42).
 */
export type PasswordCheck = (
  memberId: string,
  from: SessionRequest,
  secret: TSealed,
  ip: string,
) => Promise<void>;

/** The ledger meta of a member's request: who asked, from where, with which key. */
export const traceOf = (req: MoneyRequest, extra: Record<string, string> = {}) => ({
  requestKey: req.requestKey,
  ip: req.actor.ip,
  ...extra,
});
