import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db';
import { createDb, type Db } from './database';
import { namePreparedStatements, type PreparedStatements } from './prepared-statements';

let drop: () => Promise<void>;
/** One connection, bound 2: every statement runs on the session whose prepared statements are read. */
let db: Db;
/** One connection with room for every statement below, and its handle. */
let live: { db: Db; statements: PreparedStatements };
/** Another connection that changes the schema, as a migrating process would. */
let migrator: Db;
let url: string;
beforeAll(async () => {
  const test = await createTestDb();
  drop = test.drop;
  url = test.url;
  migrator = test.db;
  db = createDb(test.url, 1, 2).db;
  live = createDb(test.url, 1, 100);
});
afterAll(async () => {
  await db?.destroy();
  await live?.db.destroy();
  await drop?.();
});

const prepared = async (on: Db) =>
  (
    await sql<{ name: string; statement: string }>`
      SELECT name, statement FROM pg_prepared_statements ORDER BY name`.execute(on)
  ).rows;

it('names the first distinct statements of a connection, and no more', async () => {
  await sql`SELECT ${1}::int AS one`.execute(db);
  await sql`SELECT ${1}::int AS one`.execute(db); // the same text: no second name
  await sql`SELECT ${2}::int AS two`.execute(db);
  // The third distinct text (the read below) runs unnamed: the bound is 2.
  const rows = await prepared(db);
  expect(rows.map((r) => r.name)).toEqual(['k0', 'k1']);
  expect(rows.map((r) => r.statement)).toEqual(['SELECT $1::int AS one', 'SELECT $1::int AS two']);
  // Named statements answer as unnamed ones do, with new values each time.
  expect((await sql<{ one: number }>`SELECT ${7}::int AS one`.execute(db)).rows).toEqual([{ one: 7 }]);
});

describe('a schema change under prepared statements (decision 76)', () => {
  /** A table read with a prepared `SELECT *` on the live connection, then given a column by the migrator. */
  async function preparedThenWidened(table: string) {
    await sql`CREATE TABLE ${sql.table(table)} (a int NOT NULL)`.execute(migrator);
    await sql`INSERT INTO ${sql.table(table)} (a) VALUES (1)`.execute(migrator);
    const read = (on: Db) => sql`SELECT * FROM ${sql.table(table)} WHERE a = ${1}`.execute(on);
    expect((await read(live.db)).rows).toEqual([{ a: 1 }]);
    const statement = `SELECT * FROM "${table}" WHERE a = $1`;
    expect((await prepared(live.db)).map((r) => r.statement)).toContain(statement);
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN b int NOT NULL DEFAULT 2`.execute(migrator);
    return { read, statement };
  }

  it('a read outside a transaction is prepared afresh and answers with the new column', async () => {
    const { read } = await preparedThenWidened('widened_outside');
    // PostgreSQL refuses the old statement ("cached plan must not change result type", 0A000).
    expect((await read(live.db)).rows).toEqual([{ a: 1, b: 2 }]);
    expect((await read(live.db)).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('told of the change in a transaction, it runs unnamed; the next use outside drops the old ones', async () => {
    const { read, statement } = await preparedThenWidened('widened_told');
    const nameOf = async () => (await prepared(live.db)).find((r) => r.statement === statement)?.name;
    const old = await nameOf();
    const inside = await live.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx); // the transaction is open when the news arrives
      live.statements.schemaChanged();
      return read(trx);
    });
    expect(inside.rows).toEqual([{ a: 1, b: 2 }]);
    // Outside a transaction again: DEALLOCATE ALL, then the read is prepared under a new name.
    expect((await read(live.db)).rows).toEqual([{ a: 1, b: 2 }]);
    const now = await nameOf();
    expect(now).toBeDefined();
    expect(now).not.toBe(old);
    expect((await prepared(live.db)).map((r) => r.name)).not.toContain(old);
  });

  it('not told, a transaction fails once; the connection is prepared afresh for its next use', async () => {
    const { read } = await preparedThenWidened('widened_untold');
    const inside = live.db.transaction().execute((trx) => read(trx));
    await expect(inside).rejects.toMatchObject({ code: '0A000' });
    expect((await live.db.transaction().execute((trx) => read(trx))).rows).toEqual([{ a: 1, b: 2 }]);
  });
});

describe('a named statement is described once per connection (decision 95)', () => {
  /** A pooled connection that names its statements, and the RowDescription messages it has received. */
  async function watchedClient() {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    namePreparedStatements(pool, 10);
    const client = await pool.connect();
    const described = { count: 0 };
    (client as unknown as { connection: pg.Connection }).connection.on('rowDescription', () => {
      described.count++;
    });
    const done = async () => {
      client.release();
      await pool.end();
    };
    return { client, described, done };
  }
  const text = 'SELECT $1::int AS n, $2::timestamptz AS at, $3::text AS note, $4::int[] AS list';

  it("the second run reads the first run's shape: same rows, same fields, values parsed", async () => {
    const { client, described, done } = await watchedClient();
    try {
      const at = new Date('2026-11-28T10:00:00.000Z');
      const first = await client.query(text, [1, at, 'a', [1, 2]]);
      const second = await client.query(text, [2, at, null, []]);
      expect(described.count).toBe(1);
      expect(first.rows).toEqual([{ n: 1, at, note: 'a', list: [1, 2] }]);
      expect(second.rows).toEqual([{ n: 2, at, note: null, list: [] }]);
      expect(second.fields.map((f) => f.name)).toEqual(['n', 'at', 'note', 'list']);
      expect(second.rowCount).toBe(1);
      // No rows: still the right (empty) answer.
      const none = await client.query('SELECT $1::int AS n WHERE false', [1]);
      const noneAgain = await client.query('SELECT $1::int AS n WHERE false', [1]);
      expect([none.rows, noneAgain.rows]).toEqual([[], []]);
    } finally {
      await done();
    }
  });

  it('a value that cannot be sent fails that query alone; the statement runs again after it', async () => {
    const { client, done } = await watchedClient();
    const unsendable = {
      toPostgres: () => {
        throw new Error('cannot send');
      },
    };
    try {
      // On the statement's first run (parsed in the same pipeline) and on a later one (shape known).
      const firstRun = 'SELECT $1::int AS n';
      await expect(client.query(firstRun, [unsendable])).rejects.toThrow('cannot send');
      expect((await client.query(firstRun, [7])).rows).toEqual([{ n: 7 }]);
      await client.query(text, [1, new Date(), 'a', [1]]);
      await expect(client.query(text, [unsendable, new Date(), 'a', [1]])).rejects.toThrow('cannot send');
      expect((await client.query(text, [2, null, null, null])).rows).toEqual([
        { n: 2, at: null, note: null, list: null },
      ]);
    } finally {
      await done();
    }
  });
});
