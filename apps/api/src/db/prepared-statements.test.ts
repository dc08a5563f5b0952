import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db';
import { createDb, type Db } from './database';

let drop: () => Promise<void>;
let db: Db;
beforeAll(async () => {
  const test = await createTestDb();
  drop = test.drop;
  await test.db.destroy();
  // One connection, so every statement below runs on the session whose prepared statements are read.
  db = createDb(test.url, 1, 2).db;
});
afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

const prepared = async () =>
  (
    await sql<{ name: string; statement: string }>`
      SELECT name, statement FROM pg_prepared_statements ORDER BY name`.execute(db)
  ).rows;

it('names the first distinct statements of a connection, and no more', async () => {
  await sql`SELECT ${1}::int AS one`.execute(db);
  await sql`SELECT ${1}::int AS one`.execute(db); // the same text: no second name
  await sql`SELECT ${2}::int AS two`.execute(db);
  // The third distinct text (the read below) runs unnamed: the bound is 2.
  const rows = await prepared();
  expect(rows.map((r) => r.name)).toEqual(['k0', 'k1']);
  expect(rows.map((r) => r.statement)).toEqual(['SELECT $1::int AS one', 'SELECT $1::int AS two']);
  // Named statements answer as unnamed ones do, with new values each time.
  expect((await sql<{ one: number }>`SELECT ${7}::int AS one`.execute(db)).rows).toEqual([{ one: 7 }]);
});
