/**
 * `BENCH_PG_STATEMENTS=1 npm run bench:api`: after each workload, the bench database's statements that took
 * PostgreSQL the most execution time during it, from `pg_stat_statements`. What the app's CPU profile
 * cannot show: a statement that is slow inside the database, or run far more often than the request needs
 * (decision 103 found a session's touch run 92 times a minute, 88 ms each, this way).
 *
 * `pg_stat_statements` must be preloaded by the server (`shared_preload_libraries`, a restart): without it
 * the bench says so once and runs without the listing.
 */
import { adminQuery } from '../ledger/postgres';

interface StatementRow {
  calls: string;
  total_ms: number;
  mean_us: number;
  query: string;
}

export interface StatementListing {
  /** Forgets what was counted so far (call before a workload's warm-up). */
  reset(): Promise<void>;
  /** The top statements since the last reset, as lines for the report, `served` requests answered. */
  top(served: number, count?: number): Promise<string[]>;
}

/** The listing for the bench database at `url`, or null (with the reason printed) when it cannot be had. */
export async function statementListing(
  url: string,
  log: (line: string) => void,
): Promise<StatementListing | null> {
  try {
    await adminQuery(url, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await adminQuery(url, 'SELECT count(*) FROM pg_stat_statements');
  } catch (error) {
    log(
      `BENCH_PG_STATEMENTS: pg_stat_statements is not available (${(error as Error).message}); ` +
        "it needs shared_preload_libraries = 'pg_stat_statements' and a server restart",
    );
    return null;
  }
  const mine = '(SELECT oid FROM pg_database WHERE datname = current_database())';
  return {
    reset: async () => {
      await adminQuery(url, `SELECT pg_stat_statements_reset(0, ${mine}, 0)`);
    },
    top: async (served, count = 5) => {
      const rows = await adminQuery<StatementRow>(
        url,
        `SELECT calls::text, total_exec_time AS total_ms, mean_exec_time * 1000 AS mean_us,
           left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query
         FROM pg_stat_statements WHERE dbid = ${mine} ORDER BY total_exec_time DESC LIMIT $1`,
        [count],
      );
      return rows.map(
        (r) =>
          `  ${(Number(r.calls) / served).toFixed(3).padStart(8)}/req ${r.mean_us.toFixed(1).padStart(9)} µs ${r.total_ms.toFixed(0).padStart(6)} ms  ${r.query}`,
      );
    },
  };
}
