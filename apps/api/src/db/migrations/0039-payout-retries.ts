import { type Kysely, sql } from 'kysely';

/**
 * An admin's "retry payout" (decision 68): how many times an admin gave a withdrawal whose payout failed
 * back to the hot wallet's payer. The payer takes an approved withdrawal while it has no more payouts than
 * retries, so a failed payout is never paid again by itself, and each retry allows exactly one new one.
 * On `withdrawals` (not `chain_payouts`): the migrations run in name order on a new database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE withdrawals
      ADD COLUMN payout_retries integer NOT NULL DEFAULT 0 CHECK (payout_retries >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE withdrawals DROP COLUMN payout_retries`.execute(db);
}
