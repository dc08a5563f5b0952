/**
 * `npm run bench:chain` (issue 21): the EVM deposit watcher catching up over a range of blocks with 10,000
 * member addresses and 1,000 deposits among other transfers, in blocks per second beside the raw
 * `eth_getLogs` rate of the same node over the same range in the same run, then the time from a deposit's
 * threshold block to its credited row with the watcher running as the worker runs it. The node is the
 * development chain (Hardhat's network, in this process); the database as bench:ledger chooses it.
 * Nothing asserted.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { encodeEventTopics, getAddress, numberToHex, parseAbiItem } from 'viem';
import { createDb } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { runTicks } from '../../apps/api/src/modules/bots/engine/tick-loop';
import { CHAIN_WATCH_MS } from '../../apps/api/src/modules/chain/chain-watchers';
import { startDevChain } from '../../apps/api/src/modules/chain/evm/dev-chain';
import { EVM_BATCH_BLOCKS as BATCH_BLOCKS } from '../../apps/api/src/modules/chain/evm/evm-reader';
import { watcherFixture } from '../../apps/api/src/modules/chain/evm-watcher-fixtures';
import { createDatabase, dropDatabase, openServer } from '../ledger/postgres';
import { cpuProfiler } from './cpu-profile';

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
  /** Rounds of the reference and of the watcher's catch-up, interleaved, after one not counted; medians. */
  rounds: intEnv('BENCH_ROUNDS', 5),
  /** BENCH_CPU_PROF=<dir>: CPU profiles of each round's raw reads and watcher catch-up (profile-top.ts). */
  cpuProfileDir: process.env.BENCH_CPU_PROF || undefined,
};

const started = Date.now();
const progress = (text: string) =>
  process.stderr.write(`[bench:chain ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${text}\n`);
const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const loadBefore = loadavg();
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

    const genesisHash = (await chain.client.getBlock({ blockNumber: 0n })).hash;
    const ranges: [bigint, bigint][] = [];
    for (let start = from; start <= head; start += BATCH_BLOCKS) {
      ranges.push([start, start + BATCH_BLOCKS - 1n < head ? start + BATCH_BLOCKS - 1n : head]);
    }
    const hex = (n: bigint) => numberToHex(n);
    const [transferTopic] = encodeEventTopics({ abi: [TRANSFER], eventName: 'Transfer' });
    /** The node's rate: the very request the watcher sends, its answer parsed from JSON and nothing more. */
    const rawGetLogs = async () => {
      for (const [start, end] of ranges) {
        await chain.client.request({
          method: 'eth_getLogs',
          params: [
            {
              address: [chain.tokens.USDT],
              topics: [transferTopic],
              fromBlock: hex(start),
              toBlock: hex(end),
            },
          ],
        });
      }
    };
    /** The same through viem's getLogs, decoded into events (what the bench compared with before). */
    const decodedGetLogs = async () => {
      for (const [start, end] of ranges) {
        await chain.client.getLogs({
          address: [chain.tokens.USDT],
          event: TRANSFER,
          fromBlock: start,
          toBlock: end,
        });
      }
    };
    /** The watcher as it was before the range: no deposits, no blocks, the cursor just before it. */
    const rewindWatcher = async () => {
      await db.deleteFrom('chain_deposits').where('network', '=', 'ERC20').execute();
      await db.deleteFrom('chain_blocks').where('network', '=', 'ERC20').execute();
      await db
        .insertInto('chain_cursors')
        .values({
          network: 'ERC20',
          chain_id: chain.chainId,
          genesis_hash: genesisHash,
          block_number: (from - 1n).toString(),
        })
        .onConflict((c) => c.column('network').doUpdateSet({ block_number: (from - 1n).toString() }))
        .execute();
    };
    const setConfirmations = (n: number) =>
      db.updateTable('deposit_channels').set({ confirmations: n }).where('network', '=', 'ERC20').execute();
    /** One pass from the block before the range: ms until its last range is stored, and until it returned. */
    const catchUp = async () => {
      await rewindWatcher();
      let readAt = 0;
      const t0 = performance.now();
      const watcher = f.watcher({
        afterBatch: (to) => {
          if (to >= head) readAt = performance.now();
        },
      });
      const result = await watcher.pass();
      return { readMs: readAt - t0, passMs: performance.now() - t0, result, watcher };
    };

    progress(
      `${cfg.rounds} rounds over ${range} blocks in ranges of ${BATCH_BLOCKS}, each: raw eth_getLogs, viem getLogs, the watcher reading (nothing due)`,
    );
    // Interleaved, so that the machine's changing load falls on the reference and the watcher alike; the
    // watcher's rounds credit nothing (no deposit is due), so each one stores the same 1,000 rows afresh.
    const profiler = await cpuProfiler(cfg.cpuProfileDir);
    const rawTimes: number[] = [];
    const decodedTimes: number[] = [];
    const readTimes: number[] = [];
    await setConfirmations(1_000_000);
    // Round 0 warms up the node's caches, the JIT and the pool's connections for all three; not counted.
    for (let round = 0; round <= cfg.rounds; round++) {
      let t = performance.now();
      await profiler.around(`raw-${round}`, rawGetLogs);
      const raw = performance.now() - t;
      t = performance.now();
      await decodedGetLogs();
      const decoded = performance.now() - t;
      const { readMs, result } = await profiler.around(`watcher-${round}`, catchUp);
      if (result.seen !== cfg.deposits) throw new Error(`the watcher saw ${result.seen} deposits`);
      if (round === 0) continue;
      rawTimes.push(raw);
      decodedTimes.push(decoded);
      readTimes.push(readMs);
    }
    await profiler.close();
    const rawMs = median(rawTimes);
    const decodedMs = median(decodedTimes);
    const readMs = median(readTimes);

    progress('the watcher catching up once more, now crediting the 1,000 deposits (6 confirmations)');
    await setConfirmations(6);
    const whole = await catchUp();
    const { passMs, result: pass, watcher } = whole;
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

    const rate = (ms: number) => range / (ms / 1000);
    const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    const row = (what: string, t: number, extra = '') =>
      `${what.padEnd(46)}${String(range).padStart(6)}   ${t.toFixed(0).padStart(7)}   ${rate(t).toFixed(0).padStart(9)}${extra}`;
    const ratio = (t: number) => `   ratio to raw ${(rate(t) / rate(rawMs)).toFixed(2)}`;
    const lines = [
      `bench:chain  ${new Date().toISOString()}  node: Hardhat network (EDR) in process; members ${cfg.members}; deposits ${cfg.deposits} (+${cfg.deposits} transfers to strangers) over ${range} blocks`,
      `load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${cfg.rounds} rounds after a warm-up, medians`,
      '',
      `what (${BATCH_BLOCKS} blocks a range)                     blocks        ms    blocks/s`,
      row('raw eth_getLogs (JSON-RPC, parsed)', rawMs, `   rounds ${ms(rawTimes)}`),
      row('viem getLogs (decoded events)', decodedMs, `${ratio(decodedMs)}   rounds ${ms(decodedTimes)}`),
      row(
        'watcher reading the range (stores deposits)',
        readMs,
        `${ratio(readMs)}   rounds ${ms(readTimes)}`,
      ),
      row(`watcher whole pass (+ crediting ${credited.n})`, passMs, ratio(passMs)),
      `  (whole pass: seen ${pass.seen}, credited ${pass.credited}; its reading part ${whole.readMs.toFixed(0)} ms)`,
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
