import pg from 'pg';
import type { Db } from '../../src/db/database';
import { createBotsService } from '../../src/modules/bots/bots.service';
import { botRequest, makeRental, paperVenues, pricePathMarket } from '../bot-fixtures';
import { makeMember } from '../fixtures';
import { findWorker } from '../processes';

/** The application_name of the suite's own connections: the one thing pg_terminate_backend spares. */
export const SUITE_APPLICATION = 'fault-suite';

/** Ends every connection the server, its worker and its jobs hold on `database` (not the suite's own). */
export async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl, application_name: SUITE_APPLICATION });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n
         FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid() AND application_name <> $2`,
      [database, SUITE_APPLICATION],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await admin.end();
  }
}

const SYMBOL = 'BTC/USDT';

/** Running paper bots, each of a member and rental of its own; the worker that sees them first takes them. */
export async function makeBots(db: Db, count: number): Promise<string[]> {
  const service = createBotsService({
    db,
    venues: paperVenues(db, pricePathMarket({ [SYMBOL]: '90000' }).market),
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const memberId = await makeMember(db, 'fault');
    const rentalId = await makeRental(db, memberId);
    // A long cooldown: once its cycle closes a bot stays still, so the fleet's work stays bounded.
    const bot = await service.create(
      memberId,
      botRequest(rentalId, { symbol: SYMBOL, cooldownSeconds: 3600 }),
    );
    ids.push(bot.id);
  }
  return ids;
}

/**
 * kill -9 of the server's bot worker in the middle of a pass: a batch of new bots is made, and the worker is
 * killed as soon as it has recorded an order for some of them, while others still wait for theirs. The
 * server starts a new worker (worker-process.ts), which takes the bots over once the dead one's leases end.
 * Returns whether the kill landed inside the pass (some, not all, of the batch's orders recorded).
 */
export async function killWorkerMidPass(
  db: Db,
  serverPid: number | undefined,
  batch: number,
): Promise<{ midPass: boolean; pid: number }> {
  const pid = await findWorker(serverPid);
  const bots = await makeBots(db, batch);
  const deadline = Date.now() + 30_000;
  let recorded = 0;
  // Polled as fast as the database answers: a pass over the batch takes a few hundred milliseconds.
  while (Date.now() < deadline) {
    const row = await db
      .selectFrom('bot_orders')
      .select((eb) => eb.fn.count<string>('bot_id').distinct().as('n'))
      .where('bot_id', 'in', bots)
      .executeTakeFirstOrThrow();
    recorded = Number(row.n);
    if (recorded > 0) break;
  }
  process.kill(pid, 'SIGKILL');
  return { midPass: recorded > 0 && recorded < batch, pid };
}
