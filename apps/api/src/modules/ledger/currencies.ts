import { type AnyDb, own } from '../../db/tables';

/** The ledger's currencies as other modules read them: code and decimals, through the caller's handle. */
export async function currencyDecimals(db: AnyDb, code: string): Promise<number> {
  const row = await own<'currencies'>(db)
    .selectFrom('currencies')
    .select('decimals')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.decimals;
}
