import { parseAmountOrThrow } from '@app/money';
import { hashPassword } from '../../modules/auth/password';
import { createLedgerService } from '../../modules/ledger/ledger.service';
import type { Wallet } from '../../modules/ledger/ledger.types';
import { seedDemoBonusVolumes } from '../../modules/team-bonuses/demo-volumes';
import { derivedUuid } from '../../platform/idempotency';
import type { SecretBox } from '../../platform/secret-box';
import type { Db } from '../database';
import { seedDemoBotPackages } from './demo-bot-packages';
import { seedDemoContent } from './demo-content';
import { seedDemoMining } from './demo-mining';
import { DEMO_ADMIN, seedDemoStaff } from './demo-staff';

export const DEMO_PASSWORD = 'Demo12345';
/** Set for the demo members on `npm start` (not in tests, which set their own). */
export const DEMO_TRANSACTION_PASSWORD = 'Pay12345';

/** What each demo member starts with: [currency, wallet, amount]. */
const startingBalances: Array<[string, Wallet, string]> = [
  ['USDT', 'funds', '1000'],
  ['USDT', 'deposit', '250'],
  ['USDC', 'funds', '300'],
  ['MCOIN', 'funds', '800'],
  ['AIRDROP', 'funds', '100'],
];

export { DEMO_ADMIN, DEMO_STAFF } from './demo-staff';

/** [username, sponsor, placement parent, side]: a small tree, a little lopsided like real ones. */
const tree: Array<[string, string | null, string | null, 'left' | 'right' | null]> = [
  ['company', null, null, null],
  ['alice01', 'company', 'company', 'left'],
  ['bobby01', 'company', 'company', 'right'],
  ['carol01', 'alice01', 'alice01', 'left'],
  ['david01', 'alice01', 'alice01', 'right'],
  ['emily01', 'bobby01', 'bobby01', 'left'],
  ['frank01', 'company', 'bobby01', 'right'],
  ['grace01', 'carol01', 'carol01', 'left'],
  ['henry01', 'alice01', 'carol01', 'right'],
  ['irene01', 'david01', 'david01', 'left'],
  ['jacky01', 'emily01', 'emily01', 'left'],
  ['kevin01', 'bobby01', 'emily01', 'right'],
  // The notifications e2e spec's own members (one per screen size).
  ['paula01', 'kevin01', 'kevin01', 'left'],
  ['quinn01', 'kevin01', 'kevin01', 'right'],
  // The content e2e spec's own members (one per screen size).
  ['sofia01', 'jacky01', 'jacky01', 'left'],
  ['tomas01', 'jacky01', 'jacky01', 'right'],
  // The rentals e2e spec's own members (one per screen size).
  ['rentm01', 'frank01', 'frank01', 'left'],
  ['rentd01', 'frank01', 'frank01', 'right'],
  // The customer-service e2e spec's own members (one per screen size).
  ['helpm01', 'quinn01', 'quinn01', 'left'],
  ['helpd01', 'quinn01', 'quinn01', 'right'],
  // The profile e2e spec's own members (one per screen size).
  ['profm01', 'paula01', 'paula01', 'left'],
  ['profd01', 'paula01', 'paula01', 'right'],
  // The bots e2e spec's own members (one per screen size).
  ['botsm01', 'profm01', 'profm01', 'left'],
  ['botsd01', 'profm01', 'profm01', 'right'],
  // The team e2e spec's own members (one per screen size), each with one referral placed on their left.
  ['treem01', 'botsd01', 'botsd01', 'left'],
  ['treed01', 'botsd01', 'botsd01', 'right'],
  ['leafm01', 'treem01', 'treem01', 'left'],
  ['leafd01', 'treed01', 'treed01', 'left'],
  // The mining e2e spec's own members: a buyer and the recipient of their stock, per screen size.
  ['minep01', 'rentm01', 'rentm01', 'left'],
  ['mineq01', 'rentm01', 'rentm01', 'right'],
  ['mined01', 'rentd01', 'rentd01', 'left'],
  ['minee01', 'rentd01', 'rentd01', 'right'],
  // The bonuses e2e spec's own members: a head with a left and a right referral, per screen size.
  ['bonsm01', 'helpm01', 'helpm01', 'left'],
  ['bonsl01', 'bonsm01', 'bonsm01', 'left'],
  ['bonsr01', 'bonsm01', 'bonsm01', 'right'],
  ['bonsd01', 'helpd01', 'helpd01', 'left'],
  ['bonsk01', 'bonsd01', 'bonsd01', 'left'],
  ['bonsq01', 'bonsd01', 'bonsd01', 'right'],
  // The bot-symbols e2e spec's own members (one per screen size): managed-mode rentals, no key.
  ['symbm01', 'botsm01', 'botsm01', 'left'],
  ['symbd01', 'botsm01', 'botsm01', 'right'],
  // The trading-margin e2e spec's own members (one per screen size): each their own paper account.
  ['margm01', 'tomas01', 'tomas01', 'left'],
  ['margd01', 'tomas01', 'tomas01', 'right'],
  // The bot-records e2e spec's own members (one per screen size): a paper bot each, its records read.
  ['recsm01', 'mineq01', 'mineq01', 'left'],
  ['recsd01', 'mineq01', 'mineq01', 'right'],
  // The bot-actions e2e spec's own members (one per screen size): a managed perpetual bot each, reversed.
  ['actsm01', 'recsm01', 'recsm01', 'left'],
  ['actsd01', 'recsd01', 'recsd01', 'left'],
  // The mining-cart e2e spec's own buyers (one per screen size).
  ['cartm01', 'minep01', 'minep01', 'left'],
  ['cartd01', 'minep01', 'minep01', 'right'],
  // The five-language screens spec's own members (one per screen size): a bot rental and a mining order.
  ['langm01', 'cartm01', 'cartm01', 'left'],
  ['langd01', 'cartd01', 'cartd01', 'left'],
];

