import type pg from 'pg';
import { KnownShapeQuery, type NamedStatement } from './known-shape-query';

/** The channel a process migrating the database notifies once it changed the schema (connect.ts). */
export const SCHEMA_CHANNEL = 'schema_changed';

/** PostgreSQL's "cached plan must not change result type": a prepared statement outlived a schema change. */
const STALE_PLAN = '0A000';

export interface PreparedStatements {
  /**
   * The schema may have changed (a migration, or a notification that could have been missed): every
   * connection drops its prepared statements before its next statement outside a transaction.
   */
  schemaChanged(): void;
}

/**
 * Makes the pool's connections run Kysely's statements as named prepared statements, so PostgreSQL parses
 * and plans each statement text once per connection instead of on every execution (decisions 71 and 76).
 * Bounded: each connection names the first `limit` distinct texts it sees and runs the rest unnamed, so
 * texts that vary (`IN` lists of any length) cannot grow the server's memory.
 *
 * A schema change (a migration adding a column to a table read with `SELECT *`) makes PostgreSQL refuse a
 * statement prepared before it, on every connection that prepared it, until the statement is replaced. Two
 * things make that harmless (decision 76):
 * - `schemaChanged()` (a migration notified it, or the listener could have missed that) starts a new
 *   generation: a connection of an older one runs its statements unnamed while inside a transaction, and
 *   at its next statement outside one sends `DEALLOCATE ALL` and prepares afresh under new names;
 * - a statement refused that way starts a new generation too, and outside a transaction it is run again
 *   once, on the same connection, prepared afresh. Inside a transaction it fails as any error does (the
 *   transaction is already aborted), and the connection's next use prepares afresh.
 */
export function namePreparedStatements(pool: pg.Pool, limit: number): PreparedStatements {
  let generation = 0;
  const schemaChanged = () => {
    generation++;
  };
  if (limit <= 0) return { schemaChanged };

  pool.on('connect', (client) => {
    const statements = new Map<string, NamedStatement>();
    let mine = generation;
    /** Names are never reused on a connection: pg remembers which it parsed, and refuses a new text under one. */
    let serial = 0;
    type Query = (...args: unknown[]) => Promise<unknown>;
    const original = (client.query as Query).bind(client);
    const outsideTransaction = () => client.getTransactionStatus() === 'I';

    function statementFor(text: string): NamedStatement | undefined {
      if (mine !== generation) {
        // Statements of an older schema: inside a transaction none of them is used; outside, all go.
        if (!outsideTransaction()) return undefined;
        original('DEALLOCATE ALL').catch(() => {});
        statements.clear();
        mine = generation;
      }
      let statement = statements.get(text);
      if (statement === undefined && statements.size < limit) {
        statement = { name: `k${serial++}` };
        statements.set(text, statement);
      }
      return statement;
    }

    /** The named statement as a query that describes its rows only on its first execution (decision 95). */
    function runNamed(statement: NamedStatement, text: string, values: unknown[]): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const query = new KnownShapeQuery(
          text,
          values,
          (error, result) => {
            if (!error) return resolve(result);
            // As pg's promise does: a stack that leads back here, not to the socket's read.
            Error.captureStackTrace(error);
            reject(error);
          },
          statement,
        );
        original(query);
      });
    }

    async function run(text: string, values: unknown[], retried: boolean): Promise<unknown> {
      const statement = statementFor(text);
      if (statement === undefined) return original(text, values);
      try {
        return await runNamed(statement, text, values);
      } catch (error) {
        if ((error as { code?: string }).code !== STALE_PLAN) throw error;
        if (mine === generation) schemaChanged();
        if (retried || !outsideTransaction()) throw error;
        return run(text, values, true);
      }
    }

    // Kysely calls query(text, values) and nothing else; every other form goes through untouched.
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return original(...args);
      return run(text, values, false);
    };
  });
  return { schemaChanged };
}
