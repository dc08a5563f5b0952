import { type AnyDb, own } from '../../db/tables';
import { likePrefix } from '../../platform/like';

/**
 * A page of members, newest first, with their sponsor's username; `q` matches the start of the username
 * (any case), email or mobile. A prefix match: the pattern's own wildcards are escaped, so a search cannot
 * become a scan.
 */
export function searchMembers(db: AnyDb, q: string | undefined, page: { page: number; pageSize: number }) {
  let query = own<'members'>(db)
    .selectFrom('members as m')
    .leftJoin('members as s', 's.id', 'm.sponsor_id')
    .select(['m.id', 'm.username', 'm.email', 'm.mobile', 'm.role', 'm.created_at', 's.username as sponsor']);
  if (q) {
    const prefix = likePrefix(q.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['m.username']), 'like', prefix),
        eb('m.email', 'like', prefix),
        eb('m.mobile', 'like', prefix),
      ]),
    );
  }
  return query
    .orderBy('m.id', 'desc')
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .execute();
}
