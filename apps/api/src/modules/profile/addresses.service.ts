import { AddressLimits, type TAddress, type TAddressValues, type TPage } from '@app/contracts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { MemberAddressesTable } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { telPrefixes } from '../auth/tel-prefixes';

type AddressRow = Selectable<MemberAddressesTable>;

function toAddress(row: AddressRow): TAddress {
  return {
    id: row.id,
    name: row.name,
    phonePrefix: row.phone_prefix,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    isDefault: row.is_default,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The columns a form writes: the same on add and edit. */
function columnsOf(input: TAddressValues) {
  // The phone takes the prefixes sign-up offers, not just anything shaped like one.
  if (!telPrefixes.some((p) => p.prefix === input.phonePrefix)) throw new AppError('MOBILE_INVALID');
  return {
    name: input.name,
    phone_prefix: input.phonePrefix,
    phone: input.phone,
    line1: input.line1,
    line2: input.line2,
    city: input.city,
    state: input.state,
    postcode: input.postcode,
    country: input.country,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
  };
}

/**
 * Every write of one member's addresses runs under that member's advisory lock: the limit count, and the
 * hand-over of the default (clear the old, then set the new, in two statements because a unique index is
 * checked row by row), cannot interleave with another request of the same member. The partial unique index
 * stays the last word: one default per member, whatever happens.
 */
async function lockMember(trx: Db, memberId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`member_addresses:${memberId}`}, 0))`.execute(
    trx,
  );
}

async function ownRow(trx: Db, memberId: string, id: string): Promise<AddressRow> {
  const row = await trx
    .selectFrom('member_addresses')
    .selectAll()
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  // Someone else's address answers exactly like one that does not exist.
  if (!row) throw new AppError('ADDRESS_NOT_FOUND');
  return row;
}

async function clearDefault(trx: Db, memberId: string): Promise<void> {
  await trx
    .updateTable('member_addresses')
    .set({ is_default: false })
    .where('member_id', '=', memberId)
    .where('is_default', '=', true)
    .execute();
}

/**
 * The member's saved contact addresses (getcaddress, updatecaddress): add, edit, delete, choose the default.
 * While a member has any address, exactly one is the default: the first one added becomes it, and deleting
 * the default hands it to the newest remaining one.
 */
export function createAddressService({ db }: { db: Db }) {
  async function list(memberId: string, page: number, pageSize: number): Promise<TPage<TAddress>> {
    const rows = await db
      .selectFrom('member_addresses')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { items: rows.map(toAddress), page, pageSize };
  }

  async function get(memberId: string, id: string): Promise<TAddress> {
    return toAddress(await ownRow(db, memberId, id));
  }

  async function create(memberId: string, input: TAddressValues): Promise<TAddress> {
    const columns = columnsOf(input);
    return db.transaction().execute(async (trx) => {
      await lockMember(trx, memberId);
      const { count, defaults } = await trx
        .selectFrom('member_addresses')
        .select([
          sql<number>`count(*)::int`.as('count'),
          sql<number>`count(*) FILTER (WHERE is_default)::int`.as('defaults'),
        ])
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      if (count >= AddressLimits.perMember) {
        throw new AppError('ADDRESS_LIMIT_REACHED', 'Too many saved addresses', {
          limit: AddressLimits.perMember,
        });
      }
      const isDefault = input.isDefault === true || defaults === 0;
      if (isDefault) await clearDefault(trx, memberId);
      const row = await trx
        .insertInto('member_addresses')
        .values({ member_id: memberId, ...columns, is_default: isDefault })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toAddress(row);
    });
  }

  async function update(memberId: string, id: string, input: TAddressValues): Promise<TAddress> {
    const columns = columnsOf(input);
    return db.transaction().execute(async (trx) => {
      await lockMember(trx, memberId);
      const existing = await ownRow(trx, memberId, id);
      const becomesDefault = input.isDefault === true && !existing.is_default;
      if (becomesDefault) await clearDefault(trx, memberId);
      const row = await trx
        .updateTable('member_addresses')
        .set({ ...columns, is_default: existing.is_default || becomesDefault, updated_at: sql`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toAddress(row);
    });
  }

  async function remove(memberId: string, id: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await lockMember(trx, memberId);
      const existing = await ownRow(trx, memberId, id);
      await trx.deleteFrom('member_addresses').where('id', '=', id).execute();
      if (!existing.is_default) return;
      const newest = await trx
        .selectFrom('member_addresses')
        .select('id')
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (newest) {
        await trx
          .updateTable('member_addresses')
          .set({ is_default: true })
          .where('id', '=', newest.id)
          .execute();
      }
    });
  }

  async function setDefault(memberId: string, id: string): Promise<TAddress> {
    return db.transaction().execute(async (trx) => {
      await lockMember(trx, memberId);
      const existing = await ownRow(trx, memberId, id);
      if (existing.is_default) return toAddress(existing);
      await clearDefault(trx, memberId);
      const row = await trx
        .updateTable('member_addresses')
        .set({ is_default: true, updated_at: sql`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toAddress(row);
    });
  }

  return { list, get, create, update, remove, setDefault };
}

export type AddressService = ReturnType<typeof createAddressService>;
