import { type Kysely, sql } from 'kysely';

/**
 * The deposit watcher looks EVM recipients up as nodes write them, in lowercase (decision 70): computing
 * the EIP-55 form of every recipient in a range, strangers' included, was much of its read. Unique, as
 * the stored EIP-55 forms are: one address in two spellings would be two members with one key.
 * EVM only: a TRON address is base58, where case matters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNIQUE INDEX deposit_addresses_evm_lower ON deposit_addresses (lower(address))
      WHERE family = 'evm'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX deposit_addresses_evm_lower`.execute(db);
}
