import type { NetworkName } from '@app/contracts';
import { sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import { type AnyDb, own } from '../../db/tables';
import type { ReadinessCheck } from '../app/readiness';
import type { WalletForChain } from '../wallet/wallet-for-chain';
import { type ChainNetworks, isWatched } from './networks';

/**
 * A watcher whose last pass is older than this (a pass a second when running), or whose cursor has not
 * moved for this long while the head it saw is ahead, counts as not ready (decision 67).
 */
export const WATCHER_STALE_SECONDS = 60;

export interface WatcherStatus {
  network: NetworkName;
  /** Whether the network has an enabled channel with a token: one without is read by nobody. */
  hasChannel: boolean;
  cursor: bigint | null;
  head: bigint | null;
  /** Seconds since the last pass ended, and since the cursor last moved. */
  passedAgo: number | null;
  movedAgo: number | null;
  flagged: number;
}

/** The networks this process is connected to, whose watchers the worker runs. */
export function watchedNetworks(networks: ChainNetworks): NetworkName[] {
  return (['ERC20', 'BEP20', 'TRC20'] as const).filter((n) => isWatched(networks, n));
}

/** What the watchers wrote of themselves (chain_cursors), per network asked, with the flagged deposits. */
export async function watcherStatuses(
  db: AnyDb,
  wallet: Pick<WalletForChain, 'depositChannelsView'>,
  networks: readonly NetworkName[],
): Promise<WatcherStatus[]> {
  if (networks.length === 0) return [];
  const { rows } = await sql<{
    network: NetworkName;
    has_channel: boolean;
    cursor: string | null;
    head: string | null;
    passed_ago: number | null;
    moved_ago: number | null;
    flagged: number;
  }>`
    SELECT n.network,
      EXISTS (SELECT 1 FROM ${wallet.depositChannelsView(db)} ch
              WHERE ch.network = n.network AND ch.enabled AND ch.token_address IS NOT NULL) AS has_channel,
      k.block_number AS cursor, k.head_number AS head,
      extract(epoch FROM now() - k.passed_at)::float8 AS passed_ago,
      extract(epoch FROM now() - k.updated_at)::float8 AS moved_ago,
      (SELECT count(*)::int FROM chain_deposits d
       WHERE d.network = n.network AND d.flagged_at IS NOT NULL AND d.reversed_transfer_id IS NULL) AS flagged
    FROM unnest(${sql.val([...networks])}::text[]) AS n(network)
    LEFT JOIN chain_cursors k ON k.network = n.network
    ORDER BY n.network`.execute(own<'chain_cursors'>(db));
  return rows.map((r) => ({
    network: r.network,
    hasChannel: r.has_channel,
    cursor: r.cursor === null ? null : BigInt(r.cursor),
    head: r.head === null ? null : BigInt(r.head),
    passedAgo: r.passed_ago,
    movedAgo: r.moved_ago,
    flagged: r.flagged,
  }));
}

/** Why a watcher is not ready, or null when it is. */
export function notReadyReason(s: WatcherStatus, staleSeconds = WATCHER_STALE_SECONDS): string | null {
  if (!s.hasChannel) return null;
  if (s.passedAgo === null) return `${s.network}: no watcher pass yet`;
  if (s.passedAgo > staleSeconds) return `${s.network}: last watcher pass ${Math.round(s.passedAgo)} s ago`;
  const behind = s.head !== null && s.cursor !== null ? s.head - s.cursor : 0n;
  if (behind > 0n && s.movedAgo !== null && s.movedAgo > staleSeconds) {
    return `${s.network}: ${behind} blocks behind the head, cursor still for ${Math.round(s.movedAgo)} s`;
  }
  return null;
}

/** `/api/ready`'s check `chainWatchers`: every connected network with a channel has a watcher keeping up. */
export function chainWatchersReadiness(deps: {
  db: AnyDb;
  wallet: Pick<WalletForChain, 'depositChannelsView'>;
  networks: readonly NetworkName[];
  staleSeconds?: number;
}): ReadinessCheck {
  return {
    name: 'chainWatchers',
    async run() {
      const reasons = (await watcherStatuses(deps.db, deps.wallet, deps.networks))
        .map((s) => notReadyReason(s, deps.staleSeconds))
        .filter((r): r is string => r !== null);
      return reasons.length === 0 ? { ok: true } : { ok: false, detail: reasons.join('; ') };
    },
  };
}

/**
 * `/api/metrics`: per connected network, how many blocks the watcher's cursor is behind the head it last
 * saw, seconds since its last pass, and the credited deposits a deeper reorg flagged for an admin.
 */
export function registerChainWatcherMetrics(
  registry: Registry,
  deps: { db: AnyDb; wallet: Pick<WalletForChain, 'depositChannelsView'> },
  networks: readonly NetworkName[],
) {
  let last: Promise<WatcherStatus[]> | null = null;
  // One query per scrape for the three gauges.
  const statuses = () => {
    last ??= watcherStatuses(deps.db, deps.wallet, networks).finally(() => {
      setTimeout(() => {
        last = null;
      }, 0);
    });
    return last;
  };
  const gauge = (name: string, help: string, value: (s: WatcherStatus) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['network'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const s of await statuses()) {
            const v = value(s);
            if (v !== null) this.set({ network: s.network }, v);
          }
        } catch {
          // Database unreachable: no figure rather than a failed scrape.
        }
      },
    });
  gauge(
    'chain_watcher_lag_blocks',
    'Blocks between the head the deposit watcher last saw and its cursor',
    (s) => (s.head !== null && s.cursor !== null ? Number(s.head - s.cursor) : null),
  );
  gauge(
    'chain_watcher_last_pass_age_seconds',
    'Seconds since the deposit watcher last finished a pass',
    (s) => s.passedAgo,
  );
  gauge(
    'chain_deposits_flagged',
    'Credited deposits a deeper reorg removed, waiting for an admin',
    (s) => s.flagged,
  );
}
