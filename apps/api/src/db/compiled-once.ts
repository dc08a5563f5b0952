import { isDeepStrictEqual } from 'node:util';
import type { Compilable, CompiledQuery, QueryResult, RawBuilder } from 'kysely';
import type { AnyDb } from './tables';

/**
 * What a parameter is while the query is built: an opaque object Kysely passes through as a bound value
 * (`$n`), and that refuses to become a string or a number, so a parameter used in the query's *text*
 * (`${p.id + 1}`, a template literal) fails at build instead of being baked in.
 */
class Slot {
  constructor(readonly key: string) {}
  [Symbol.toPrimitive](): never {
    throw new Error(`compiledOnce: parameter "${this.key}" may only be passed to Kysely as a value`);
  }
}

/**
 * Tests (the API project's setup file) turn this on: every run then also builds the query afresh with its
 * real values and fails unless Kysely compiles exactly the same SQL and parameters, so each route test of a
 * read that uses `compiledOnce` checks that the kept form is the written one.
 */
let checkEachRun = false;
export function checkCompiledOnceRuns(on: boolean): void {
  checkEachRun = on;
}

export interface CompiledOnce<P, R> {
  /** Runs the query with these parameters, on `on` (a transaction) or the database it was built with. */
  execute(params: P, on?: AnyDb): Promise<R[]>;
  executeTakeFirst(params: P, on?: AnyDb): Promise<R | undefined>;
  /** The compiled statement with these parameters in place (tests compare it with `build`'s). */
  compile(params: P, on?: AnyDb): CompiledQuery<R>;
  /** The query built afresh with real values, as it was written (tests). */
  build(params: P): Buildable<R>;
}

/** A query builder, or a `sql` template (compiled against the database it is given). */
export type Buildable<R> = Compilable<R> | RawBuilder<R>;

function compileWith<R>(query: Buildable<R>, db: AnyDb): CompiledQuery<R> {
  return 'isRawBuilder' in query ? query.compile(db) : query.compile();
}

/**
 * A hot read of fixed shape, built and compiled by Kysely once and then run with new parameters
 * (decision 87): building and compiling the same query on every request was ~14 % of a signed-in read's
 * CPU. The parameters stay positional (`$1`, `$2`, as Kysely compiled them), never text, and the SQL string
 * is the same object on every call, which also makes the prepared statement's name lookup cheap.
 *
 * `build` must give the same SQL whatever the parameters' values: use them only as values (`where`,
 * `sql\`${p.x}\``, `limit`), never in a branch (`if (p.x)`), a list's length or an identifier. Parameters
 * used as text throw at build; a parameter the compiled query does not bind also throws.
 */
export function compiledOnce<P extends object, R>(
  db: AnyDb,
  build: (params: P) => Buildable<R>,
): CompiledOnce<P, R> {
  let compiled: CompiledQuery<R> | undefined;

  function compileOnce(on: AnyDb): CompiledQuery<R> {
    if (compiled) return compiled;
    const slots = new Map<string, Slot>();
    const params = new Proxy({} as P, {
      get: (_, key) => {
        if (typeof key !== 'string') return undefined;
        let slot = slots.get(key);
        if (!slot) {
          slot = new Slot(key);
          slots.set(key, slot);
        }
        return slot;
      },
    });
    const query = compileWith(build(params), on);
    for (const key of slots.keys()) {
      if (!query.parameters.some((v) => v instanceof Slot && v.key === key)) {
        throw new Error(`compiledOnce: parameter "${key}" is not bound in the compiled query`);
      }
    }
    compiled = query;
    return query;
  }

  function compile(params: P, on: AnyDb = db): CompiledQuery<R> {
    const query = compileOnce(on);
    const kept: CompiledQuery<R> = {
      ...query,
      parameters: query.parameters.map((v) => (v instanceof Slot ? params[v.key as keyof P] : v)),
    };
    if (checkEachRun) {
      const fresh = compileWith(build(params), on);
      if (fresh.sql !== kept.sql || !isDeepStrictEqual(fresh.parameters, kept.parameters)) {
        throw new Error(`compiledOnce: the kept statement differs from the one built afresh: ${fresh.sql}`);
      }
    }
    return kept;
  }

  async function execute(params: P, on: AnyDb = db): Promise<R[]> {
    const result: QueryResult<R> = await on.executeQuery(compile(params, on));
    return result.rows;
  }

  return {
    execute,
    executeTakeFirst: async (params, on) => (await execute(params, on))[0],
    compile,
    build: (params) => build(params),
  };
}
