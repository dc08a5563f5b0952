/**
 * Database transactions per request for `npm run bench:api`, from `pg_stat_database` of the bench
 * database: every statement outside a transaction counts one, so it is the number of round trips with a
 * commit a request costs, which the app's CPU profile cannot show.
 *
 * Two things make the raw counter dishonest, and this is how each is handled:
 * - **It lags.** A PostgreSQL 15+ backend hands in its counts at a transaction's end at most once a
 *   second, and one that goes idle with counts pending hands them in after PGSTAT_IDLE_INTERVAL (10 s,
 *   pgstat.c). So once the bench's load has stopped for 10 s, the counter holds everything that load did;
 *   it is read after `STATS_LAG_MS` of quiet, once per measurement (warm-up + measured window in one
 *   stretch, so one wait serves both ends: the reading that closes one measurement opens the next).
 * - **Something else moves it.** The app's own background work (the session listener's heartbeat, pg-boss,
 *   the bot worker) commits transactions in the same database all the time. Their rate is measured over an
 *   idle window before the first measurement and subtracted for the time between two readings. Under load
 *   the background runs no faster (the worker's loop waits on the same busy database), so the subtraction
 *   is at most a little too large: the figure errs low by at most the background's count per request,
 *   which the report prints.
 */
import { adminQuery } from '../ledger/postgres';

/** PGSTAT_IDLE_INTERVAL (10 s) plus a margin for the timer and our own read. */
export const STATS_LAG_MS = 10_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Reading {
  count: number;
  /** performance.now() of the reading. */
  at: number;
}

export interface TransactionCounter {
  /** The app's transactions per second with no load on it (subtracted from every count). */
  backgroundPerSecond: number;
  /**
   * Waits until the counter holds everything done so far, then returns the transactions since the last
   * call (the first call: since the idle window), less the background's share of that time.
   */
  sinceLast(): Promise<number>;
}

/**
 * Starts counting: waits out the lag of whatever ran before (start-up, sign-ins), then measures the
 * background over `idleSeconds` with no load.
 */
export async function countTransactions(o: {
  adminUrl: string;
  dbName: string;
  idleSeconds: number;
}): Promise<TransactionCounter> {
  const read = async (): Promise<Reading> => {
    const [row] = await adminQuery<{ n: string }>(
      o.adminUrl,
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
      [o.dbName],
    );
    return { count: Number(row?.n ?? 0), at: performance.now() };
  };
  const settled = async () => {
    await sleep(STATS_LAG_MS);
    return read();
  };
  const idleStart = await settled();
  await sleep(o.idleSeconds * 1000);
  let last = await read();
  const backgroundPerSecond = Math.max(0, (last.count - idleStart.count) / ((last.at - idleStart.at) / 1000));
  return {
    backgroundPerSecond,
    async sinceLast() {
      const now = await settled();
      const load = now.count - last.count - (backgroundPerSecond * (now.at - last.at)) / 1000;
      last = now;
      return load;
    },
  };
}
