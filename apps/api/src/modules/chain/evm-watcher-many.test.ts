import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../../../test/fixtures';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../../db/database';
import { type DevChain, startDevChain } from './evm/dev-chain';
import { TOPIC_FILTER_MAX } from './evm/transfer-logs';
import { watcherFixture } from './evm-watcher-fixtures';

/**
 * Above TOPIC_FILTER_MAX member addresses the watcher reads every Transfer of the token and looks the
 * recipients up as the node spells them, in lowercase (decision 70): members' deposits must still be found
 * and stored under their EIP-55 address, strangers' transfers not at all.
 */
const USDT = (n: number) => BigInt(n) * 1_000_000n;
const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

let db: Db;
let drop: () => Promise<void>;
let chain: DevChain;
let f: Awaited<ReturnType<typeof watcherFixture>>;

beforeAll(async () => {
  const made = await createTestDb();
  db = made.db;
  drop = made.drop;
  chain = await startDevChain({ blockIntervalMs: 0 });
  f = await watcherFixture(db, made.url, chain);
  // Members with addresses of their own, enough that the node is no longer asked to filter by recipient.
  const others = TOPIC_FILTER_MAX + 50;
  await sql`
    INSERT INTO members (username, password_hash, role, placement_depth)
    SELECT 'manyaddr' || g, 'not-a-login', 'member', 0 FROM generate_series(1, ${others}) g`.execute(db);
  const ids = await db.selectFrom('members').select('id').where('username', 'like', 'manyaddr%').execute();
  await db
    .insertInto('deposit_addresses')
    .values(
      ids.map((m) => ({ member_id: m.id, family: 'evm', derivation_index: m.id, address: randomAddress() })),
    )
    .execute();
}, 60_000);

afterAll(async () => {
  await f?.live.close();
  await chain?.stop();
  await drop?.();
});

describe('EVM deposit watcher with many member addresses', () => {
  it('finds members among strangers and stores their EIP-55 address; strangers leave no row', async () => {
    const ann = await makeMember(db, 'many');
    const ben = await makeMember(db, 'many');
    const annAddress = await f.addresses.of(ann, 'evm');
    const benAddress = await f.addresses.of(ben, 'evm');
    const stranger = randomAddress();
    const watched = await db
      .selectFrom('deposit_addresses')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('family', '=', 'evm')
      .executeTakeFirstOrThrow();
    expect(watched.n).toBeGreaterThan(TOPIC_FILTER_MAX);

    await f.sendMany([annAddress, stranger, benAddress], [USDT(4), USDT(5), USDT(6)]);
    await chain.mine(6);
    const result = await f.watcher().pass();

    expect(result.seen).toBe(2);
    expect(result.credited).toBe(2);
    const rows = await db
      .selectFrom('chain_deposits')
      .select(['member_id', 'address', 'amount', 'status'])
      .orderBy('amount')
      .execute();
    expect(rows).toEqual([
      { member_id: ann, address: annAddress, amount: '4000000', status: 'credited' },
      { member_id: ben, address: benAddress, amount: '6000000', status: 'credited' },
    ]);
  });

  it('matches EVM addresses in any letter case, and only exactly', async () => {
    const cat = await makeMember(db, 'many');
    const address = await f.addresses.of(cat, 'evm');
    const lower = address.toLowerCase();
    const found = await f.addresses.membersOf('evm', [lower, randomAddress(), address]);
    expect([...found]).toEqual([
      [lower, cat],
      [address, cat],
    ]);
    // TRON addresses are base58, where case matters: no EVM address is a TRON member's.
    expect((await f.addresses.membersOf('tron', [address])).size).toBe(0);
  });
});
