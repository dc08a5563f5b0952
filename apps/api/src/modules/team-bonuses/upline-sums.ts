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

const LIMB = 2 ** 32;

/**
 * Exact integer sums, one per node, in two typed arrays of doubles: a high and a low 32-bit limb, the low
 * one carried after every addition, so every value a bigint column can hold sums exactly without a bigint
 * per node (decision 39).
 */
class Sums {
  private readonly hi: Float64Array;
  private readonly lo: Float64Array;

  constructor(size: number) {
    this.hi = new Float64Array(size);
    this.lo = new Float64Array(size);
  }

  /** Adds an integer given as decimal text. */
  addText(k: number, text: string): void {
    // Up to 15 digits is exact as a double; beyond, split through a bigint (rare: amounts past 10^15).
    let hi: number;
    let lo: number;
    if (text.length <= 15) {
      const value = Number(text);
      hi = Math.floor(value / LIMB);
      lo = value - hi * LIMB;
    } else {
      const value = BigInt(text);
      hi = Number(value >> 32n);
      lo = Number(value & 0xffffffffn);
    }
    this.addLimbs(k, hi, lo);
  }

  /** Adds `from`'s node `j` into node `k`. */
  add(k: number, from: Sums, j: number): void {
    this.addLimbs(k, from.hi[j]!, from.lo[j]!);
  }

  private addLimbs(k: number, hi: number, lo: number): void {
    let low = this.lo[k]! + lo;
    let high = this.hi[k]! + hi;
    if (low >= LIMB) {
      low -= LIMB;
      high += 1;
    }
    this.lo[k] = low;
    this.hi[k] = high;
  }

  text(k: number): string {
    const hi = this.hi[k]!;
    const lo = this.lo[k]!;
    return hi === 0 ? String(lo) : (BigInt(hi) * BigInt(LIMB) + BigInt(lo)).toString();
  }
}

/**
 * The walk's nodes in parallel typed arrays, a node's index standing for it (decision 39): the sums go up
 * 456,000 nodes in the bench, and as a Map of objects with a bigint per sum that cost 1.2-1.9 s and most
 * of the run's garbage collection; as typed arrays, about 0.5 s.
 */
class WalkedTree {
  readonly ids: Float64Array;
  readonly parents: Int32Array;
  /** 1 left, 2 right, 0 a root. */
  readonly sides: Uint8Array;
  /** A node's own amount, then (once its children are in) its whole subtree's. */
  readonly sub: Sums;
  readonly left: Sums;
  readonly right: Sums;
  /** Some member of the source is below this node: it is a placement ancestor of the source. */
  readonly ancestor: Uint8Array;
  readonly size: number;

  /** Parses the walk's `id,parent,side,amount;...` text. */
  constructor(text: string) {
    const records = text === '' ? [] : text.split(';');
    const capacity = records.length;
    this.ids = new Float64Array(capacity);
    this.sides = new Uint8Array(capacity);
    this.sub = new Sums(capacity);
    this.left = new Sums(capacity);
    this.right = new Sums(capacity);
    this.ancestor = new Uint8Array(capacity);
    const parentIds = new Float64Array(capacity);
    const indexOf = new Map<number, number>();
    let size = 0;
    for (const record of records) {
      const a = record.indexOf(',');
      const b = record.indexOf(',', a + 1);
      const c = record.indexOf(',', b + 1);
      const id = Number(record.slice(0, a));
      // A source member that is also an ancestor of another comes twice (with its amount, and with 0 from
      // the walk): one node.
      let k = indexOf.get(id);
      if (k === undefined) {
        k = size++;
        indexOf.set(id, k);
        this.ids[k] = id;
        parentIds[k] = b > a + 1 ? Number(record.slice(a + 1, b)) : -1;
        const side = record.charCodeAt(b + 1);
        this.sides[k] = side === 108 /* l */ ? 1 : side === 114 /* r */ ? 2 : 0;
      }
      this.sub.addText(k, record.slice(c + 1));
    }
    this.size = size;
    this.parents = new Int32Array(size);
    for (let k = 0; k < size; k++) {
      this.parents[k] = parentIds[k]! < 0 ? -1 : (indexOf.get(parentIds[k]!) ?? -1);
    }
  }

  /** Sums every node's subtree into its parent's left or right, a node after all its children. */
  sumUp(): void {
    const pending = new Int32Array(this.size);
    for (let k = 0; k < this.size; k++) if (this.parents[k]! >= 0) pending[this.parents[k]!]!++;
    // Leaves first; a parent is ready when its last child is in.
    const ready: number[] = [];
    for (let k = 0; k < this.size; k++) if (pending[k] === 0) ready.push(k);
    while (ready.length > 0) {
      const k = ready.pop()!;
      const p = this.parents[k]!;
      if (p < 0) continue;
      if (this.sides[k] === 1) this.left.add(p, this.sub, k);
      else if (this.sides[k] === 2) this.right.add(p, this.sub, k);
      this.sub.add(p, this.sub, k);
      this.ancestor[p] = 1;
      if (--pending[p]! === 0) ready.push(p);
    }
  }
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

  const tree = new WalkedTree(walked.rows[0]?.nodes ?? '');
  tree.sumUp();
  const ids: number[] = [];
  const lefts: string[] = [];
  const rights: string[] = [];
  for (let k = 0; k < tree.size; k++) {
    if (!tree.ancestor[k]) continue;
    ids.push(tree.ids[k]!);
    lefts.push(tree.left.text(k));
    rights.push(tree.right.text(k));
  }
  const array = (values: Array<number | string>) => `{${values.join(',')}}`;
  await sql`DROP TABLE IF EXISTS ${sql.table(target)}`.execute(trx);
  await sql`
    CREATE TEMP TABLE ${sql.table(target)} ON COMMIT DROP AS
    SELECT * FROM unnest(${array(ids)}::bigint[], ${array(lefts)}::bigint[], ${array(rights)}::bigint[])
      AS x(member_id, new_left, new_right)`.execute(trx);
  await sql`ANALYZE ${sql.table(target)}`.execute(trx);
  return ids.length;
}
