import type pg from 'pg';

/**
 * Makes the pool's connections run Kysely's statements as named prepared statements, so PostgreSQL parses
 * and plans each statement text once per connection instead of on every execution (decision 71; measured
 * in bench/README.md). Bounded: each connection names the first `limit` distinct texts it sees and runs the
 * rest unnamed, as before, so texts that vary (`IN` lists of any length) cannot grow the server's memory.
 *
 * Off by default (DB_PREPARED_STATEMENTS=0). The known risk when on: a migration that changes the columns
 * a prepared `SELECT *` returns makes PostgreSQL refuse that statement on the connections that prepared it
 * ("cached plan must not change result type") until they are replaced; run migrations with the API
 * processes restarted after them.
 */
export function namePreparedStatements(pool: pg.Pool, limit: number): void {
  if (limit <= 0) return;
  pool.on('connect', (client) => {
    const names = new Map<string, string>();
    type Query = (...args: unknown[]) => unknown;
    const original = (client.query as Query).bind(client);
    // Kysely calls query(text, values) and nothing else; every other form goes through untouched.
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return original(...args);
      let name = names.get(text);
      if (name === undefined && names.size < limit) {
        name = `k${names.size}`;
        names.set(text, name);
      }
      return name === undefined ? original(text, values) : original({ name, text, values });
    };
  });
}
