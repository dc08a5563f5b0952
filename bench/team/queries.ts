import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/database';
import { createAuthService } from '../../apps/api/src/modules/auth/auth.service';
import { createMembersRepository } from '../../apps/api/src/modules/members/members.repository';
import { createTeamRepository } from '../../apps/api/src/modules/team/team.repository';
import { createTeamService } from '../../apps/api/src/modules/team/team.service';
import { createLegTotals } from '../../apps/api/src/modules/team-bonuses/leg-totals';
import type { BuiltTree } from './build';
import { type Latency, latencyOf, timed, WARMUP_MAX_CALLS } from './measure';

const name = (id: number) => `bm${String(id).padStart(8, '0')}`;
const deepName = (i: number) => `dl${String(i).padStart(8, '0')}`;
const random = (n: number) => 1 + Math.floor(Math.random() * n);

/**
 * The member-facing queries at scale, each through the real service function: the sign-up's placement
 * check (`auth.checkPlacement`: sponsor, placement in the sponsor's downline, free sides) followed by the
 * member insert with its trigger (what `register` writes: jumps, own counts row, five sponsor levels), the
 * downline check, and one placement tree view (`TeamService.placementTree`: visibility, subtree, leg
 * totals).
 */
export async function measureQueries(
  db: Db,
  tree: BuiltTree & { heap: number; deep: number },
  samples: number,
): Promise<Array<[string, Latency]>> {
  const members = createMembersRepository(db);
  // checkPlacement needs only the members repository; sessions, TAC, sealed boxes and the rest are not touched.
  const auth = createAuthService({
    db,
    members,
    sessions: {} as never,
    tac: {} as never,
    sealed: {} as never,
    throttle: {} as never,
    holds: {} as never,
    guard: {} as never,
    changes: {} as never,
    mfa: {} as never,
    kycStatus: {} as never,
  });
  const team = createTeamService({ db, legTotals: createLegTotals(db) });
  const teamRepo = createTeamRepository(db);
  const firstLeaf = Math.floor(tree.heap / 2) + 1;
  const signUps = Math.min(samples / 4, 500);
  // Each sign-up, timed or warming up, takes a fresh slot: a heap leaf, or one more step up the deep leg.
  const slotsNeeded = signUps + WARMUP_MAX_CALLS + 10;
  if (tree.deep < slotsNeeded || tree.heap - firstLeaf - 5000 < slotsNeeded) {
    throw new Error(
      `the sign-ups need a leg at least ${slotsNeeded} deep and ${slotsNeeded + 5000} heap leaves`,
    );
  }

  // The two parts of every sign-up below, timed apart as well: the placement check (one statement, decision
  // 39) and the write (BEGIN, the insert with its trigger, a durable COMMIT).
  const parts = { check: [] as number[], write: [] as number[] };
  const signUpAt = async (
    names: { sponsor: string; placement: string },
    row: { username: string; sponsorId: number; placementId: number },
    timedCall: boolean,
  ) => {
    const t0 = performance.now();
    const free = await auth.checkPlacement(names.sponsor, names.placement);
    const t1 = performance.now();
    if (!free.rightFree) throw new Error(`no free right side under ${names.placement}`);
    await db.transaction().execute((trx) =>
      sql`INSERT INTO members (username, password_hash, role, sponsor_id, placement_parent_id, placement_side,
            placement_depth)
          SELECT ${row.username}, 'x', 'member', ${row.sponsorId}, id, 'right', placement_depth + 1
          FROM members WHERE id = ${row.placementId}`.execute(trx),
    );
    if (timedCall) {
      parts.check.push(t1 - t0);
      parts.write.push(performance.now() - t1);
    }
  };
  /** At a heap leaf, sponsored 3 levels up. */
  const signUp = (i: number, timedCall: boolean) => {
    const placementId = firstLeaf + 5000 + i;
    const sponsorId = placementId >> 3;
    return signUpAt(
      { sponsor: name(sponsorId), placement: name(placementId) },
      { username: `su${String(i).padStart(8, '0')}`, sponsorId, placementId },
      timedCall,
    );
  };
  /** At the deep leg's bottom, sponsored by the heap's root: the placement check spans the whole depth. */
  const signUpDeep = (i: number, timedCall: boolean) => {
    const placement = tree.deep - 10 - i;
    return signUpAt(
      { sponsor: name(1), placement: deepName(placement) },
      {
        username: `sd${String(i).padStart(8, '0')}`,
        sponsorId: tree.heap + placement - 1,
        placementId: tree.heap + placement,
      },
      timedCall,
    );
  };

  const rows: Array<[string, Latency]> = [];
  rows.push([
    'sign-up placement (check + insert) at a heap leaf, sponsor 3 levels up',
    await timed(signUps, signUp),
  ]);
  rows.push([
    `sign-up placement (check + insert) at the bottom of the ${tree.deep}-deep leg, sponsor at the top`,
    await timed(signUps, signUpDeep),
  ]);
  rows.push(['  of which the placement check (auth.checkPlacement, one statement)', latencyOf(parts.check)]);
  rows.push(['  of which the write (BEGIN, insert and its trigger, durable COMMIT)', latencyOf(parts.write)]);
  rows.push([
    `downline check (team inDownline), ${tree.deep}+ levels apart`,
    await timed(samples, () => teamRepo.inDownline('1', String(tree.bottom))),
  ]);
  rows.push([
    'downline check, random pairs',
    await timed(samples, () => teamRepo.inDownline(String(random(1000)), String(random(tree.members)))),
  ]);
  rows.push([
    'tree view (3 levels, 7 nodes) in the deep leg, viewed from the root',
    await timed(samples / 4, () =>
      team.placementTree('1', { node: String(tree.bottom - random(1000)), levels: 3 }),
    ),
  ]);
  rows.push([
    'tree view (4 levels, 15 nodes) near the top',
    await timed(samples / 4, (i) => team.placementTree(String(1 + (i % 1000)), { levels: 4 })),
  ]);
  // The reference, as pgbench's select-only script does it: one primary-key lookup, same client and server.
  rows.push([
    "one primary-key lookup (pgbench select-only's query, same client; reference)",
    await timed(samples, () =>
      sql`SELECT username FROM members WHERE id = ${random(tree.members)}`.execute(db),
    ),
  ]);
  return rows;
}
