import { createRequire } from 'node:module';
import pg from 'pg';

/** How pg turns a parameter into what it sends (dates, arrays, buffers, `toPostgres`); its typings leave it out. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as {
  prepareValue: (value: unknown) => unknown;
};

/**
 * What pg's Result learns from a statement's RowDescription: the fields, a parser for each and the empty
 * row it copies for every row. The same for every execution of one prepared statement on one connection.
 */
interface ResultShape {
  fields: unknown[];
  _parsers: unknown[];
  _prebuiltEmptyResultObject: object;
}

/** A prepared statement of one connection, and the shape of its rows once an execution described it. */
export interface NamedStatement {
  readonly name: string;
  shape?: ResultShape;
}

/** The parts of pg's Query (pg 8) this class works with; pg's typings leave them out. */
interface QueryInternals {
  _result: ResultShape;
  _accumulateRows: boolean;
  text: string;
  types?: unknown;
  portal: string;
  values: unknown[];
  binary?: boolean;
  rows?: number;
  hasBeenParsed(connection: Connection): boolean;
  handleError(error: Error, connection: Connection): void;
  _getRows(connection: Connection, rows: number | undefined): void;
}

interface Connection {
  submittedNamedStatements: Record<string, string>;
  parse(config: object): void;
  bind(config: object): void;
  describe(config: object): void;
  sync(): void;
}

type Callback = (error: Error | undefined, result: unknown) => void;

/**
 * A named prepared statement run without the Describe message after its first execution on a connection
 * (decision 95). pg asks PostgreSQL to describe the portal on every execution, and then parses the
 * RowDescription and rebuilds the row's parsers (`addFields`) each time: about 9 % of a signed-in read's
 * CPU in the app, for an answer that cannot change. PostgreSQL refuses to run a prepared statement whose
 * result type changed under it ("cached plan must not change result type", 0A000, with the column names
 * compared too), so the shape kept from the first execution is right for every execution that runs; a
 * refused one is prepared afresh under a new name (prepared-statements.ts), and described again.
 */
export class KnownShapeQuery extends pg.Query {
  constructor(
    text: string,
    values: unknown[],
    callback: Callback,
    private readonly statement: NamedStatement,
  ) {
    super(text, values, callback);
    // pg's Query keeps the config's name as `name` (its types leave it out); a named query is prepared.
    (this as { name?: string }).name = statement.name;
  }

  /**
   * pg's `prepare` (Parse once, Bind, Describe, Execute, Sync), with two differences:
   * - once the statement's shape is known, no Describe;
   * - a value that cannot be sent fails the query and leaves the statement in place. pg closes it there
   *   (`close` of type S) but keeps it listed as parsed, so every later run of that text on the connection
   *   failed with "prepared statement does not exist" (26000), whichever request sent it.
   */
  prepare(connection: Connection): void {
    const self = this as unknown as QueryInternals;
    const { name, shape } = this.statement;
    if (shape) {
      self._result.fields = shape.fields;
      self._result._parsers = shape._parsers;
      self._result._prebuiltEmptyResultObject = shape._prebuiltEmptyResultObject;
      self._accumulateRows = true; // as pg sets it for a query with a callback
    } else if (!self.hasBeenParsed(connection)) {
      connection.parse({ text: self.text, name, types: self.types });
      connection.submittedNamedStatements[name] = self.text;
    }
    try {
      connection.bind({
        portal: self.portal,
        statement: name,
        values: self.values,
        binary: self.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      // Nothing of the Bind was written; a Parse sent before it still prepares the statement for next time.
      connection.sync();
      self.handleError(error as Error, connection);
      return;
    }
    if (!shape) connection.describe({ type: 'P', name: self.portal });
    self._getRows(connection, self.rows);
  }

  handleRowDescription(message: unknown): void {
    (pg.Query.prototype as unknown as { handleRowDescription(m: unknown): void }).handleRowDescription.call(
      this,
      message,
    );
    const { fields, _parsers, _prebuiltEmptyResultObject } = (this as unknown as QueryInternals)._result;
    this.statement.shape = { fields, _parsers, _prebuiltEmptyResultObject };
  }
}
