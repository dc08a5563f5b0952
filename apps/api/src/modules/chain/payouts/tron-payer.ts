import { advanceTronPayout } from './advance-tron-payout';
import { commitmentsOf } from './commitments';
import { payoutsInFlight } from './in-flight';
import { catchUpNonce } from './nonces';
import { payableWithdrawals } from './payable-withdrawals';
import type { PassResult } from './payer';
import { withPayoutLock } from './payout-lock';
import { startTronPayout } from './start-tron-payout';
import type { TronPayerContext } from './tron-payer-context';

/** New payouts signed per pass, as on EVM. */
const BATCH = 20;

/**
 * The payer of the TRON hot wallet (decision 69): the EVM payer's pass (decision 61) over TRON's API, in
 * the same `chain_payouts`, under the same advisory lock scheme, with the same alerts and the same
 * withdrawal path to Paid. What differs is what TRON has instead of nonces: a transaction that expires.
 */
export function createTronPayer(ctx: TronPayerContext) {
  const from = ctx.hotWallet.address;
  let started = false;

  const inFlight = () => payoutsInFlight(ctx.db, ctx.wallet, 'TRC20', from);

  async function pass(): Promise<PassResult> {
    const result = await withPayoutLock(ctx.db, `TRC20:${from}`, async () => {
      const head = await ctx.api.headTime();
      // The wallet's payout numbering starts at 0; nothing on chain to catch up with.
      await catchUpNonce(ctx.db, 'TRC20', from, 0);
      const rebroadcast = !started;
      started = true;
      for (const row of await inFlight()) await advanceTronPayout(ctx, row, head, rebroadcast);
      const stillInFlight = await inFlight();
      const committed = commitmentsOf(stillInFlight);
      const todo = await payableWithdrawals(ctx.db, ctx.wallet, 'TRC20', BATCH);
      for (const w of todo) await startTronPayout(ctx, w, head, committed);
      return { ran: true, inFlight: stillInFlight.length, considered: todo.length };
    });
    return result ?? { ran: false, inFlight: 0, considered: 0 };
  }

  return { pass };
}
