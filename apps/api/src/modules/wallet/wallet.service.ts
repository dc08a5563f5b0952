import {
  type TReceipt,
  type TRecipient,
  type TTransferRule,
  type TWallet,
  type TWalletOverview,
  type TWalletRecord,
  type TWalletRecordsQuery,
  WalletNames,
} from '@app/contracts';
import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { LedgerService } from '../ledger/ledger.service';
import type { TransferKind } from '../ledger/ledger.types';
import { maskName } from '../members/mask';
import type { MembersRepository } from '../members/members.repository';
import { amountOf, big, type Currency, currencyOrFail, decimalOf } from './amounts';
import type { MoneyRequest, PasswordCheck } from './money-request';
import { traceOf } from './money-request';
import { usdMicrosOf } from './rates';

const USD_DECIMALS = 6;

export interface SendInput {
  to: string;
  currency: string;
  fromWallet: TWallet;
  toWallet: TWallet;
  amount: string;
  memo: string;
  password: Parameters<PasswordCheck>[2];
}

/**
 * The member's wallets: balances with their USD value, records, and moves to another member (transfers
 * of stable coins and coins, airdrops of promotional coins), each allowed by the admin's rule table.
 */
export function createWalletService(deps: {
  db: Db;
  ledger: LedgerService;
  members: MembersRepository;
  checkPassword: PasswordCheck;
}) {
  const { db, ledger, members, checkPassword } = deps;

  /**
   * The active currencies with their prices and the member's balances (the ledger's view, joined) in one
   * statement: one round trip and one snapshot. A currency comes once per account the member has in it,
   * or once with no account (decision 82). Built and compiled once, run with each member's id (decision 87).
   */
  const overviewQuery = compiledOnce(db, (p: { memberId: string }) =>
    db
      .selectFrom('currencies')
      .leftJoin('currency_prices', 'currency_prices.currency', 'currencies.code')
      .leftJoin(ledger.balancesView(p.memberId).as('b'), 'b.currency', 'currencies.code')
      .select(['currencies.code', 'currencies.decimals', 'currencies.kind', 'currency_prices.usd_micros'])
      .select([
        'b.account_id',
        'b.currency',
        'b.wallet',
        'b.posted',
        'b.pending_out',
        'b.pending_in',
        'b.available',
      ])
      .where('currencies.active', '=', true)
      .orderBy('currencies.code'),
  );

  async function overview(memberId: string): Promise<TWalletOverview> {
    const joined = await overviewQuery.execute({ memberId });
    const currencies = [...new Map(joined.map((r) => [r.code, r])).values()];
    // Each account by currency and wallet, looked up once per cell below rather than searched for. The row
    // goes to balanceOf as it is: a copy with one more key (`{ ...r, currency }`) costs V8 about 1 µs a row.
    const balances = new Map(
      joined.flatMap((r) => {
        const b = ledger.balanceOf(r);
        return b ? [[`${b.currency}/${b.wallet}`, b] as const] : [];
      }),
    );
    const priceOf = new Map(
      currencies.flatMap((c) => (c.usd_micros === null ? [] : [[c.code, big(c.usd_micros)] as const])),
    );
    let usdTotal = 0n;
    const rows = currencies.map((c) => {
      const wallets = WalletNames.map((wallet) => {
        const b = balances.get(`${c.code}/${wallet}`);
        return { wallet, available: b?.available ?? 0n, held: b?.pendingOut ?? 0n };
      });
      const total = wallets.reduce((sum, w) => sum + w.available + w.held, 0n);
      const price = priceOf.get(c.code) ?? 0n;
      const usd = usdMicrosOf(total, c.decimals, price);
      usdTotal += usd;
      return {
        currency: c.code,
        decimals: c.decimals,
        kind: c.kind,
        usdPrice: decimalOf(price, { decimals: USD_DECIMALS }),
        wallets: wallets.map((w) => ({
          wallet: w.wallet,
          available: decimalOf(w.available, c),
          held: decimalOf(w.held, c),
        })),
        total: decimalOf(total, c),
        usdValue: decimalOf(usd, { decimals: USD_DECIMALS }),
      };
    });
    // Stable coins first, then coins, then promotional ones: what a member looks for first.
    const order = { stable: 0, coin: 1, promo: 2 } as const;
    rows.sort((a, b) => order[a.kind] - order[b.kind] || a.currency.localeCompare(b.currency));
    return { currencies: rows, usdTotal: decimalOf(usdTotal, { decimals: USD_DECIMALS }) };
  }

  /**
   * Currencies' decimals, kept in the process: a currency's decimals never change once it exists (the
   * trigger currencies_decimals_fixed of migration 0002 refuses it, as its amounts are in its smallest
   * unit), so the table is read again only when a page names a currency not seen yet. Saves a round trip
   * on every records page.
   */
  let knownDecimals = new Map<string, number>();
  async function decimalsOf(codes: string[]): Promise<Map<string, number>> {
    if (codes.some((code) => !knownDecimals.has(code))) {
      knownDecimals = new Map((await ledger.currencies()).map((c) => [c.code, c.decimals]));
    }
    return knownDecimals;
  }

  async function records(memberId: string, query: TWalletRecordsQuery) {
    const { page, pageSize, wallet, currency, kind } = query;
    const history = await ledger.history(
      memberId,
      {
        page,
        pageSize,
        ...(wallet ? { wallet } : {}),
        ...(currency ? { currency } : {}),
        ...(kind ? { kind } : {}),
      },
      // The counterparties' usernames come in the page's own statement (decision 105).
      { counterpartyName: members.usernameColumn },
    );
    const decimals = await decimalsOf(history.items.map((i) => i.currency));
    const items: TWalletRecord[] = history.items.map((i) => {
      const c = { decimals: decimals.get(i.currency) ?? 0 };
      const other = i.counterparty;
      return {
        id: i.transferId,
        createdAt: i.createdAt.toISOString(),
        kind: i.kind,
        currency: i.currency,
        wallet: i.wallet,
        direction: i.direction,
        amount: decimalOf(i.amount, c),
        balanceAfter: decimalOf(i.balanceAfter, c),
        status: i.status,
        counterparty: other.memberId
          ? other.memberId === memberId
            ? `self:${other.wallet}`
            : maskName(other.name ?? '?')
          : other.systemCode
            ? `system:${other.systemCode}`
            : null,
        memo: i.memo,
      };
    });
    return { items, page, pageSize };
  }

  /** checktransferuser: enough of the recipient for the sender to recognise them, not more. */
  async function findRecipient(memberId: string, username: string) {
    const found = await members.findByUsername(username);
    if (found?.role !== 'member') throw new AppError('RECIPIENT_NOT_FOUND');
    if (found.id === memberId) throw new AppError('RECIPIENT_IS_SELF');
    return {
      id: found.id,
      username: found.username,
      maskedName: maskName(found.full_name ?? found.username),
    };
  }

  async function recipient(memberId: string, username: string): Promise<TRecipient> {
    const { username: name, maskedName } = await findRecipient(memberId, username);
    return { username: name, maskedName };
  }

  async function ruleAllows(from: TWallet, to: TWallet, currency: string): Promise<boolean> {
    const rule = await db
      .selectFrom('wallet_transfer_rules')
      .select('enabled')
      .where('from_wallet', '=', from)
      .where('to_wallet', '=', to)
      .where('currency', '=', currency)
      .executeTakeFirst();
    return rule?.enabled === true;
  }

  /** A transfer or an airdrop: the same checks, then one ledger transfer. */
  async function send(
    kind: Extract<TransferKind, 'transfer' | 'airdrop'>,
    req: MoneyRequest,
    input: SendInput,
    currency: Currency,
  ): Promise<TReceipt> {
    const memberId = req.actor.memberId;
    const amount = amountOf(input.amount, currency);
    const to = await findRecipient(memberId, input.to);
    const toId = to.id;
    if (!(await ruleAllows(input.fromWallet, input.toWallet, currency.code))) {
      throw new AppError('TRANSFER_NOT_ALLOWED');
    }
    await checkPassword(memberId, req, input.password, req.actor.ip);
    const [debit, credit] = await ledger.accounts(db, [
      { memberId, wallet: input.fromWallet, currency: currency.code },
      { memberId: toId, wallet: input.toWallet, currency: currency.code },
    ]);
    const { transfers } = await ledger.transfer([
      {
        id: req.transferId(kind),
        debitAccountId: debit.id,
        creditAccountId: credit.id,
        amount,
        currency: currency.code,
        kind,
        memo: input.memo,
        meta: traceOf(req),
        createdBy: memberId,
      },
    ]);
    const t = transfers[0]!;
    return {
      id: t.id,
      createdAt: t.createdAt.toISOString(),
      currency: currency.code,
      amount: decimalOf(t.amount, currency),
      balanceAfter: decimalOf(t.debitBalanceAfter, currency),
      counterparty: maskName(to.username),
    };
  }

  return {
    overview,
    records,
    recipient,

    /** Stable coins and coins to another member; promotional coins go by airdrop. */
    transfer: async (req: MoneyRequest, input: SendInput) => {
      const currency = await currencyOrFail(db, input.currency);
      if (currency.kind === 'promo')
        throw new AppError('TRANSFER_NOT_ALLOWED', 'promotional coins go by airdrop');
      return send('transfer', req, input, currency);
    },

    /** Our reading of the spec's airdrop: a member passes promotional coins on, funds to funds. */
    airdrop: async (req: MoneyRequest, input: Pick<SendInput, 'to' | 'currency' | 'amount' | 'password'>) => {
      const currency = await currencyOrFail(db, input.currency);
      if (currency.kind !== 'promo') throw new AppError('AIRDROP_PROMO_ONLY');
      return send('airdrop', req, { ...input, fromWallet: 'funds', toWallet: 'funds', memo: '' }, currency);
    },

    transferRules: async (): Promise<TTransferRule[]> =>
      (
        await db
          .selectFrom('wallet_transfer_rules')
          .select(['from_wallet', 'to_wallet', 'currency', 'enabled'])
          .orderBy('currency')
          .orderBy('from_wallet')
          .orderBy('to_wallet')
          .execute()
      ).map((r) => ({
        fromWallet: r.from_wallet,
        toWallet: r.to_wallet,
        currency: r.currency,
        enabled: r.enabled,
      })),

    /** An admin adds, enables or disables a rule; recorded in the audit log with the rule's old state. */
    setTransferRule: async (actor: Actor, rule: TTransferRule) => {
      await currencyOrFail(db, rule.currency);
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('wallet_transfer_rules')
          .select('enabled')
          .where('from_wallet', '=', rule.fromWallet)
          .where('to_wallet', '=', rule.toWallet)
          .where('currency', '=', rule.currency)
          .forUpdate()
          .executeTakeFirst();
        await trx
          .insertInto('wallet_transfer_rules')
          .values({
            from_wallet: rule.fromWallet,
            to_wallet: rule.toWallet,
            currency: rule.currency,
            enabled: rule.enabled,
          })
          .onConflict((oc) =>
            oc
              .columns(['from_wallet', 'to_wallet', 'currency'])
              .doUpdateSet({ enabled: rule.enabled, updated_at: new Date() }),
          )
          .execute();
        await recordAudit(trx, actor, {
          action: 'wallet.transfer_rule.set',
          subject: `rule:${rule.fromWallet}>${rule.toWallet}:${rule.currency}`,
          detail: { before: before?.enabled ?? null, after: rule.enabled },
        });
      });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
