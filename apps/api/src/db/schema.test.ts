import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeclaredColumn, declaredSchema } from '../../test/schema-types';
import { createTestDb } from '../../test/test-db';
import type { Db } from './database';

/**
 * `schema.ts` is written by hand next to the migrations; this compares it with what the migrations make,
 * so a column added, dropped, renamed, made nullable or retyped on one side only fails here instead of at
 * run time.
 */

interface ActualColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  nullable: boolean;
  filled: boolean;
}

/** What pg hands back for each column type (int8 and numeric stay strings: see database.ts). */
const kindsByDataType: Record<string, string[]> = {
  text: ['string'],
  'character varying': ['string'],
  character: ['string'],
  bigint: ['string'],
  numeric: ['string'],
  uuid: ['string'],
  inet: ['string'],
  citext: ['string'],
  integer: ['number'],
  smallint: ['number'],
  real: ['number'],
  'double precision': ['number'],
  boolean: ['boolean'],
  'timestamp with time zone': ['Date'],
  'timestamp without time zone': ['Date'],
  date: ['string'], // database.ts keeps DATE as text
  bytea: ['Buffer'],
  json: ['json'],
  jsonb: ['json'],
  ARRAY: ['array'],
};

/**
 * Where the declaration is right and information_schema cannot see it: a generated column computed from a
 * NOT NULL column is reported nullable; a table only a trigger writes needs no default for the app.
 */
const known = new Set([
  'kyc_submissions.id_number_key: nullable declared not null',
  'placement_jumps.jumps: optional on insert but the database has no default',
]);

let db: Db;
let drop: () => Promise<void>;
let actual: ActualColumn[];
let declared: Map<string, Map<string, DeclaredColumn>>;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  const result = await sql<ActualColumn>`
    SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable = 'YES' AS nullable,
           (c.column_default IS NOT NULL OR c.is_identity = 'YES' OR c.is_generated = 'ALWAYS') AS filled
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
       AND c.table_name NOT IN ('kysely_migration', 'kysely_migration_lock')
     ORDER BY c.table_name, c.ordinal_position`.execute(db);
  actual = result.rows;
  declared = declaredSchema();
});
afterAll(() => drop());

describe('db/schema.ts against the migrated database', () => {
  it('declares exactly the tables the migrations create', () => {
    const tables = [...new Set(actual.map((c) => c.table_name))].sort();
    expect([...declared.keys()].sort()).toEqual(tables);
  });

  it('declares exactly the columns of each table', () => {
    const differences: string[] = [];
    for (const [table, columns] of declared) {
      const inDb = actual.filter((c) => c.table_name === table).map((c) => c.column_name);
      for (const name of columns.keys())
        if (!inDb.includes(name)) differences.push(`${table}.${name}: not in the database`);
      for (const name of inDb) if (!columns.has(name)) differences.push(`${table}.${name}: not in schema.ts`);
    }
    expect(differences).toEqual([]);
  });

  it('gives each column the type, nullability and default the database has', () => {
    const differences: string[] = [];
    for (const column of actual) {
      const name = `${column.table_name}.${column.column_name}`;
      const typed = declared.get(column.table_name)?.get(column.column_name);
      if (!typed) continue; // reported by the test above
      const dataType = column.data_type === 'USER-DEFINED' ? column.udt_name : column.data_type;
      const allowed = kindsByDataType[dataType];
      if (!allowed) differences.push(`${name}: no mapping for ${dataType}`);
      else if (typed.kinds.some((k) => !allowed.includes(k)))
        differences.push(`${name}: ${dataType} declared as ${typed.kinds.join(' | ')}`);
      if (typed.nullable !== column.nullable)
        differences.push(
          `${name}: ${column.nullable ? 'nullable' : 'NOT NULL'} declared ${typed.nullable ? 'nullable' : 'not null'}`,
        );
      if ((typed.insertNever || (typed.insertOptional && !typed.nullable)) && !column.filled)
        differences.push(`${name}: optional on insert but the database has no default`);
    }
    expect(differences.filter((d) => !known.has(d))).toEqual([]);
  });
});
