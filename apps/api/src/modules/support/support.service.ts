import type {
  TAdminEnquiry,
  TAdminEnquiryPage,
  TAdminEnquiryQuery,
  TAdminEnquiryThread,
  TEnquiry,
  TEnquiryListQuery,
  TEnquiryPage,
  TEnquiryThread,
  TOpenEnquiryRequest,
  TPageQuery,
  TSentMessagePage,
} from '@app/contracts';
import type { Db } from '../../db/database';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { LiveEvents } from '../../platform/live-events';
import type { createNotificationService } from '../notifications/notifications.service';
import type { UploadService } from '../uploads/uploads.service';
import { createSupportRepository, type EnquiryRow } from './support.repository';

/** A message as the routes hand it over (the shared schema has filled in the defaults). */
export interface MessageInput {
  text: string;
  pictureId?: string | undefined;
}

/** Where the member reads an enquiry in the web app; a staff reply's notification leads there. */
export const threadLink = (enquiryId: string) => `/pages/personal/CustomerServiceMsg?id=${enquiryId}`;

/**
 * Customer service. Members open enquiries and write in their own; staff (admins) answer and close any.
 * Every change publishes an `enquiry` live event in its own transaction, so open chats refetch on commit:
 * member messages to the staff, staff messages to the member (with a notification behind the bell).
 */
