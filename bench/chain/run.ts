/**
 * `npm run bench:chain` (issue 21): the EVM deposit watcher catching up over a range of blocks with 10,000
 * member addresses and 1,000 deposits among other transfers, in blocks per second beside the raw
 * `eth_getLogs` rate of the same node over the same range in the same run, then the time from a deposit's
 * threshold block to its credited row with the watcher running as the worker runs it. The node is the
 * development chain (Hardhat's network, in this process); the database as bench:ledger chooses it.
 * Nothing asserted.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { getAddress, parseAbiItem } from 'viem';
import { createDb } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { runTicks } from '../../apps/api/src/modules/bots/engine/tick-loop';
import { CHAIN_WATCH_MS } from '../../apps/api/src/modules/chain/chain-watchers';
import { startDevChain } from '../../apps/api/src/modules/chain/evm/dev-chain';
import { EVM_BATCH_BLOCKS as BATCH_BLOCKS } from '../../apps/api/src/modules/chain/evm/evm-reader';
import { watcherFixture } from '../../apps/api/src/modules/chain/evm-watcher-fixtures';
import { createDatabase, dropDatabase, openServer } from '../ledger/postgres';

function intEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const cfg = {
  members: intEnv('BENCH_MEMBERS', 10_000),
  deposits: intEnv('BENCH_DEPOSITS', 1000),
  /** Blocks holding transfers; each holds deposits/blockWithTransfers deposits and as many others. */
  busyBlocks: intEnv('BENCH_BUSY_BLOCKS', 100),
  /** Empty blocks after each busy one: the range is busyBlocks * (1 + gap) blocks. */
  gap: intEnv('BENCH_GAP', 39),
  samples: intEnv('BENCH_SAMPLES', 5),
};

