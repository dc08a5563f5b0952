import type { TKeyExchange, TTradingExchange } from '@app/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ManagedAccountsTable } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
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

    /**
     * The operator gives a member their own sub-account on a real exchange. Refused while the member's
     * managed bots there are live: their open cycles belong to the account they were opened in.
     */
    async assignSubAccount(
      memberId: string,
      exchange: TKeyExchange,
      credentials: Credentials,
    ): Promise<void> {
      const live = await db
        .selectFrom('bots as b')
        .innerJoin('bot_rentals as r', 'r.id', 'b.rental_id')
        .select('b.id')
        .where('b.member_id', '=', memberId)
        .where('b.exchange', '=', exchange)
        .where('b.status', '<>', 'stopped')
        .where('r.mode', '=', 'managed')
        .executeTakeFirst();
      if (live) throw new AppError('BOT_STATE_INVALID', 'Stop the managed bots on this exchange first');
      const sealed = {
        api_key: credentials.apiKey,
        secret_sealed: deps.box.seal(credentials.secret, secretBinding(memberId, exchange)),
        passphrase_sealed: credentials.passphrase
          ? deps.box.seal(credentials.passphrase, passphraseBinding(memberId, exchange))
          : null,
      };
      await db
        .insertInto('managed_accounts')
        .values({ member_id: memberId, exchange, ...sealed })
        .onConflict((oc) =>
          oc.columns(['member_id', 'exchange']).doUpdateSet({ ...sealed, updated_at: new Date() }),
        )
        .execute();
    },
  };
}

export type ManagedAccounts = ReturnType<typeof createManagedAccounts>;
