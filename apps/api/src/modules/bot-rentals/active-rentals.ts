import { type AnyDb, type AnyTrx, own } from '../../db/tables';

/** The bot-rentals tables other modules learn about through the functions here. */
type RentalTables = 'bot_rentals' | 'bot_packages';

/** What the bots need to know of a member's rental: its limits and until when it runs. */
export interface ActiveRental {
  id: string;
  packageId: string;
  currency: string;
  /** the most capital the member's bots under this rental may commit, in the currency's minor units */
  capitalLimitMinor: bigint;
  mode: 'own_key' | 'managed';
  exchanges: ('paper' | 'binance' | 'bybit' | 'gate')[];
  marketTypes: ('spot' | 'perpetual')[];
  startsAt: Date;
  endsAt: Date;
}

/**
 * The member's rentals that are active now (`now() < ends_at`, by the database's clock; a renewal after expiry
 * moves ends_at and keeps starts_at), longest-running
 * first. An expired rental is not here: the engine stops opening new cycles on it and lets open ones finish.
 */
export async function activeRentalsOf(db: AnyDb, memberId: string): Promise<ActiveRental[]> {
  const rows = await own<RentalTables>(db)
    .selectFrom('bot_rentals as r')
    .innerJoin('bot_packages as p', 'p.id', 'r.package_id')
    .where('r.member_id', '=', memberId)
    .where('r.ends_at', '>', (eb) => eb.fn('now'))
    .select([
      'r.id',
      'r.package_id',
      'r.currency',
      'r.capital_limit_minor',
      'r.mode',
      'p.exchanges',
      'p.market_types',
      'r.starts_at',
      'r.ends_at',
    ])
    .orderBy('r.ends_at', 'desc')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    packageId: r.package_id,
    currency: r.currency,
    capitalLimitMinor: BigInt(r.capital_limit_minor),
    mode: r.mode,
    exchanges: r.exchanges,
    marketTypes: r.market_types,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
  }));
}

/**
 * Locks the rental's row in the caller's transaction: what serialises the bots that share its capital
 * limit (creating, changing or resuming one reads what the others use, then writes).
 */
export async function lockRental(trx: AnyTrx, rentalId: string): Promise<void> {
  await own<RentalTables>(trx)
    .selectFrom('bot_rentals')
    .select('id')
    .where('id', '=', rentalId)
    .forUpdate()
    .execute();
}

/** The mode of each of these rentals that exists: 'managed' trades the platform's account, not the member's key. */
export async function rentalModes(
  db: AnyDb,
  rentalIds: readonly string[],
): Promise<Map<string, ActiveRental['mode']>> {
  if (rentalIds.length === 0) return new Map();
  const rows = await own<RentalTables>(db)
    .selectFrom('bot_rentals')
    .select(['id', 'mode'])
    .where('id', 'in', rentalIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.mode]));
}