export function createSupportService(deps: {
  db: Db;
  uploads: Pick<UploadService, 'claim'>;
  notifications: Pick<ReturnType<typeof createNotificationService>, 'notify'>;
  live: Pick<LiveEvents, 'publish'>;
}) {
  const { db, uploads, notifications, live } = deps;
  const repo = createSupportRepository(db);

  /** The member's own enquiry. Anyone else's is "not found", so ids cannot be probed. */
  async function ownEnquiry(ex: Db, memberId: string, id: string, lock = false): Promise<EnquiryRow> {
    const row = await repo.findEnquiry(ex, id, { lock });
    if (!row || row.member_id !== memberId) throw new AppError('ENQUIRY_NOT_FOUND', 'No such enquiry');
    return row;
  }

  async function anyEnquiry(ex: Db, id: string, lock = false): Promise<EnquiryRow> {
    const row = await repo.findEnquiry(ex, id, { lock });
    if (!row) throw new AppError('ENQUIRY_NOT_FOUND', 'No such enquiry');
    return row;
  }

  function refuseClosed(row: EnquiryRow): void {
    if (row.status === 'closed') throw new AppError('ENQUIRY_CLOSED', 'The enquiry is closed');
  }

  /** The picture must be the author's own, unused support upload; claiming it makes it the message's. */
  async function claimPicture(trx: Db, authorId: string, pictureId: string | undefined): Promise<void> {
    if (pictureId) await uploads.claim(trx, { ids: [pictureId], ownerId: authorId, purpose: 'support' });
  }

  async function threadOf(row: EnquiryRow): Promise<TEnquiryThread> {
    return { enquiry: repo.enquiryOf(row), messages: await repo.messages(db, row.id) };
  }

  async function adminThreadOf(row: EnquiryRow): Promise<TAdminEnquiryThread> {
    const { enquiry, messages } = await threadOf(row);
    const username = await repo.usernameOf(row.member_id);
    return { enquiry: { ...enquiry, memberId: row.member_id, username }, messages };
  }

  const enquiryEvent = (id: string) => ({ type: 'enquiry' as const, enquiryId: id });

  return {
    /** sendEnquiries: the enquiry and its first message, waiting for staff. */
    async open(memberId: string, body: TOpenEnquiryRequest): Promise<TEnquiryThread> {
      const row = await db.transaction().execute(async (trx) => {
        const enquiry = await repo.insertEnquiry(trx, {
          memberId,
          category: body.category,
          subject: body.subject,
        });
        await claimPicture(trx, memberId, body.pictureId);
        await repo.insertMessage(trx, {
          enquiryId: enquiry.id,
          authorId: memberId,
          fromStaff: false,
          text: body.message,
          pictureId: body.pictureId,
        });
        await live.publish(trx, { admins: true }, enquiryEvent(enquiry.id));
        return enquiry;
      });
      return threadOf(row);
    },

    async list(memberId: string, query: TEnquiryListQuery): Promise<TEnquiryPage> {
      const items = await repo.memberPage(memberId, query);
      return { items, page: query.page, pageSize: query.pageSize };
    },

    async thread(memberId: string, id: string): Promise<TEnquiryThread> {
      return threadOf(await ownEnquiry(db, memberId, id));
    },

    /** The member writes in their own enquiry; it waits for staff again. */
    async post(memberId: string, id: string, message: MessageInput): Promise<TEnquiryThread> {
      await db.transaction().execute(async (trx) => {
        refuseClosed(await ownEnquiry(trx, memberId, id, true));
        await claimPicture(trx, memberId, message.pictureId);
        await repo.insertMessage(trx, {
          enquiryId: id,
          authorId: memberId,
          fromStaff: false,
          text: message.text,
          pictureId: message.pictureId,
        });
        await repo.markTurn(trx, id, 'open');
        await live.publish(trx, { admins: true }, enquiryEvent(id));
        // The member's other open screens (another tab, the phone) show it too.
        await live.publish(trx, { memberId }, enquiryEvent(id));
      });
      return threadOf(await anyEnquiry(db, id));
    },

    /** The member ends their enquiry: it moves to their history and takes no more messages. */
    async close(memberId: string, id: string): Promise<TEnquiry> {
      const row = await db.transaction().execute(async (trx) => {
        refuseClosed(await ownEnquiry(trx, memberId, id, true));
        const closed = await repo.close(trx, id, memberId);
        await live.publish(trx, { admins: true }, enquiryEvent(id));
        await live.publish(trx, { memberId }, enquiryEvent(id));
        return closed;
      });
      return repo.enquiryOf(row);
    },

    /** showEmailHistory: what the platform sent the member, subjects only. */
    async sentMessages(memberId: string, query: TPageQuery): Promise<TSentMessagePage> {
      return {
        items: await repo.sentMessagesPage(memberId, query),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** The staff queue of one status. */
    async queue(query: TAdminEnquiryQuery): Promise<TAdminEnquiryPage> {
      return { items: await repo.queuePage(query), page: query.page, pageSize: query.pageSize };
    },

    async staffThread(id: string): Promise<TAdminEnquiryThread> {
      return adminThreadOf(await anyEnquiry(db, id));
    },

    /**
     * A staff answer. The member hears of it twice: the open chat refetches (live event) and the bell shows
     * a notification that leads to the thread. Staff replies are text only: a staff member's upload would be
     * private to its uploader and the admins, so the member could not see it.
     */
    async reply(actor: Actor, id: string, text: string): Promise<TAdminEnquiryThread> {
      await db.transaction().execute(async (trx) => {
        const enquiry = await anyEnquiry(trx, id, true);
        refuseClosed(enquiry);
        await repo.insertMessage(trx, { enquiryId: id, authorId: actor.memberId, fromStaff: true, text });
        await repo.markTurn(trx, id, 'answered');
        await notifications.notify(trx, {
          memberId: enquiry.member_id,
          kind: 'enquiry_reply',
          params: { subject: enquiry.subject },
          link: threadLink(id),
        });
        await live.publish(trx, { memberId: enquiry.member_id }, enquiryEvent(id));
        await live.publish(trx, { admins: true }, enquiryEvent(id));
        await recordAudit(trx, actor, { action: 'support.replied', subject: `enquiry:${id}` });
      });
      return adminThreadOf(await anyEnquiry(db, id));
    },

    async staffClose(actor: Actor, id: string): Promise<TAdminEnquiry> {
      const row = await db.transaction().execute(async (trx) => {
        const enquiry = await anyEnquiry(trx, id, true);
        refuseClosed(enquiry);
        const closed = await repo.close(trx, id, actor.memberId);
        await live.publish(trx, { memberId: enquiry.member_id }, enquiryEvent(id));
        await live.publish(trx, { admins: true }, enquiryEvent(id));
        await recordAudit(trx, actor, { action: 'support.closed', subject: `enquiry:${id}` });
        return closed;
      });
      const username = await repo.usernameOf(row.member_id);
      return { ...repo.enquiryOf(row), memberId: row.member_id, username };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