/**
 * Demo data: an admin, a dozen members and their starting balances. Safe to run on every start: existing
 * rows are left alone, and each starting balance is a ledger transfer with a fixed id, made once.
 */
export async function seedDemo(
  db: Db,
  /**
   * uploadsDir: where the demo's slider banners and PDF are stored (none: no pictures are seeded).
   * box: seals the demo staff's authenticator secrets (none: the staff must enrol at first login).
   */
  options: { transactionPasswords?: boolean; uploadsDir?: string; box?: SecretBox } = {},
): Promise<{ created: number }> {
  let created = 0;
  const ids = new Map<string, { id: string; depth: number }>();
  const existing = await db.selectFrom('members').select(['id', 'username', 'placement_depth']).execute();
  for (const m of existing) ids.set(m.username, { id: m.id, depth: m.placement_depth });

  created += await seedDemoStaff(db, options.box);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [username, sponsor, parent, side] of tree) {
    if (ids.has(username)) continue;
    const parentRow = parent ? ids.get(parent) : undefined;
    const row = await db
      .insertInto('members')
      .values({
        username,
        email: `${username}@demo.local`,
        mobile: null,
        full_name: `${username.slice(0, 1).toUpperCase()}${username.slice(1, -2)} Demo`,
        password_hash: passwordHash,
        transaction_password_hash: null,
        role: 'member',
        sponsor_id: sponsor ? (ids.get(sponsor)?.id ?? null) : null,
        placement_parent_id: parentRow?.id ?? null,
        placement_side: side,
        placement_depth: parentRow ? parentRow.depth + 1 : 0,
      })
      .returning(['id', 'placement_depth'])
      .executeTakeFirstOrThrow();
    ids.set(username, { id: row.id, depth: row.placement_depth });
    created++;
  }

  const members = tree.map(([username]) => ({ username, id: ids.get(username)!.id }));
  if (options.transactionPasswords) {
    const payHash = await hashPassword(DEMO_TRANSACTION_PASSWORD);
    await db
      .updateTable('members')
      .set({ transaction_password_hash: payHash })
      .where(
        'id',
        'in',
        members.map((m) => m.id),
      )
      .where('transaction_password_hash', 'is', null)
      .execute();
  }
  await seedBalances(db, members);
  const admin = await db
    .selectFrom('members')
    .select('id')
    .where('username', '=', DEMO_ADMIN.username)
    .executeTakeFirstOrThrow();
  await seedDemoBotPackages(db);
  await seedDemoMining(db, options.uploadsDir ? { uploadsDir: options.uploadsDir } : {});
  await seedDemoBonusVolumes(db, ids);
  await seedDemoContent(db, {
    adminId: admin.id,
    ...(options.uploadsDir ? { uploadsDir: options.uploadsDir } : {}),
  });
  return { created };
}

/** Each demo member's starting balances, credited from deposits clearing as an admin's deposit would be. */
async function seedBalances(db: Db, members: Array<{ username: string; id: string }>) {
  const ledger = createLedgerService({ db });
  const decimals = new Map((await ledger.currencies()).map((c) => [c.code, c.decimals]));
  for (const [currency, wallet, amount] of startingBalances) {
    const clearing = await ledger.systemAccount(db, 'deposits_clearing', currency);
    const specs = [];
    for (const m of members) {
      const account = await ledger.account(db, { memberId: m.id, wallet, currency });
      specs.push({
        id: derivedUuid('demo-seed', m.username, currency, wallet),
        debitAccountId: clearing.id,
        creditAccountId: account.id,
        amount: parseAmountOrThrow(amount, decimals.get(currency)!),
        currency,
        kind: 'deposit' as const,
        memo: 'demo starting balance',
      });
    }
    await ledger.transfer(specs);
  }
}

export const demoMemberNames = tree.map(([username]) => username);
