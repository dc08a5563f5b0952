import { type Kysely, sql } from 'kysely';

/**
 * A sealed value's nonce records which idempotent request used it up (`<member id>:<Idempotency-Key>`), so
 * that request, run again under the same key after its first attempt died (decision 46), passes the nonce
 * check its first attempt consumed, instead of answering NONCE_INVALID for a movement that may have happened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE crypto_nonces ADD COLUMN used_for text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE crypto_nonces DROP COLUMN used_for`.execute(db);
}