const started = Date.now();
const progress = (text: string) =>
  process.stderr.write(`[bench:chain ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${text}\n`);
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const server = await openServer();
  const name = `bench_chain_${process.pid}`;
  await createDatabase(server, name);
  const url = server.urlOf(name);
  const { db } = createDb(url, 10);
  const chain = await startDevChain({ blockIntervalMs: 0 });
  let stop = async () => {};
  try {
    await migrateToLatest(db);
    const f = await watcherFixture(db, url, chain);
    progress(`${cfg.members} members with deposit addresses (random: derivation is not what is measured)`);
    await sql`
      INSERT INTO members (username, password_hash, role, placement_depth)
      SELECT 'chainbench' || g, 'not-a-login', 'member', 0 FROM generate_series(1, ${cfg.members}) g`.execute(
      db,
    );
    const members = await db
      .selectFrom('members')
      .select('id')
      .where('username', 'like', 'chainbench%')
      .orderBy('id')
      .execute();
    const addresses = members.map(() => getAddress(`0x${randomBytes(20).toString('hex')}`));
    for (let i = 0; i < members.length; i += 1000) {
      await db
        .insertInto('deposit_addresses')
        .values(
          members.slice(i, i + 1000).map((m, j) => ({
            member_id: m.id,
            family: 'evm',
            derivation_index: m.id,
            address: addresses[i + j]!,
          })),
        )
        .execute();
    }

    const perBlock = Math.ceil(cfg.deposits / cfg.busyBlocks);
    progress(
      `${cfg.deposits} deposits and as many transfers to strangers in ${cfg.busyBlocks} blocks, ${cfg.gap} empty blocks after each (not timed)`,
    );
    const from = (await chain.client.getBlockNumber()) + 1n;
    let sent = 0;
    for (let b = 0; b < cfg.busyBlocks && sent < cfg.deposits; b++) {
      const n = Math.min(perBlock, cfg.deposits - sent);
      const to = [
        ...Array.from({ length: n }, (_, k) => addresses[(sent + k) % addresses.length]!),
        ...Array.from({ length: n }, () => getAddress(`0x${randomBytes(20).toString('hex')}`)),
      ];
      await f.sendMany(
        to,
        to.map(() => 2_000_000n),
      );
      sent += n;
      await chain.mine(1 + cfg.gap);
    }
    await chain.mine(6);
    const head = await chain.client.getBlockNumber();
    const range = Number(head - from + 1n);

    progress(`raw eth_getLogs over ${range} blocks in ranges of ${BATCH_BLOCKS} (3 rounds)`);
    const rawTimes: number[] = [];
    for (let round = 0; round < 3; round++) {
      const t0 = performance.now();
      for (let start = from; start <= head; start += BATCH_BLOCKS) {
        const end = start + BATCH_BLOCKS - 1n < head ? start + BATCH_BLOCKS - 1n : head;
        await chain.client.getLogs({
          address: [chain.tokens.USDT],
          event: TRANSFER,
          fromBlock: start,
          toBlock: end,
        });
      }
      rawTimes.push(performance.now() - t0);
    }
    const rawMs = median(rawTimes);

    progress('the watcher catching up from the block before the range');
    await db
      .insertInto('chain_cursors')
      .values({
        network: 'ERC20',
        chain_id: chain.chainId,
        genesis_hash: (await chain.client.getBlock({ blockNumber: 0n })).hash,
        block_number: (from - 1n).toString(),
      })
      .execute();
    let readAt = 0;
    const t0 = performance.now();
    const watcher = f.watcher({
      afterBatch: (to) => {
        if (to >= head) readAt = performance.now();
      },
    });
    const pass = await watcher.pass();
    const passMs = performance.now() - t0;
    const readMs = readAt - t0;
    const credited = await db
      .selectFrom('chain_deposits')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'credited')
      .executeTakeFirstOrThrow();

    progress(
      `threshold block -> credited row, watcher passing every ${CHAIN_WATCH_MS} ms (${cfg.samples} samples)`,
    );
    const loop = runTicks(
      { tick: () => watcher.pass() },
      { intervalMs: CHAIN_WATCH_MS, log: { warn: (o, m) => progress(`${m} ${JSON.stringify(o)}`) } },
    );
    stop = () => loop.stop();
    const latencies: number[] = [];
    for (let s = 0; s < cfg.samples; s++) {
      const to = addresses[s]!;
      const hash = await f.sendMany([to], [3_000_000n]);
      await chain.mine(5);
      const t = performance.now();
      await chain.mine(1); // the 6th confirmation
      for (;;) {
        const row = await db
          .selectFrom('chain_deposits')
          .select('status')
          .where('tx_hash', '=', hash)
          .executeTakeFirst();
        if (row?.status === 'credited') break;
        await new Promise((r) => setTimeout(r, 5));
      }
      latencies.push(performance.now() - t);
      // Spread the samples over the pass interval.
      await new Promise((r) => setTimeout(r, 137 * (s + 1)));
    }
    await loop.stop();
    stop = async () => {};

    const rawRate = range / (rawMs / 1000);
    const readRate = range / (readMs / 1000);
    const passRate = range / (passMs / 1000);
    const lines = [
      `bench:chain  ${new Date().toISOString()}  node: Hardhat network (EDR) in process; members ${cfg.members}; deposits ${cfg.deposits} (+${cfg.deposits} transfers to strangers) over ${range} blocks`,
      '',
      'what                                         blocks   ms        blocks/s',
      `raw eth_getLogs (median of 3), ${BATCH_BLOCKS}/range     ${String(range).padStart(6)}   ${rawMs.toFixed(0).padStart(7)}   ${rawRate.toFixed(0).padStart(9)}`,
      `watcher reading the range (stores deposits) ${String(range).padStart(6)}   ${readMs.toFixed(0).padStart(7)}   ${readRate.toFixed(0).padStart(9)}   ratio to raw ${(readRate / rawRate).toFixed(2)}`,
      `watcher whole pass (+ crediting ${credited.n})     ${String(range).padStart(6)}   ${passMs.toFixed(0).padStart(7)}   ${passRate.toFixed(0).padStart(9)}   ratio to raw ${(passRate / rawRate).toFixed(2)}`,
      `  (pass: seen ${pass.seen}, credited ${pass.credited})`,
      '',
      `threshold block -> credited row, pass every ${CHAIN_WATCH_MS} ms: median ${median(latencies).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms (${latencies.map((l) => l.toFixed(0)).join(', ')})`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    await f.live.close();
  } finally {
    await stop();
    await chain.stop();
    await db.destroy();
    await dropDatabase(server, name);
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
