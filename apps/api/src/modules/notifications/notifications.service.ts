import type {
  NotificationParams,
  TNotification,
  TNotificationKind,
  TNotificationPage,
  TPageQuery,
} from '@app/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import { type AnyDb, own } from '../../db/tables';

/** The tables the notifications module owns (migration 0009). */
type NotificationTables = 'notifications' | 'notification_reads';

import type { Database } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { LiveEvents } from '../../platform/live-events';

/** What to say: the kind names the texts, its params fill them in; `link` is where a tap leads. */
export type NotificationInput<K extends TNotificationKind = TNotificationKind> = {
  kind: K;
  params?: NotificationParams[K];
  link?: string;
};

/** The notifications a member sees: their own and every broadcast. */
function visibleTo(memberId: string) {
  return (eb: ExpressionBuilder<Database, 'notifications'>) =>
    eb.or([eb('notifications.member_id', '=', memberId), eb('notifications.member_id', 'is', null)]);
}

/** Not yet read by the member. */
function unreadBy(memberId: string) {
  return (eb: ExpressionBuilder<Database, 'notifications'>) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('notification_reads as r')
          .select(sql.lit(1).as('one'))
          .whereRef('r.notification_id', '=', 'notifications.id')
          .where('r.member_id', '=', memberId),
      ),
    );
}

/**
 * Notifications behind the bell. Other modules call `notify` / `broadcast` inside the transaction that makes
 * the change they announce, so a notification exists exactly when its change does, and the member's open
 * streams hear of it on commit.
 */
export function createNotificationService(deps: { db: AnyDb; live: LiveEvents }) {
  const db = own<NotificationTables>(deps.db);
  const { live } = deps;
  /** The bell's page: built and compiled once, run with each request's values (decision 87). */
  const listQuery = compiledOnce(db, (p: { memberId: string; limit: number; offset: number }) =>
    db
      .selectFrom('notifications')
      .leftJoin('notification_reads as r', (join) =>
        join.onRef('r.notification_id', '=', 'notifications.id').on('r.member_id', '=', p.memberId),
      )
      .select([
        'notifications.id',
        'notifications.kind',
        'notifications.params',
        'notifications.link',
        'notifications.created_at',
        'r.read_at',
      ])
      .where(visibleTo(p.memberId))
      .orderBy('notifications.id', 'desc')
      .limit(p.limit)
      .offset(p.offset),
  );
  return {
    /** Tells one member. */
    notify: async <K extends TNotificationKind>(
      trx: AnyDb,
      input: NotificationInput<K> & { memberId: string },
    ): Promise<void> => {
      await own<NotificationTables>(trx)
        .insertInto('notifications')
        .values({
          member_id: input.memberId,
          kind: input.kind,
          params: JSON.stringify(input.params ?? {}),
          link: input.link ?? null,
        })
        .execute();
      await live.publish(trx, { memberId: input.memberId }, { type: 'notification' });
    },

    /** Tells every member: stored once, read (and counted) separately by each. */
    broadcast: async <K extends TNotificationKind>(
      trx: AnyDb,
      input: NotificationInput<K>,
    ): Promise<void> => {
      await own<NotificationTables>(trx)
        .insertInto('notifications')
        .values({
          member_id: null,
          kind: input.kind,
          params: JSON.stringify(input.params ?? {}),
          link: input.link ?? null,
        })
        .execute();
      await live.publish(trx, { everyone: true }, { type: 'notification' });
    },

    /** Newest first, each with whether the member has read it. */
    list: async (memberId: string, page: TPageQuery): Promise<TNotificationPage> => {
      const rows = await listQuery.execute({
        memberId,
        limit: page.pageSize,
        offset: (page.page - 1) * page.pageSize,
      });
      const items: TNotification[] = rows.map((row) => ({
        id: row.id,
        kind: row.kind as TNotificationKind,
        params: row.params,
        link: row.link,
        createdAt: row.created_at.toISOString(),
        read: row.read_at !== null,
      }));
      return { items, page: page.page, pageSize: page.pageSize };
    },

    unreadCount: async (memberId: string): Promise<number> => {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where(visibleTo(memberId))
        .where(unreadBy(memberId))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** NOTIFICATION_NOT_FOUND when the member cannot see it (another member's, or none). */
    markRead: async (memberId: string, id: string): Promise<void> => {
      await db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('notifications')
          .select('id')
          .where('id', '=', id)
          .where(visibleTo(memberId))
          .executeTakeFirst();
        if (!found) throw new AppError('NOTIFICATION_NOT_FOUND');
        const inserted = await trx
          .insertInto('notification_reads')
          .values({ member_id: memberId, notification_id: id })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        // The member's other tabs and devices update their bell too.
        if (inserted.numInsertedOrUpdatedRows) {
          await live.publish(trx, { memberId }, { type: 'notification' });
        }
      });
    },

    markAllRead: async (memberId: string): Promise<void> => {
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('notification_reads')
          .columns(['member_id', 'notification_id'])
          .expression(
            trx
              .selectFrom('notifications')
              .select([sql<string>`${memberId}::bigint`.as('member_id'), 'notifications.id'])
              .where(visibleTo(memberId))
              .where(unreadBy(memberId)),
          )
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (inserted.numInsertedOrUpdatedRows) {
          await live.publish(trx, { memberId }, { type: 'notification' });
        }
      });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
