import type { Db } from '../../db/database';
import { countJoinedMembers } from './leg-totals';

/** The demo day whose purchases an admin can run the bonuses of (the bonuses e2e spec does). */
export const DEMO_BONUS_DAY = '2025-01-15';

/**
 * Purchases on the demo bonus day for the bonuses e2e spec's members, one small team per screen size: the
 * head buys enough to rank Analyst, the left leg more than the right, so a run pays a sponsor and a pairing
 * bonus and carries the rest. Made once (volume events are unique by source and id).
 */
const purchases: Array<[string, number]> = [
  ['bonsm01', 100],
  ['bonsl01', 300],
  ['bonsr01', 200],
  ['bonsd01', 100],
  ['bonsk01', 300],
  ['bonsq01', 200],
];

export async function seedDemoBonusVolumes(db: Db, ids: Map<string, { id: string }>): Promise<void> {
  // The demo tree's leg counts at once, rather than after the first run (sign-ups no longer count them).
  await db.transaction().execute((trx) => countJoinedMembers(trx));
  const rows = purchases
    .filter(([username]) => ids.has(username))
    .map(([username, usdt]) => ({
      member_id: ids.get(username)!.id,
      source: 'mining' as const,
      source_id: `demo-seed-${username}`,
      amount_minor: String(usdt * 1_000_000),
      currency: 'USDT',
      created_at: `${DEMO_BONUS_DAY}T10:00:00Z`,
    }));
  if (rows.length === 0) return;
  await db
    .insertInto('volume_events')
    .values(rows)
    .onConflict((oc) => oc.columns(['source', 'source_id']).doNothing())
    .execute();
}
