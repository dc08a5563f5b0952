import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db';
import { checkCompiledOnceRuns, compiledOnce } from './compiled-once';
import type { Db } from './database';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await sql`CREATE TABLE kept (id int PRIMARY KEY, name text NOT NULL, tag bytea)`.execute(db);
  await sql`INSERT INTO kept VALUES (1, 'one', '\\x01'), (2, 'two', '\\x02'), (3, 'three', NULL)`.execute(db);
});
afterAll(async () => {
  await drop?.();
});

// biome-ignore lint/suspicious/noExplicitAny: a table made by this test, not in the schema
const anyDb = () => db as any as import('kysely').Kysely<any>;

/** A read with a parameter twice, a constant, a limit and an offset, and a bytea. */
const read = () =>
  compiledOnce(anyDb(), (p: { min: number; name: string; tag: Buffer; limit: number; offset: number }) =>
    anyDb()
      .selectFrom('kept')
      .select(['id', 'name'])
      .where((eb) => eb.or([eb('id', '>=', p.min), eb('name', '=', p.name), eb('tag', '=', p.tag)]))
      .where('id', '<', 100)
      .where(sql<boolean>`${p.min} >= 0`)
      .orderBy('id')
      .limit(p.limit)
      .offset(p.offset),
  );

describe('compiledOnce (decision 87)', () => {
  it('compiles once to what Kysely builds afresh, and answers the same rows', async () => {
    const query = read();
    for (const params of [
      { min: 2, name: 'one', tag: Buffer.from([9]), limit: 10, offset: 0 },
      { min: 3, name: 'none', tag: Buffer.from([2]), limit: 1, offset: 1 },
      { min: 9, name: 'none', tag: Buffer.from([9]), limit: 5, offset: 0 },
    ]) {
      const kept = query.compile(params);
      const built = query.build(params);
      const fresh = 'isRawBuilder' in built ? built.compile(anyDb()) : built.compile();
      expect(kept.sql).toBe(fresh.sql);
      expect(kept.parameters).toEqual(fresh.parameters);
      expect(await query.execute(params)).toEqual((await anyDb().executeQuery(fresh)).rows);
    }
    expect(await query.execute({ min: 2, name: 'one', tag: Buffer.from([9]), limit: 10, offset: 0 })).toEqual(
      [
        { id: 1, name: 'one' },
        { id: 2, name: 'two' },
        { id: 3, name: 'three' },
      ],
    );
    // One SQL text, the same string on every run: what the prepared statement's name is looked up by.
    expect(query.compile({ min: 1, name: 'a', tag: Buffer.from([]), limit: 1, offset: 0 }).sql).toBe(
      query.compile({ min: 2, name: 'b', tag: Buffer.from([1]), limit: 2, offset: 1 }).sql,
    );
  });

  it('takes a sql template too, compiled against the handle it runs on', async () => {
    const raw = compiledOnce(
      anyDb(),
      (p: { min: number; limit: number }) =>
        sql<{ id: number }>`SELECT id FROM kept WHERE id >= ${p.min} ORDER BY id LIMIT ${p.limit}`,
    );
    expect(raw.compile({ min: 2, limit: 5 })).toMatchObject({
      sql: 'SELECT id FROM kept WHERE id >= $1 ORDER BY id LIMIT $2',
      parameters: [2, 5],
    });
    expect(await raw.execute({ min: 2, limit: 5 })).toEqual([{ id: 2 }, { id: 3 }]);
    const inTrx = await anyDb()
      .transaction()
      .execute((trx) => raw.execute({ min: 1, limit: 1 }, trx));
    expect(inTrx).toEqual([{ id: 1 }]);
  });

  it('values stay parameters, never text', () => {
    const { sql: text, parameters } = read().compile({
      min: 1,
      name: "'; DROP TABLE kept; --",
      tag: Buffer.from([1]),
      limit: 1,
      offset: 0,
    });
    expect(text).not.toContain('DROP');
    expect(parameters).toContain("'; DROP TABLE kept; --");
  });

  it('runs inside a transaction it is given', async () => {
    const query = compiledOnce(anyDb(), (p: { id: number }) =>
      anyDb().selectFrom('kept').select('name').where('id', '=', p.id),
    );
    await anyDb()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('kept').set({ name: 'uno' }).where('id', '=', 1).execute();
        expect(await query.executeTakeFirst({ id: 1 }, trx)).toEqual({ name: 'uno' });
        await trx.updateTable('kept').set({ name: 'one' }).where('id', '=', 1).execute();
      });
    expect(await query.executeTakeFirst({ id: 1 })).toEqual({ name: 'one' });
    expect(await query.executeTakeFirst({ id: 42 })).toBeUndefined();
  });

  it('refuses a parameter used as text, or one the statement does not bind', () => {
    const asText = compiledOnce(anyDb(), (p: { id: number }) =>
      anyDb()
        .selectFrom('kept')
        .select('name')
        .where('id', '=', p.id + 1),
    );
    expect(() => asText.compile({ id: 1 })).toThrow(/only be passed to Kysely as a value/);
    const unbound = compiledOnce(anyDb(), (p: { id: number }) => {
      void p.id;
      return anyDb().selectFrom('kept').select('name').where('id', '=', 1);
    });
    expect(() => unbound.compile({ id: 1 })).toThrow(/not bound/);
  });

  it('in tests, a run whose kept statement differs from the one built afresh fails', () => {
    // A build that branches on a value (what compiledOnce forbids) gives another statement for other values.
    const branching = compiledOnce(anyDb(), (p: { id: number | null }) => {
      const q = anyDb().selectFrom('kept').select('name');
      return typeof p.id === 'number' ? q.where('id', '=', p.id) : q.where('id', '>=', p.id);
    });
    expect(() => branching.compile({ id: 1 })).toThrow(/differs/);
    checkCompiledOnceRuns(false);
    try {
      expect(() => branching.compile({ id: 1 })).not.toThrow();
    } finally {
      checkCompiledOnceRuns(true);
    }
  });
});
