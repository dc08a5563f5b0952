import { randomUUID } from 'node:crypto';
import {
  type ErrorCode,
  isErrorCode,
  type TBindKeyRequest,
  type TExchangeKey,
  type TKeyExchange,
  type TKeySuspensionReason,
  type TKeyWarning,
  type TSealed,
  type TUnbindKeyResult,
} from '@app/contracts';
import type { Selectable } from 'kysely';
import type { ExchangeKeysTable } from '../../db/schema';
import { type AnyDb, own } from '../../db/tables';
import type { ActorRequest, SessionRequest } from '../../platform/access';
import { type Actor, recordAudit, recordSystemAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import type { Connector, Credentials } from '../exchanges/connector';
import type { KeyVerdict } from '../exchanges/key-rights';
import type { NotificationService } from '../notifications/notifications.service';
import { type KeyStanding, maskApiKey, revokedStanding, standingOf } from './key-status';

type KeyRow = Selectable<ExchangeKeysTable>;
type KeyFacts = Omit<KeyVerdict, 'refusals'>;

const factsOf = (row: KeyRow): KeyFacts => ({
  warnings: row.warnings as TKeyWarning[],
  ipWhitelist: row.ip_whitelist,
  canTradeSpot: row.can_trade_spot,
  canTradePerpetual: row.can_trade_perpetual,
  expiresAt: row.expires_at,
});

/** What the key service needs of an exchange: only the rights check. Wired to connectorFor in services.ts. */
export type ConnectKey = (exchange: TKeyExchange, credentials: Credentials) => Pick<Connector, 'keyRights'>;

/** Who asks, from which session (the sealed values' nonces belong to it). */
/** The member who asks (platform/access.ts). */
export type KeyRequest = ActorRequest;

export interface ExchangeKeyServiceDeps {
  db: AnyDb;
  box: SecretBox;
  connect: ConnectKey;
  /** Opens an RSA-OAEP sealed value, using up its nonce (SealedService.unseal). */
  unseal: (from: SessionRequest, sealed: TSealed) => Promise<string>;
  /** Checks the sealed transaction password (AuthService.verifyTransactionPassword). */
  checkPassword: (memberId: string, from: SessionRequest, sealed: TSealed, ip: string) => Promise<void>;
  egressIps: readonly string[];
  /** Tells the member, inside the transaction that suspends the key (NotificationService.notify). */
  notify: NotificationService['notify'];
  log?: { warn: (obj: object, msg: string) => void };
}

export interface RecheckSummary {
  checked: number;
  suspended: number;
  /** Keys whose check could not run (the exchange down or limiting us); their standing is unchanged. */
  failed: number;
}

const secretBinding = (id: string) => `exchange_keys:${id}:secret`;
const passphraseBinding = (id: string) => `exchange_keys:${id}:passphrase`;

function view(row: KeyRow): TExchangeKey {
  return {
    id: row.id,
    exchange: row.exchange,
    apiKeyMasked: maskApiKey(row.api_key),
    status: row.status,
    statusReason: row.status_reason as TKeySuspensionReason | null,
    warnings: row.warnings as TKeyWarning[],
    ipWhitelist: row.ip_whitelist,
    ipRestricted: row.ip_restricted,
    canTradeSpot: row.can_trade_spot,
    canTradePerpetual: row.can_trade_perpetual,
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastCheckedAt: row.last_checked_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}

/** What a key check may fail with: the exchange refusing the key, or being out of reach for now. */
const CHECK_FAILURES: readonly ErrorCode[] = [
  'EXCHANGE_AUTH_FAILED',
  'EXCHANGE_RATE_LIMITED',
  'EXCHANGE_UNAVAILABLE',
];

/**
 * An exchange that fails in a way of its own (a library error, a socket reset) is "unavailable", never a
 * 500. Any other refusal of the rights query (an order error code, a permission error) means the exchange
 * does not accept this key for it: EXCHANGE_AUTH_FAILED, not "order refused".
 */
function exchangeFailure(error: unknown): AppError {
  if (!(error instanceof AppError))
    return new AppError('EXCHANGE_UNAVAILABLE', 'The exchange could not be reached');
  if (CHECK_FAILURES.includes(error.code)) return error;
  return new AppError('EXCHANGE_AUTH_FAILED', `The exchange refused the key check: ${error.code}`);
}

/**
 * Asks the exchange what a key may do, with its failures as our codes. Shared by a member's binding and the
 * admin's assignment of a managed sub-account: both keep a key only after this check.
 */
export async function checkKeyRights(
  connect: ConnectKey,
  exchange: TKeyExchange,
  credentials: Credentials,
): Promise<KeyVerdict> {
  try {
    return await connect(exchange, credentials).keyRights();
  } catch (error) {
    throw exchangeFailure(error);
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Members' exchange API keys: bound only after the exchange has shown that the key works and cannot move
 * funds off the account; kept sealed (secret box, bound to the row); re-checked daily and on demand, which
 * suspends a key whose rights changed; unbound by deleting the row. The secret never leaves this module
 * except as the credentials handed to a connector.
 */
export function createExchangeKeyService(deps: ExchangeKeyServiceDeps) {
  const db = own<'exchange_keys'>(deps.db);
  const { box } = deps;

  async function rowOf(memberId: string, id: string): Promise<KeyRow> {
    const row = await db
      .selectFrom('exchange_keys')
      .selectAll()
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    // Another member's key is answered exactly like a missing one.
    if (!row) throw new AppError('NOT_FOUND', 'No such key');
    return row;
  }

  function credentialsOf(row: KeyRow): Credentials {
    return {
      apiKey: row.api_key,
      secret: box.open(row.secret_sealed, secretBinding(row.id)),
      ...(row.passphrase_sealed
        ? { passphrase: box.open(row.passphrase_sealed, passphraseBinding(row.id)) }
        : {}),
    };
  }

  const rightsOf = (exchange: TKeyExchange, credentials: Credentials) =>
    checkKeyRights(deps.connect, exchange, credentials);

  async function list(memberId: string): Promise<TExchangeKey[]> {
    const rows = await db
      .selectFrom('exchange_keys')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .execute();
    return rows.map(view);
  }

  async function bind(req: KeyRequest, body: TBindKeyRequest): Promise<TExchangeKey> {
    const memberId = req.actor.memberId;
    await deps.checkPassword(memberId, req, body.password, req.actor.ip);
    const existing = await db
      .selectFrom('exchange_keys')
      .select('id')
      .where('member_id', '=', memberId)
      .where('exchange', '=', body.exchange)
      .executeTakeFirst();
    if (existing) throw new AppError('KEY_ALREADY_BOUND');

    const credentials: Credentials = {
      apiKey: body.apiKey,
      secret: await deps.unseal(req, body.secret),
      ...(body.passphrase ? { passphrase: await deps.unseal(req, body.passphrase) } : {}),
    };
    if (credentials.secret.trim() === '') throw new AppError('EXCHANGE_AUTH_FAILED', 'Empty secret');

    // The key is tried before anything is written: a refused key leaves no trace but the audit's silence.
    const verdict = await rightsOf(body.exchange, credentials);
    const refusal = verdict.refusals[0];
    if (refusal) throw new AppError(refusal, `The key is refused: ${refusal}`);

    const id = randomUUID();
    const standing = standingOf(verdict, false);
    const now = new Date();
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('exchange_keys')
          .values({
            id,
            member_id: memberId,
            exchange: body.exchange,
            api_key: body.apiKey,
            secret_sealed: box.seal(credentials.secret, secretBinding(id)),
            passphrase_sealed: credentials.passphrase
              ? box.seal(credentials.passphrase, passphraseBinding(id))
              : null,
            ...standingColumns(standing, verdict),
            last_checked_at: now,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, req.actor, {
          action: 'exchange_key.bound',
          subject: `exchange_key:${id}`,
          detail: { exchange: body.exchange, warnings: verdict.warnings, status: standing.status },
        });
        return view(row);
      });
    } catch (error) {
      // Two binds of the same exchange at once: the second loses on the UNIQUE constraint.
      if (isUniqueViolation(error)) throw new AppError('KEY_ALREADY_BOUND');
      throw error;
    }
  }

  function standingColumns(standing: KeyStanding, facts: KeyFacts) {
    return {
      status: standing.status,
      status_reason: standing.reason,
      ip_restricted: standing.ipRestricted,
      warnings: facts.warnings,
      ip_whitelist: facts.ipWhitelist,
      can_trade_spot: facts.canTradeSpot,
      can_trade_perpetual: facts.canTradePerpetual,
      expires_at: facts.expiresAt,
    };
  }

  /**
   * Re-runs the rights check of one key and records its standing. A key the exchange no longer accepts is
   * suspended (EXCHANGE_AUTH_FAILED); an exchange that is down or limiting us changes nothing and throws.
   * Each change of standing is audited, by the member when they asked (`actor`), else by the platform.
   */
  async function recheckKey(id: string, actor?: Actor): Promise<TExchangeKey | null> {
    const row = await db.selectFrom('exchange_keys').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    let verdict: KeyVerdict | null = null;
    try {
      verdict = await rightsOf(row.exchange, credentialsOf(row));
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'EXCHANGE_AUTH_FAILED')) throw error;
    }
    const standing = verdict ? standingOf(verdict, row.ip_restricted) : revokedStanding(row.ip_restricted);
    return db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('exchange_keys')
        .set({
          // A revoked key's last known facts stay as they were; only its standing changes.
          ...standingColumns(standing, verdict ?? factsOf(row)),
          last_checked_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      // Unbound while the exchange answered: nothing left to record.
      if (!updated) return null;
      const changed = row.status !== standing.status || row.status_reason !== standing.reason;
      if (changed) {
        const entry = {
          action: standing.status === 'suspended' ? 'exchange_key.suspended' : 'exchange_key.reactivated',
          subject: `exchange_key:${id}`,
          detail: {
            memberId: row.member_id,
            exchange: row.exchange,
            reason: standing.reason,
            previous: row.status_reason,
          },
        };
        if (actor) await recordAudit(trx, actor, entry);
        else await recordSystemAudit(trx, entry);
        if (standing.status === 'suspended' && standing.reason) {
          await deps.notify(trx, {
            memberId: row.member_id,
            kind: 'exchange_key_suspended',
            params: { exchange: row.exchange, reason: standing.reason },
            link: '/pages/personal/trader',
          });
        }
      }
      return view(updated);
    });
  }

  /** The member's "check now" (checkapi, checkbotapi): their own key only. */
  async function recheckMine(actor: Actor, id: string): Promise<TExchangeKey> {
    await rowOf(actor.memberId, id);
    const checked = await recheckKey(id, actor);
    if (!checked) throw new AppError('NOT_FOUND', 'No such key');
    return checked;
  }

  /** The daily run: every key, oldest check first, one at a time (the exchanges rate-limit per IP). */
  async function recheckAll(): Promise<RecheckSummary> {
    const ids = await db.selectFrom('exchange_keys').select('id').orderBy('last_checked_at').execute();
    const summary: RecheckSummary = { checked: 0, suspended: 0, failed: 0 };
    for (const { id } of ids) {
      try {
        const key = await recheckKey(id);
        if (!key) continue;
        summary.checked++;
        if (key.status === 'suspended') summary.suspended++;
      } catch (error) {
        summary.failed++;
        const code: ErrorCode | 'UNKNOWN' =
          error instanceof AppError && isErrorCode(error.code) ? error.code : 'UNKNOWN';
        deps.log?.warn({ keyId: id, code }, 'exchange key re-check failed');
      }
    }
    return summary;
  }

  /** Unbinding deletes the key and its ciphertext. Orders and positions on the exchange are not touched. */
  async function unbind(req: KeyRequest, id: string, password: TSealed): Promise<TUnbindKeyResult> {
    const row = await rowOf(req.actor.memberId, id);
    await deps.checkPassword(req.actor.memberId, req, password, req.actor.ip);
    return db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('exchange_keys')
        .where('id', '=', id)
        .where('member_id', '=', req.actor.memberId)
        .executeTakeFirst();
      if (deleted.numDeletedRows === 0n) throw new AppError('NOT_FOUND', 'No such key');
      await recordAudit(trx, req.actor, {
        action: 'exchange_key.unbound',
        subject: `exchange_key:${id}`,
        detail: { exchange: row.exchange, status: row.status },
      });
      return { id, exchange: row.exchange, positionsUntouched: true as const };
    });
  }

  async function memberKey(memberId: string, exchange: TKeyExchange): Promise<KeyRow | undefined> {
    return db
      .selectFrom('exchange_keys')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('exchange', '=', exchange)
      .executeTakeFirst();
  }

  /** Whether bots may trade with the member's key on this exchange: bound and not suspended. */
  async function isKeyUsable(memberId: string, exchange: TKeyExchange): Promise<boolean> {
    return (await memberKey(memberId, exchange))?.status === 'active';
  }

  /**
   * The member's decrypted credentials, for the code that places orders and nowhere else. A missing key is
   * KEY_NOT_BOUND, a suspended one KEY_SUSPENDED.
   */
  async function credentialsFor(memberId: string, exchange: TKeyExchange): Promise<Credentials> {
    const row = await memberKey(memberId, exchange);
    if (!row) throw new AppError('KEY_NOT_BOUND');
    if (row.status !== 'active') throw new AppError('KEY_SUSPENDED', row.status_reason ?? undefined);
    return credentialsOf(row);
  }

  return {
    list,
    egressIps: () => [...deps.egressIps],
    bind,
    recheckKey,
    recheckMine,
    recheckAll,
    unbind,
    isKeyUsable,
    credentialsFor,
  };
}

export type ExchangeKeyService = ReturnType<typeof createExchangeKeyService>;
