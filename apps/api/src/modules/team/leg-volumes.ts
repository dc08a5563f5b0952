import type { Db } from '../../db/database';
import type { LegVolumes } from './team.service';

/**
 * The left and right leg volume totals the bonus runs keep (`member_volumes`, migration 0017), for the
 * nodes of one tree view. A member no run has counted yet has no row: the tree shows no volume, not zero.
 * This reads the bonus module's table because it has no service call for it yet; it belongs there.
 */
export function createLegVolumes(db: Db): LegVolumes {
  return async (memberIds) => {
    if (memberIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('member_volumes')
      .select(['member_id', 'left_total_minor', 'right_total_minor'])
      .where('member_id', 'in', memberIds)
      .execute();
    return new Map(
      rows.map((r) => [
        r.member_id,
        { left: String(r.left_total_minor), right: String(r.right_total_minor) },
      ]),
    );
  };
}
