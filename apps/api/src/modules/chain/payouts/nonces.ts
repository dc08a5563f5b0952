import type { NetworkName } from '@app/contracts';
import type { Db } from '../../../db/database';

/**
 * Nonces of a hot wallet, handed out from the database (decision 61) so a signed transaction that was
 * never broadcast (a crash) still holds its nonce. Before each pass the stored next nonce is raised to the
 * chain's pending count: a transaction sent from the wallet outside the platform is not collided with.
 */
export async function catchUpNonce(db: Db, network: NetworkName, from: string, chainPending: number) {
  await db
    .insertInto('chain_payout_nonces')
    .values({ network, from_address: from, next_nonce: chainPending })
    .onConflict((oc) =>
      oc.columns(['network', 'from_address']).doUpdateSet((eb) => ({
        next_nonce: eb.fn('greatest', ['chain_payout_nonces.next_nonce', eb.ref('excluded.next_nonce')]),
      })),
    )
    .execute();
}

/** Takes the next nonce, under the row's lock: two transactions never get the same one. */
export async function takeNonce(trx: Db, network: NetworkName, from: string): Promise<number> {
  const row = await trx
    .updateTable('chain_payout_nonces')
    .set((eb) => ({ next_nonce: eb('next_nonce', '+', '1') }))
    .where('network', '=', network)
    .where('from_address', '=', from)
    .returning('next_nonce')
    .executeTakeFirstOrThrow();
  return Number(row.next_nonce) - 1;
}
