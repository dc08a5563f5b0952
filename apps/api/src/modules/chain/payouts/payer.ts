import { advancePayout } from './advance-payout';
import { commitmentsOf } from './commitments';
import { payoutsInFlight } from './in-flight';
import { catchUpNonce } from './nonces';
import { payableWithdrawals } from './payable-withdrawals';
import type { PayerContext } from './payer-context';
import { withPayoutLock } from './payout-lock';
import { startPayout } from './start-payout';

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

  const inFlight = () => payoutsInFlight(ctx.db, ctx.wallet, ctx.network, from);

  const payable = () => payableWithdrawals(ctx.db, ctx.wallet, ctx.network, BATCH);

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
      const committed = commitmentsOf(stillInFlight);
      const todo = await payable();
      for (const w of todo) await startPayout(ctx, w, head, committed);
      return { ran: true, inFlight: stillInFlight.length, considered: todo.length };
    });
    return result ?? { ran: false, inFlight: 0, considered: 0 };
  }

  return { pass };
}

export type Payer = ReturnType<typeof createPayer>;
