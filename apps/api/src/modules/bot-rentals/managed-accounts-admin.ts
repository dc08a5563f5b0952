import type {
  TAdminManagedAccount,
  TAdminManagedAccountsQuery,
  TAssignSubAccount,
  TPage,
  TSealed,
} from '@app/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ManagedAccountsTable } from '../../db/schema';
import type { ActorRequest, SessionRequest } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { likePrefix } from '../../platform/like';
import { type ConnectKey, checkKeyRights } from '../exchange-keys/exchange-keys.service';
import { maskApiKey } from '../exchange-keys/key-status';
import type { Credentials } from '../exchanges/connector';
import type { ManagedAccounts } from './managed-accounts';

export interface ManagedAccountsAdminDeps {
  db: Db;
  managed: Pick<ManagedAccounts, 'assignSubAccount' | 'removeSubAccount' | 'hasLiveBots'>;
  /** The same rights check as a member's key binding (wired to connectorFor in services.ts). */
  connect: ConnectKey;
  /** Opens an RSA-OAEP sealed value, using up its nonce (SealedService.unseal). */
  unseal: (from: SessionRequest, sealed: TSealed) => Promise<string>;
}

/** The admin who asks (platform/access.ts). */
export type AdminRequest = ActorRequest;

type Shown = Pick<
  Selectable<ManagedAccountsTable>,
  'id' | 'member_id' | 'exchange' | 'api_key' | 'updated_at'
>;

/** An account as the admin sees it: the key masked, the sealed secret never read. */
const view = (row: Shown, username: string, liveBots: number): TAdminManagedAccount => ({
  id: row.id,
  memberId: row.member_id,
  username,
  exchange: row.exchange,
  kind: row.api_key ? 'sub_account' : 'paper',
  apiKeyMasked: row.api_key ? maskApiKey(row.api_key) : null,
  liveBots,
  updatedAt: row.updated_at.toISOString(),
});

/**
 * The admin's side of managed accounts: the list, and giving a member a sub-account (or taking it away).
 * A sub-account's key is tried on the exchange like a member's own before it is kept: it must trade and
 * must not withdraw or transfer.
 */
export function createManagedAccountsAdmin(deps: ManagedAccountsAdminDeps) {
  const { db } = deps;

  async function list(q: TAdminManagedAccountsQuery): Promise<TPage<TAdminManagedAccount>> {
    let query = db
      .selectFrom('managed_accounts as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .select((eb) => [
        'a.id',
        'a.member_id',
        'm.username',
        'a.exchange',
        'a.api_key',
        'a.updated_at',
        eb
          .selectFrom('bots as b')
          .innerJoin('bot_rentals as r', 'r.id', 'b.rental_id')
          .select((c) => c.fn.countAll<string>().as('n'))
          .whereRef('b.member_id', '=', 'a.member_id')
          .whereRef('b.exchange', '=', 'a.exchange')
          .where('b.status', '<>', 'stopped')
          .where('r.mode', '=', 'managed')
          .as('live_bots'),
      ]);
    if (q.member) {
      const prefix = likePrefix(q.member.toLowerCase());
      const byId = /^[1-9][0-9]{0,18}$/.test(q.member) ? q.member : null;
      query = query.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['m.username']), 'like', prefix),
          ...(byId ? [eb('a.member_id', '=', byId)] : []),
        ]),
      );
    }
    if (q.exchange) query = query.where('a.exchange', '=', q.exchange);
    const rows = await query
      .orderBy('a.updated_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute();
    return {
      items: rows.map((r) => view(r, r.username, Number(r.live_bots ?? 0))),
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async function assign(req: AdminRequest, body: TAssignSubAccount): Promise<TAdminManagedAccount> {
    const member = await db
      .selectFrom('members')
      .select(['id', 'username'])
      .where((eb) => eb(eb.fn('lower', ['username']), '=', body.username.toLowerCase()))
      .executeTakeFirst();
    if (!member) throw new AppError('MEMBER_NOT_FOUND', 'No such member');
    // Refused before the exchange is asked: its answer would not change anything.
    if (await deps.managed.hasLiveBots(member.id, body.exchange))
      throw new AppError('MANAGED_ACCOUNT_IN_USE', 'Stop the managed bots on this exchange first');

    const credentials: Credentials = {
      apiKey: body.apiKey,
      secret: (await deps.unseal(req, body.secret)).trim(),
      ...(body.passphrase ? { passphrase: (await deps.unseal(req, body.passphrase)).trim() } : {}),
    };
    if (credentials.secret === '') throw new AppError('EXCHANGE_AUTH_FAILED', 'Empty secret');
    const verdict = await checkKeyRights(deps.connect, body.exchange, credentials);
    const refusal = verdict.refusals[0];
    if (refusal) throw new AppError(refusal, `The key is refused: ${refusal}`);

    // The live bots are checked again inside the write's transaction (a bot may have started meanwhile).
    const row = await deps.managed.assignSubAccount(member.id, body.exchange, credentials, req.actor);
    return view(row, member.username, 0);
  }

  async function remove(req: AdminRequest, id: string): Promise<TAdminManagedAccount> {
    const row = await deps.managed.removeSubAccount(id, req.actor);
    const member = await db
      .selectFrom('members')
      .select('username')
      .where('id', '=', row.member_id)
      .executeTakeFirstOrThrow();
    return view(row, member.username, 0);
  }

  return { list, assign, remove };
}

export type ManagedAccountsAdmin = ReturnType<typeof createManagedAccountsAdmin>;
