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
  portal: string;
  values: unknown[];
  binary?: boolean;
  rows?: number;
  handleError(error: Error, connection: unknown): void;
  _getRows(connection: unknown, rows: number | undefined): void;
}

interface Connection {
  bind(config: object): void;
  close(config: object): void;
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

  /** pg's `prepare` for a statement already parsed on this connection, less the Describe. */
  prepare(connection: Connection): void {
    const shape = this.statement.shape;
    if (!shape) {
      (pg.Query.prototype as unknown as { prepare(c: Connection): void }).prepare.call(this, connection);
      return;
    }
    const self = this as unknown as QueryInternals;
    self._result.fields = shape.fields;
    self._result._parsers = shape._parsers;
    self._result._prebuiltEmptyResultObject = shape._prebuiltEmptyResultObject;
    self._accumulateRows = true; // as pg sets it for a query with a callback
    try {
      connection.bind({
        portal: self.portal,
        statement: this.statement.name,
        values: self.values,
        binary: self.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      // As pg does when a value cannot be sent.
      connection.close({ type: 'S', name: this.statement.name });
      connection.sync();
      self.handleError(error as Error, connection);
      return;
    }
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
