import { type RawBuilder, sql } from 'kysely';
import type { Trx } from '../ledger/ledger.types';

/**
 * Runs an upline walk (a recursive join of a few rows per step with `members`) with nested loops only: with
 * many starting rows the planner otherwise hashes `members` and probes it once per level, which on a leg
 * 100,000 deep took minutes where index lookups take seconds. The settings are restored afterwards (they are
 * transaction-local; an error aborts the transaction anyway).
 */
export async function withIndexWalk<T>(trx: Trx, work: () => Promise<T>): Promise<T> {
  const before = await sql<{ hash: string; merge: string }>`
    SELECT current_setting('enable_hashjoin') AS hash, current_setting('enable_mergejoin') AS merge`.execute(
    trx,
  );
  await sql`SELECT set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`.execute(
    trx,
  );
  const result = await work();
  const { hash, merge } = before.rows[0]!;
  await sql`SELECT set_config('enable_hashjoin', ${hash}, true), set_config('enable_mergejoin', ${merge}, true)`.execute(
    trx,
  );
  return result;
}

interface TreeNode {
  parent: string;
  /** 'l', 'r', or '' for a root. */
  side: string;
  /** This node's own amount, then (once its children are in) its whole subtree's. */
  sub: bigint;
  left: bigint;
  right: bigint;
  /** Children in the set not yet added. */
  pending: number;
  /** Some member of the source is below this node: it is a placement ancestor of the source. */
  ancestor: boolean;
}

/**
 * For every placement ancestor of the source's members, the amounts that came up its left leg and its
 * right leg, into a new temporary table `target (member_id, new_left, new_right)` dropped at commit. The
 * source is a relation of `(member_id, amount)` with each member at most once.
 *
 * Why not one recursive statement carrying every amount up (decision 29 as first written): its rows are
 * (members x their depth), 3 million for 100,000 purchasers over a 100,000-deep leg. Here the walk visits
 * each ancestor once (the recursive UNION drops a node already reached, so purchasers sharing an upline
 * meet and stop there), and the sums then go up in one pass in memory, a node after all its children:
 * rows = distinct members touched, however deep. Returns the number of ancestors written.
 */
export async function sumUpPlacementTree(
  trx: Trx,
  source: RawBuilder<unknown>,
  target: string,
): Promise<number> {
  // One text value, not a row per node: 400,000 rows parsed as objects cost more than the walk.
  const walked = await withIndexWalk(trx, () =>
    sql<{ nodes: string | null }>`
      WITH RECURSIVE t(id, parent, side, amount) AS (
        SELECT m.id, m.placement_parent_id, m.placement_side, s.amount::bigint
        FROM ${source} s JOIN members m ON m.id = s.member_id
        UNION
        SELECT p.id, p.placement_parent_id, p.placement_side, 0::bigint
        FROM t JOIN members p ON p.id = t.parent
      )
      SELECT string_agg(id || ',' || coalesce(parent::text, '') || ',' || coalesce(left(side, 1), '') || ','
        || amount, ';') AS nodes
      FROM t`.execute(trx),
  );

  // A source member that is also an ancestor of another comes twice (with its amount, and with 0 from
  // the walk): one node.
  const nodes = new Map<string, TreeNode>();
  for (const record of (walked.rows[0]?.nodes ?? '').split(';')) {
    if (record === '') continue;
    const [id, parent, side, amount] = record.split(',') as [string, string, string, string];
    const found = nodes.get(id);
    if (found) found.sub += BigInt(amount);
    else {
      nodes.set(id, {
        parent,
        side,
        sub: BigInt(amount),
        left: 0n,
        right: 0n,
        pending: 0,
        ancestor: false,
      });
    }
  }
  for (const node of nodes.values()) {
    const parent = node.parent ? nodes.get(node.parent) : undefined;
    if (parent) parent.pending++;
  }
  // Leaves first; a parent is ready when its last child is in.
  const ready = [...nodes.values()].filter((n) => n.pending === 0);
  while (ready.length > 0) {
    const node = ready.pop()!;
    const parent = node.parent ? nodes.get(node.parent) : undefined;
    if (!parent) continue;
    if (node.side === 'l') parent.left += node.sub;
    else if (node.side === 'r') parent.right += node.sub;
    parent.sub += node.sub;
    parent.ancestor = true;
    if (--parent.pending === 0) ready.push(parent);
  }

  const ids: string[] = [];
  const lefts: string[] = [];
  const rights: string[] = [];
  for (const [id, node] of nodes) {
    if (!node.ancestor) continue;
    ids.push(id);
    lefts.push(node.left.toString());
    rights.push(node.right.toString());
  }
  const array = (values: string[]) => `{${values.join(',')}}`;
  await sql`DROP TABLE IF EXISTS ${sql.table(target)}`.execute(trx);
  await sql`
    CREATE TEMP TABLE ${sql.table(target)} ON COMMIT DROP AS
    SELECT * FROM unnest(${array(ids)}::bigint[], ${array(lefts)}::bigint[], ${array(rights)}::bigint[])
      AS x(member_id, new_left, new_right)`.execute(trx);
  await sql`ANALYZE ${sql.table(target)}`.execute(trx);
  return ids.length;
}
