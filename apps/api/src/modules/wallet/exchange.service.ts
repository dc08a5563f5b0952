import { createHash } from 'node:crypto';
import type { TExchangePair, TExchangeQuote, TExchangeReceipt, TSealed } from '@app/contracts';
import { percentOf } from '@app/money';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { LedgerService } from '../ledger/ledger.service';
import { LOWERED_PRICE_MEMORY_DAYS } from './admin-approvals';
import { amountOf, big, type Currency, currencyOrFail, decimalOf } from './amounts';
import { type MoneyRequest, type PasswordCheck, traceOf } from './money-request';
import { convert, marketRate, parseRate, type Rate, rateText } from './rates';

type PairRow = Awaited<ReturnType<typeof pairRows>>[number];

function pairRows(ex: Kysely<Database>) {
  return ex
    .selectFrom('exchange_pairs')
    .select([
      'id',
      'from_currency',
      'from_wallet',
      'to_currency',
      'to_wallet',
      'pricing',
      'rate_num',
      'rate_den',
      'fee_bps',
      'min_amount',
      'enabled',
    ])
    .orderBy('id')
    .execute();
}

interface Priced {
  pair: PairRow;
  rate: Rate | null;
}

/**
 * The quote token binds a confirmation to the rate and fee the member saw. It is a digest, not a secret:
 * the server recomputes everything at confirmation and only compares, so a forged token can only be
 * refused, never buy a better rate.
 */
function quoteToken(pair: PairRow, rate: Rate, amount: bigint): string {
  return createHash('sha256')
    .update(`${pair.id}|${rate.num}/${rate.den}|${pair.fee_bps}|${amount}`)
    .digest('base64url');
}

