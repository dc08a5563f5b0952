import {
  type TAdminEnquiry,
  type TEnquiry,
  type TEnquiryMessage,
  type TEnquiryStatus,
  type TSentMessage,
  uploadUrlOf,
} from '@app/contracts';
import type { Db } from '../../db/database';
import { sentMessagesOf } from '../auth/mail-log';
import { maskDestination } from '../members/mask';

/** The columns of an enquiry row as they are read back. */
type EnquiryRow = {
  id: string;
  member_id: string;
  category: string;
  subject: string;
  status: TEnquiryStatus;
  created_at: Date;
  last_message_at: Date;
  closed_at: Date | null;
};

const columns = [
  'id',
  'member_id',
  'category',
  'subject',
  'status',
  'created_at',
  'last_message_at',
  'closed_at',
] as const;
/** The same, read through the alias `e` (joined with members in the staff queue). */
const enquiryColumns = columns.map((c) => `e.${c}` as const);

function enquiryOf(row: EnquiryRow): TEnquiry {
  return {
    id: row.id,
    category: row.category as TEnquiry['category'],
    subject: row.subject,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    lastMessageAt: row.last_message_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** Enquiry and message queries only; the rules live in the service. */
export function createSupportRepository(db: Db) {
  return {
    enquiryOf,

    /** The enquiry, locked for the rest of `trx` when asked (a message and a close must not cross). */
    async findEnquiry(ex: Db, id: string, opts: { lock?: boolean } = {}): Promise<EnquiryRow | undefined> {
      let query = ex.selectFrom('support_enquiries as e').select(enquiryColumns).where('e.id', '=', id);
      if (opts.lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async insertEnquiry(
      trx: Db,
      values: { memberId: string; category: string; subject: string },
    ): Promise<EnquiryRow> {
      return trx
        .insertInto('support_enquiries')
        .values({ member_id: values.memberId, category: values.category, subject: values.subject })
        .returning(columns)
        .executeTakeFirstOrThrow();
    },

    async insertMessage(
      trx: Db,
      values: { enquiryId: string; authorId: string; fromStaff: boolean; text: string; pictureId?: string },
    ): Promise<void> {
      await trx
        .insertInto('support_messages')
        .values({
          enquiry_id: values.enquiryId,
          author_id: values.authorId,
          from_staff: values.fromStaff,
          body: values.text,
          picture_upload_id: values.pictureId ?? null,
        })
        .execute();
    },

    /** A new message moves the enquiry to whoever must answer next and to the top of the lists. */
    async markTurn(trx: Db, id: string, status: 'open' | 'answered'): Promise<void> {
      await trx
        .updateTable('support_enquiries')
        .set({ status, last_message_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async close(trx: Db, id: string, closedBy: string): Promise<EnquiryRow> {
      return trx
        .updateTable('support_enquiries')
        .set({ status: 'closed', closed_at: new Date(), closed_by: closedBy })
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirstOrThrow();
    },

    async messages(ex: Db, enquiryId: string): Promise<TEnquiryMessage[]> {
      const rows = await ex
        .selectFrom('support_messages')
        .select(['id', 'from_staff', 'body', 'picture_upload_id', 'created_at'])
        .where('enquiry_id', '=', enquiryId)
        .orderBy('id')
        .execute();
      return rows.map((m) => ({
        id: m.id,
        fromStaff: m.from_staff,
        text: m.body,
        pictureUrl: m.picture_upload_id ? uploadUrlOf(m.picture_upload_id) : null,
        createdAt: m.created_at.toISOString(),
      }));
    },

    /** The member's active (open or answered) or closed enquiries, latest activity first. */
    async memberPage(
      memberId: string,
      q: { state: 'active' | 'closed'; page: number; pageSize: number },
    ): Promise<TEnquiry[]> {
      const rows = await db
        .selectFrom('support_enquiries as e')
        .select(enquiryColumns)
        .where('e.member_id', '=', memberId)
        .where('e.status', q.state === 'closed' ? '=' : '<>', 'closed')
        .orderBy('e.last_message_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(q.pageSize)
        .offset(offsetOf(q.page, q.pageSize))
        .execute();
      return rows.map(enquiryOf);
    },

    /**
     * The staff queue of one status. Waiting enquiries come longest-waiting first (that is who to answer
     * next); answered and closed ones latest first.
     */
    async queuePage(q: { status: TEnquiryStatus; page: number; pageSize: number }): Promise<TAdminEnquiry[]> {
      const direction = q.status === 'open' ? 'asc' : 'desc';
      const rows = await db
        .selectFrom('support_enquiries as e')
        .innerJoin('members as m', 'm.id', 'e.member_id')
        .select([...enquiryColumns, 'm.username'])
        .where('e.status', '=', q.status)
        .orderBy('e.last_message_at', direction)
        .orderBy('e.id', direction)
        .limit(q.pageSize)
        .offset(offsetOf(q.page, q.pageSize))
        .execute();
      return rows.map((r) => ({ ...enquiryOf(r), memberId: r.member_id, username: r.username }));
    },

    async usernameOf(memberId: string): Promise<string> {
      const row = await db
        .selectFrom('members')
        .select('username')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      return row.username;
    },

    /** What the platform sent the member, newest first: the log keeps no message bodies, so no codes. */
    async sentMessagesPage(memberId: string, q: { page: number; pageSize: number }): Promise<TSentMessage[]> {
      const rows = await sentMessagesOf(db, memberId, {
        limit: q.pageSize,
        offset: offsetOf(q.page, q.pageSize),
      });
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        destination: maskDestination(r.destination),
        subject: r.subject,
        purpose: r.purpose,
        sentAt: r.sent_at.toISOString(),
      }));
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
export type { EnquiryRow };
