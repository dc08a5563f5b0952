import type { TKeyExchange, TTradingExchange } from '@app/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, ManagedAccountsTable } from '../../db/schema';
import { type Actor, type AuditEntry, recordAudit, recordSystemAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import { maskApiKey } from '../exchange-keys/key-status';
import type { Connector, Credentials, MarketData } from '../exchanges/connector';
import { createPaperConnector } from '../exchanges/paper/paper-exchange';

type Row = Selectable<ManagedAccountsTable>;

/**
 * Where managed-mode bots trade when the operator has not given a member a sub-account:
 * - 'paper': on a paper account the platform owns for that member (the demo, and a platform that has not
 *   opened sub-accounts yet);
 * - 'sub_accounts': nowhere: managed mode on a real exchange needs the member's own sub-account there, so
 *   members never share one account (MANAGED_ACCOUNT_MISSING).
 */
export type ManagedAccountsMode = 'paper' | 'sub_accounts';

export interface ManagedAccountsDeps {
  db: Db;
  market: MarketData;
  box: Pick<SecretBox, 'seal' | 'open'>;
  connect: (exchange: TKeyExchange, credentials: Credentials) => Connector;
  mode: ManagedAccountsMode;
}

// Bound to the member and exchange (unique per row), so a sealed secret copied to another row does not open.
const secretBinding = (memberId: string, exchange: string) =>
  `managed_accounts:${memberId}:${exchange}:secret`;
const passphraseBinding = (memberId: string, exchange: string) =>
  `managed_accounts:${memberId}:${exchange}:passphrase`;

/** Whether any of the member's managed bots on this exchange is not stopped (running or paused). */
async function hasLiveBots(ex: Kysely<Database>, memberId: string, exchange: TTradingExchange) {
  const live = await ex
    .selectFrom('bots as b')
    .innerJoin('bot_rentals as r', 'r.id', 'b.rental_id')
    .select('b.id')
    .where('b.member_id', '=', memberId)
    .where('b.exchange', '=', exchange)
    .where('b.status', '<>', 'stopped')
    .where('r.mode', '=', 'managed')
    .executeTakeFirst();
  return live !== undefined;
}

async function refuseWhileLive(ex: Kysely<Database>, memberId: string, exchange: TTradingExchange) {
  if (await hasLiveBots(ex, memberId, exchange))
    throw new AppError('MANAGED_ACCOUNT_IN_USE', 'Stop the managed bots on this exchange first');
}

const audit = (ex: Kysely<Database>, actor: Actor | undefined, entry: AuditEntry) =>
  actor ? recordAudit(ex, actor, entry) : recordSystemAudit(ex, entry);

/** The paper books of a managed paper account: its id, negated, apart from every member's own (0021). */
export const managedPaperAccountId = (managedAccountId: string) => `-${managedAccountId}`;

/**
 * The accounts the platform holds for members' managed-mode rentals (investsavecompany): one per member and
 * exchange, never shared. A member's account, once made, stays what it is (paper or a sub-account) so a
 * bot's open cycle is always reconciled against the account it was opened in.
 */
export function createManagedAccounts(deps: ManagedAccountsDeps) {
  const { db } = deps;

  const find = (memberId: string, exchange: TTradingExchange) =>
    db
      .selectFrom('managed_accounts')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('exchange', '=', exchange)
      .executeTakeFirst();

  /** The member's account on this exchange, made as a paper one when the platform runs in paper mode. */
  async function accountOf(memberId: string, exchange: TTradingExchange): Promise<Row> {
    const existing = await find(memberId, exchange);
    if (existing?.api_key) return existing;
    if (deps.mode !== 'paper') throw new AppError('MANAGED_ACCOUNT_MISSING');
    if (existing) return existing;
    await db
      .insertInto('managed_accounts')
      .values({ member_id: memberId, exchange })
      .onConflict((oc) => oc.columns(['member_id', 'exchange']).doNothing())
      .execute();
    const made = await find(memberId, exchange);
    if (!made) throw new AppError('MANAGED_ACCOUNT_MISSING');
    return made;
  }

  function credentialsOf(row: Row): Credentials {
    return {
      apiKey: row.api_key!,
      secret: deps.box.open(row.secret_sealed!, secretBinding(row.member_id, row.exchange)),
      ...(row.passphrase_sealed
        ? { passphrase: deps.box.open(row.passphrase_sealed, passphraseBinding(row.member_id, row.exchange)) }
        : {}),
    };
  }

  return {
    /** Whether a managed bot of this member can trade on this exchange now. */
    async isUsable(memberId: string, exchange: TTradingExchange): Promise<boolean> {
      if (deps.mode === 'paper') return true;
      return Boolean((await find(memberId, exchange))?.api_key);
    },

    /** The connector of the member's managed account: their sub-account, or the platform's paper account. */
    async connectorFor(memberId: string, exchange: TTradingExchange): Promise<Connector> {
      const row = await accountOf(memberId, exchange);
      if (row.api_key === null || exchange === 'paper') {
        return createPaperConnector({ db, market: deps.market, memberId: managedPaperAccountId(row.id) });
      }
      return deps.connect(exchange, credentialsOf(row));
    },

    hasLiveBots: (memberId: string, exchange: TTradingExchange) => hasLiveBots(db, memberId, exchange),

    /**
     * The operator gives a member their own sub-account on a real exchange, or replaces its key. Refused
     * while the member's managed bots there are live: their open cycles belong to the account they were
     * opened in. Audited with the change, by the admin who asked (`actor`) or else by the platform.
     */
    async assignSubAccount(
      memberId: string,
      exchange: TKeyExchange,
      credentials: Credentials,
      actor?: Actor,
    ): Promise<Row> {
      const sealed = {
        api_key: credentials.apiKey,
        secret_sealed: deps.box.seal(credentials.secret, secretBinding(memberId, exchange)),
        passphrase_sealed: credentials.passphrase
          ? deps.box.seal(credentials.passphrase, passphraseBinding(memberId, exchange))
          : null,
      };
      return db.transaction().execute(async (trx) => {
        await refuseWhileLive(trx, memberId, exchange);
        const before = await trx
          .selectFrom('managed_accounts')
          .select('api_key')
          .where('member_id', '=', memberId)
          .where('exchange', '=', exchange)
          .forUpdate()
          .executeTakeFirst();
        const row = await trx
          .insertInto('managed_accounts')
          .values({ member_id: memberId, exchange, ...sealed })
          .onConflict((oc) =>
            oc.columns(['member_id', 'exchange']).doUpdateSet({ ...sealed, updated_at: new Date() }),
          )
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, actor, {
          action: 'managed_account.assigned',
          subject: `managed_account:${row.id}`,
          detail: {
            memberId,
            exchange,
            apiKey: maskApiKey(credentials.apiKey),
            // what the key replaced: another sub-account's key, the platform's paper account, or nothing
            replaced: before ? (before.api_key ? maskApiKey(before.api_key) : 'paper') : null,
          },
        });
        return row;
      });
    },

    /**
     * Takes a member's sub-account away (its key and sealed secret are deleted), under the same rule as
     * assigning. Paper accounts are not removed here: they hold the managed bots' paper books.
     */
    async removeSubAccount(id: string, actor?: Actor): Promise<Row> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('managed_accounts')
          .selectAll()
          .where('id', '=', id)
          .where('api_key', 'is not', null)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw new AppError('NOT_FOUND', 'No such sub-account');
        await refuseWhileLive(trx, row.member_id, row.exchange);
        await trx.deleteFrom('managed_accounts').where('id', '=', id).execute();
        await audit(trx, actor, {
          action: 'managed_account.removed',
          subject: `managed_account:${id}`,
          detail: { memberId: row.member_id, exchange: row.exchange, apiKey: maskApiKey(row.api_key!) },
        });
        return row;
      });
    },
  };
}

export type ManagedAccounts = ReturnType<typeof createManagedAccounts>;
