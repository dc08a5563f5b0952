import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db';
import { sumUpPlacementTree } from './upline-sums';

const { db, drop } = await createTestDb();
afterAll(drop);

/** A random binary placement tree: each member under a random earlier one with a free side. */
async function randomTree(size: number): Promise<string[]> {
  const ids: string[] = [];
  const free: Array<{ id: string; depth: number; side: 'left' | 'right' }> = [];
  for (let i = 0; i < size; i++) {
    const slot = i === 0 ? null : free.splice(Math.floor(Math.random() * free.length), 1)[0]!;
    const row = await db
      .insertInto('members')
      .values({
        username: `sum${process.pid % 1000}x${i}`,
        email: null,
        mobile: null,
        full_name: null,
        password_hash: 'not-a-login',
        transaction_password_hash: null,
        role: 'member',
        sponsor_id: slot?.id ?? null,
        placement_parent_id: slot?.id ?? null,
        placement_side: slot?.side ?? null,
        placement_depth: slot ? slot.depth + 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    const depth = slot ? slot.depth + 1 : 0;
    free.push({ id: row.id, depth, side: 'left' }, { id: row.id, depth, side: 'right' });
  }
  return ids;
}

describe('sumUpPlacementTree', () => {
  it('gives every ancestor the same left and right sums as a walk per member (the old statement)', async () => {
    const ids = await randomTree(300);
    // Buyers anywhere, ancestors of each other included; a few amounts beyond 2^53.
    const buyers = ids
      .filter(() => Math.random() < 0.3)
      .map((id, i) => [id, i % 7 === 0 ? 9007199254740993n + BigInt(i) : BigInt(1 + i * 37)] as const);
    const values = sql.join(buyers.map(([id, amount]) => sql`(${id}::bigint, ${amount.toString()}::bigint)`));
    const [mine, oracle] = await db.transaction().execute(async (trx) => {
      await sql`CREATE TEMP TABLE src ON COMMIT DROP AS SELECT * FROM (VALUES ${values}) v(member_id, amount)`.execute(
        trx,
      );
      const written = await sumUpPlacementTree(trx, sql`src`, 'sums');
      const got = await sql<{ member_id: string; l: string; r: string }>`
        SELECT member_id::text, new_left::text AS l, new_right::text AS r FROM sums ORDER BY 1`.execute(trx);
      const expected = await sql<{ member_id: string; l: string; r: string }>`
        WITH RECURSIVE up(ancestor, side, amount) AS (
          SELECT m.placement_parent_id, m.placement_side, s.amount
          FROM src s JOIN members m ON m.id = s.member_id WHERE m.placement_parent_id IS NOT NULL
          UNION ALL
          SELECT p.placement_parent_id, p.placement_side, up.amount
          FROM up JOIN members p ON p.id = up.ancestor WHERE p.placement_parent_id IS NOT NULL
        )
        SELECT ancestor::text AS member_id,
          coalesce(sum(amount) FILTER (WHERE side = 'left'), 0)::text AS l,
          coalesce(sum(amount) FILTER (WHERE side = 'right'), 0)::text AS r
        FROM up GROUP BY ancestor ORDER BY 1`.execute(trx);
      expect(written).toBe(expected.rows.length);
      return [got.rows, expected.rows];
    });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine).toEqual(oracle);
  });
});
