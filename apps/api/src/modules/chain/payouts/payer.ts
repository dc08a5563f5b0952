import { advancePayout, type PayoutRow } from './advance-payout';
import { catchUpNonce } from './nonces';
import type { PayerContext } from './payer-context';
import { withPayoutLock } from './payout-lock';
import { type Commitments, type PayableWithdrawal, startPayout } from './start-payout';

/** New payouts signed per pass: a backlog is worked off over passes, each one short. */
const BATCH = 20;

export interface PassResult {
  /** False when another worker's payer holds this hot wallet. */
  ran: boolean;
  inFlight: number;
  /** Approved withdrawals looked at for a new payout (signed unless the hot wallet is short). */
  considered: number;
}

/**
 * The payer of one hot wallet on one EVM network (decision 61). Each pass, under the wallet's advisory
 * lock: the stored nonce catches up with the chain, payouts in flight move on (confirmed, failed,
 * re-broadcast, replaced), then approved withdrawals of channels paid by the platform are signed and sent.
 */
export function createPayer(ctx: PayerContext) {
  const from = ctx.hotWallet.address;
  let started = false;

  async function inFlight(): Promise<PayoutRow[]> {
    return ctx.db
      .selectFrom('chain_payouts as p')
      .innerJoin('withdrawals as w', 'w.id', 'p.withdrawal_id')
      .innerJoin('deposit_channels as c', (join) =>
        join.onRef('c.currency', '=', 'w.currency').onRef('c.network', '=', 'p.network'),
      )
      .selectAll('p')
      .select('c.confirmations')
      .where('p.network', '=', ctx.network)
      .where('p.from_address', '=', from)
      .where('p.status', 'in', ['signed', 'broadcast'])
      .orderBy('p.nonce')
      .execute();
  }

  /**
   * Approved, on a channel the platform pays, and with no more payouts than an admin allowed retries: a
   * failed one is the admin's until retried (decision 68). `attempt` numbers the payout about to be signed.
   */
  async function payable(): Promise<PayableWithdrawal[]> {
    return ctx.db
      .selectFrom('withdrawals as w')
      .innerJoin('deposit_channels as c', (join) =>
        join.onRef('c.currency', '=', 'w.currency').onRef('c.network', '=', 'w.network'),
      )
      .innerJoin('currencies as cur', 'cur.code', 'w.currency')
      .select([
        'w.id',
        'w.address',
        'w.amount',
        'w.fee',
        'cur.decimals as currency_decimals',
        'c.token_address',
        'c.token_decimals',
        'w.payout_retries as attempt',
      ])
      .where('w.status', '=', 'approved')
      .where('w.tx_hash', 'is', null)
      .where('w.network', '=', ctx.network)
      .where('c.auto_payout', '=', true)
      .where('c.token_address', 'is not', null)
      .where((eb) =>
        eb(
          eb
            .selectFrom('chain_payouts as p')
            .select(({ fn }) => fn.countAll<number>().as('n'))
            .whereRef('p.withdrawal_id', '=', 'w.id'),
          '<=',
          eb.ref('w.payout_retries'),
        ),
      )
      .orderBy('w.decided_at')
      .orderBy('w.id')
      .limit(BATCH)
      .execute() as Promise<PayableWithdrawal[]>;
  }

  async function commitmentsOf(rows: PayoutRow[]): Promise<Commitments> {
    const tokens = new Map<string, bigint>();
    let gasWei = 0n;
    for (const row of rows) {
      if (row.status === 'confirmed' || row.status === 'failed' || row.mined_hash) continue;
      tokens.set(row.token_address, (tokens.get(row.token_address) ?? 0n) + BigInt(row.token_amount));
      gasWei += BigInt(row.gas) * BigInt(row.max_fee_per_gas);
    }
    return { tokens, gasWei };
  }

  async function pass(): Promise<PassResult> {
    const result = await withPayoutLock(ctx.db, `${ctx.network}:${from}`, async () => {
      const [head, pending] = await Promise.all([
        ctx.client.getBlockNumber(),
        ctx.client.getTransactionCount({ address: from, blockTag: 'pending' }),
      ]);
      await catchUpNonce(ctx.db, ctx.network, from, pending);
      const rebroadcast = !started;
      started = true;
      for (const row of await inFlight()) await advancePayout(ctx, row, head, rebroadcast);
      const stillInFlight = await inFlight();
      const committed = await commitmentsOf(stillInFlight);
      const todo = await payable();
      for (const w of todo) await startPayout(ctx, w, head, committed);
      return { ran: true, inFlight: stillInFlight.length, considered: todo.length };
    });
    return result ?? { ran: false, inFlight: 0, considered: 0 };
  }

  return { pass };
}

export type Payer = ReturnType<typeof createPayer>;