/** Exchange between currencies and wallets at an admin's fixed rate or the market price, minus a fee. */
export function createExchangeService(deps: { db: Db; ledger: LedgerService; checkPassword: PasswordCheck }) {
  const { db, ledger, checkPassword } = deps;

  async function priced(ex: Kysely<Database>): Promise<Priced[]> {
    const [pairs, prices] = await Promise.all([
      pairRows(ex),
      ex.selectFrom('currency_prices').select(['currency', 'usd_micros']).execute(),
    ]);
    const priceOf = new Map(prices.map((p) => [p.currency, big(p.usd_micros)]));
    return pairs.map((pair) => ({
      pair,
      rate:
        pair.pricing === 'fixed'
          ? { num: big(pair.rate_num), den: big(pair.rate_den) }
          : marketRate(priceOf.get(pair.from_currency) ?? 0n, priceOf.get(pair.to_currency) ?? 0n),
    }));
  }

  async function pairOrFail(pairId: string, memberFacing: boolean) {
    const found = (await priced(db)).find((p) => p.pair.id === pairId);
    if (!found || (memberFacing && (!found.pair.enabled || !found.rate))) {
      throw new AppError('EXCHANGE_PAIR_NOT_FOUND');
    }
    return { pair: found.pair, rate: found.rate as Rate };
  }

  function toPair({ pair, rate }: Priced, from: Currency): TExchangePair {
    return {
      id: pair.id,
      fromCurrency: pair.from_currency,
      fromWallet: pair.from_wallet,
      toCurrency: pair.to_currency,
      toWallet: pair.to_wallet,
      pricing: pair.pricing,
      rate: rate ? rateText(rate) : '0',
      feeBps: pair.fee_bps,
      minAmount: decimalOf(big(pair.min_amount), from),
      enabled: pair.enabled && rate !== null,
    };
  }

  async function quoteOf(pairId: string, amountText: string) {
    const { pair, rate } = await pairOrFail(pairId, true);
    const [from, to] = await Promise.all([
      currencyOrFail(db, pair.from_currency),
      currencyOrFail(db, pair.to_currency),
    ]);
    const amount = amountOf(amountText, from);
    if (amount < big(pair.min_amount)) {
      throw new AppError('EXCHANGE_BELOW_MINIMUM', undefined, {
        minimum: decimalOf(big(pair.min_amount), from),
      });
    }
    const gross = convert(amount, rate, from.decimals, to.decimals);
    // The fee is rounded UP, like the withdrawal fee: the platform never pays part of its own fee.
    const fee = percentOf(gross, pair.fee_bps, 'up');
    const net = gross - fee;
    if (net <= 0n) throw new AppError('EXCHANGE_BELOW_MINIMUM');
    const quote: TExchangeQuote = {
      pairId: pair.id,
      fromCurrency: from.code,
      toCurrency: to.code,
      amount: decimalOf(amount, from),
      rate: rateText(rate),
      gross: decimalOf(gross, to),
      fee: decimalOf(fee, to),
      net: decimalOf(net, to),
      quoteToken: quoteToken(pair, rate, amount),
    };
    return { quote, pair, from, to, amount, net, fee };
  }

  return {
    pairs: async (): Promise<TExchangePair[]> => {
      const all = await priced(db);
      const currencies = new Map(
        (await ledger.currencies()).map((c) => [
          c.code,
          { code: c.code, decimals: c.decimals, kind: c.kind },
        ]),
      );
      return all.map((p) => toPair(p, currencies.get(p.pair.from_currency)!));
    },

    quote: async (pairId: string, amount: string) => (await quoteOf(pairId, amount)).quote,

    /**
     * exchangesave: one linked ledger operation (source out, target in, fee), refused when the rate or
     * fee changed since the member's quote.
     */
    exchange: async (
      req: MoneyRequest,
      input: { pairId: string; amount: string; quoteToken: string; password: TSealed },
    ): Promise<TExchangeReceipt> => {
      const { quote, pair, from, to, amount, net, fee } = await quoteOf(input.pairId, input.amount);
      if (quote.quoteToken !== input.quoteToken) throw new AppError('EXCHANGE_RATE_CHANGED');
      const memberId = req.actor.memberId;
      await checkPassword(memberId, req, input.password, req.actor.ip);
      const [source, target, poolFrom, poolTo, fees] = await Promise.all([
        ledger.account(db, { memberId, wallet: pair.from_wallet, currency: from.code }),
        ledger.account(db, { memberId, wallet: pair.to_wallet, currency: to.code }),
        ledger.systemAccount(db, 'exchange', from.code),
        ledger.systemAccount(db, 'exchange', to.code),
        ledger.systemAccount(db, 'fees', to.code),
      ]);
      const meta = traceOf(req, { pairId: pair.id, rate: quote.rate });
      const common = { kind: 'exchange' as const, createdBy: memberId, meta };
      const { transfers } = await ledger.transfer([
        {
          ...common,
          id: req.transferId('exchange-out'),
          debitAccountId: source.id,
          creditAccountId: poolFrom.id,
          amount,
          currency: from.code,
        },
        {
          ...common,
          id: req.transferId('exchange-in'),
          debitAccountId: poolTo.id,
          creditAccountId: target.id,
          amount: net,
          currency: to.code,
        },
        ...(fee > 0n
          ? [
              {
                ...common,
                kind: 'fee' as const,
                id: req.transferId('exchange-fee'),
                debitAccountId: poolTo.id,
                creditAccountId: fees.id,
                amount: fee,
                currency: to.code,
              },
            ]
          : []),
      ]);
      const { quoteToken: _token, ...rest } = quote;
      return { ...rest, id: transfers[0]!.id, createdAt: transfers[0]!.createdAt.toISOString() };
    },

    /** An admin changes a pair's rate, fee or availability; the version moves so old quotes are refused. */
    updatePair: async (
      actor: Actor,
      pairId: string,
      change: { rate?: string | undefined; feeBps?: number | undefined; enabled?: boolean | undefined },
    ) => {
      const { pair } = await pairOrFail(pairId, false);
      const rate = change.rate !== undefined ? parseRate(change.rate) : undefined;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('exchange_pairs')
          .set((eb) => ({
            ...(rate ? { rate_num: rate.num.toString(), rate_den: rate.den.toString() } : {}),
            ...(change.feeBps !== undefined ? { fee_bps: change.feeBps } : {}),
            ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
            version: eb('version', '+', 1),
            updated_at: new Date(),
          }))
          .where('id', '=', pairId)
          .execute();
        await recordAudit(trx, actor, {
          action: 'wallet.exchange_pair.update',
          subject: `exchange_pair:${pairId}`,
          detail: {
            before: {
              rate: `${pair.rate_num}/${pair.rate_den}`,
              feeBps: pair.fee_bps,
              enabled: pair.enabled,
            },
            after: change,
          },
        });
      });
    },

    /** An admin sets what a coin is worth (USD), which moves market-priced pairs and the USD totals. */
    setPrice: async (actor: Actor, currency: string, usdMicros: bigint) => {
      await currencyOrFail(db, currency);
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('currency_prices')
          .select('usd_micros')
          .where('currency', '=', currency)
          .forUpdate()
          .executeTakeFirst();
        await trx
          .insertInto('currency_prices')
          .values({ currency, usd_micros: usdMicros.toString() })
          .onConflict((oc) =>
            oc.column('currency').doUpdateSet({ usd_micros: usdMicros.toString(), updated_at: new Date() }),
          )
          .execute();
        // A lowered price: four eyes keeps valuing at the old one for a while (decision 58); a floor still
        // remembered stays if it is higher, and lowering it again does not extend the old floor's time.
        if (before && big(before.usd_micros) > usdMicros) {
          await trx
            .updateTable('currency_prices')
            .set({
              four_eyes_floor_micros: sql`CASE WHEN four_eyes_floor_until > now()
                AND four_eyes_floor_micros >= ${before.usd_micros}::numeric
                THEN four_eyes_floor_micros ELSE ${before.usd_micros}::numeric END`,
              four_eyes_floor_until: sql`CASE WHEN four_eyes_floor_until > now()
                AND four_eyes_floor_micros >= ${before.usd_micros}::numeric
                THEN four_eyes_floor_until
                ELSE now() + make_interval(days => ${LOWERED_PRICE_MEMORY_DAYS}) END`,
            })
            .where('currency', '=', currency)
            .execute();
        }
        await recordAudit(trx, actor, {
          action: 'wallet.price.set',
          subject: `currency:${currency}`,
          detail: { before: before?.usd_micros ?? null, after: usdMicros.toString() },
        });
      });
    },
  };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
