import { randomUUID } from 'node:crypto';
import type {
  TAdminEnquiryPage,
  TAdminEnquiryThread,
  TEnquiry,
  TEnquiryPage,
  TEnquiryThread,
  TLiveEvent,
  TNotificationPage,
  TSentMessagePage,
  TStoredUpload,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, ORIGIN, type TestApp } from '../../../test/test-app';
import { picture } from '../../../test/upload-fixtures';
import { createLiveEvents } from '../../platform/live-events';

let t: TestApp;
let alice: Client;
let bobby: Client;
let staff: Client;
let aliceId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = new Client(t.app);
  aliceId = (await alice.login('alice01')).userid;
  bobby = new Client(t.app);
  bobby.ip = '10.0.0.2';
  await bobby.login('bobby01');
  staff = new Client(t.app);
  staff.ip = '10.0.0.3';
  await staff.loginAdmin();
});
afterAll(async () => {
  await t?.close();
});

/** Uploads a picture as the web app does (multipart, field `file`). */
async function upload(client: Client, purpose = 'support'): Promise<TStoredUpload> {
  const boundary = `----support${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    await picture('png'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/uploads?purpose=${purpose}`,
    headers: {
      origin: ORIGIN,
      cookie: `__Host-sid=${client.cookie}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  expect(reply.statusCode).toBe(200);
  return reply.json<TStoredUpload>();
}

/** Fetches an upload's bytes as the client: the status says whether they were handed out. */
async function fetchPicture(client: Client, url: string): Promise<number> {
  const reply = await t.app.inject({
    method: 'GET',
    url,
    headers: { origin: ORIGIN, cookie: `__Host-sid=${client.cookie}` },
  });
  return reply.statusCode;
}

async function openEnquiry(client: Client, body: Record<string, unknown> = {}): Promise<TEnquiryThread> {
  const reply = await client.post<TEnquiryThread>('/api/support/enquiries', {
    category: 'withdrawal',
    subject: 'Withdrawal still pending',
    message: 'My withdrawal from Monday is still pending.',
    ...body,
  });
  expect(reply.status).toBe(200);
  return reply.body;
}

/** Every support row, as PostgreSQL prints it: "nothing changed" means this text did not change. */
async function supportRows(): Promise<string> {
  const rows = await sql<{ line: string }>`
    SELECT 'e' || e::text AS line FROM support_enquiries e
    UNION ALL SELECT 'm' || m::text FROM support_messages m
    ORDER BY line`.execute(t.db);
  return rows.rows.map((r) => r.line).join('\n');
}

describe('who may call the support routes', () => {
  it('refuses a visitor without a session (401) on every route, and a member on the staff routes (403)', async () => {
    const visitor = new Client(t.app);
    const { enquiry } = await openEnquiry(alice);
    const memberRoutes: Array<['GET' | 'POST', string]> = [
      ['GET', '/api/support/enquiries'],
      ['POST', '/api/support/enquiries'],
      ['GET', `/api/support/enquiries/${enquiry.id}`],
      ['POST', `/api/support/enquiries/${enquiry.id}/messages`],
      ['POST', `/api/support/enquiries/${enquiry.id}/close`],
      ['GET', '/api/support/sent-messages'],
    ];
    const staffRoutes: Array<['GET' | 'POST', string]> = [
      ['GET', '/api/admin/enquiries'],
      ['GET', `/api/admin/enquiries/${enquiry.id}`],
      ['POST', `/api/admin/enquiries/${enquiry.id}/messages`],
      ['POST', `/api/admin/enquiries/${enquiry.id}/close`],
    ];
    const before = await supportRows();
    for (const [method, url] of [...memberRoutes, ...staffRoutes]) {
      const reply = await visitor.call(method, url, method === 'POST' ? { text: 'hi' } : undefined);
      expect(reply.status, `${method} ${url}`).toBe(401);
    }
    for (const [method, url] of staffRoutes) {
      const reply = await alice.call(method, url, method === 'POST' ? { text: 'I am staff now' } : undefined);
      expect(reply.status, `${method} ${url}`).toBe(403);
      expect(reply.body.code).toBe('FORBIDDEN');
    }
    expect(await supportRows()).toBe(before);
  });
});

describe('an enquiry from opening to a staff answer', () => {
  it('opens with a picture, reaches the staff queue, and the staff reply reaches the member', async () => {
    const shot = await upload(alice);
    const opened = await openEnquiry(alice, { subject: 'Deposit not credited', pictureId: shot.id });
    const id = opened.enquiry.id;
    expect(opened.enquiry).toMatchObject({ status: 'open', category: 'withdrawal', closedAt: null });
    expect(opened.messages).toEqual([
      expect.objectContaining({
        fromStaff: false,
        text: 'My withdrawal from Monday is still pending.',
        pictureUrl: shot.url,
      }),
    ]);

    const mine = await alice.get<TEnquiryPage>('/api/support/enquiries?state=active');
    expect(mine.body.items.map((e) => e.id)).toContain(id);

    const queue = await staff.get<TAdminEnquiryPage>('/api/admin/enquiries?status=open&pageSize=50');
    expect(queue.status).toBe(200);
    expect(queue.body.items.find((e) => e.id === id)).toMatchObject({ username: 'alice01', status: 'open' });

    const seen = await staff.get<TAdminEnquiryThread>(`/api/admin/enquiries/${id}`);
    expect(seen.body.enquiry.username).toBe('alice01');
    // Staff see the member's picture; the member sees their own.
    expect(await fetchPicture(staff, shot.url)).toBe(200);
    expect(await fetchPicture(alice, shot.url)).toBe(200);

    const replied = await staff.post<TAdminEnquiryThread>(`/api/admin/enquiries/${id}/messages`, {
      text: 'We found it: it is credited now.',
    });
    expect(replied.status).toBe(200);
    expect(replied.body.enquiry.status).toBe('answered');

    const thread = await alice.get<TEnquiryThread>(`/api/support/enquiries/${id}`);
    expect(thread.body.enquiry.status).toBe('answered');
    expect(thread.body.messages.map((m) => [m.fromStaff, m.text])).toEqual([
      [false, 'My withdrawal from Monday is still pending.'],
      [true, 'We found it: it is credited now.'],
    ]);

    const bell = await alice.get<TNotificationPage>('/api/notifications');
    expect(bell.body.items[0]).toMatchObject({
      kind: 'enquiry_reply',
      params: { subject: 'Deposit not credited' },
      link: `/pages/personal/CustomerServiceMsg?id=${id}`,
      read: false,
    });

    // The member answers back: the enquiry waits for staff again.
    const back = await alice.post<TEnquiryThread>(`/api/support/enquiries/${id}/messages`, {
      text: 'Thanks!',
    });
    expect(back.status).toBe(200);
    expect(back.body.enquiry.status).toBe('open');
    expect(back.body.messages).toHaveLength(3);
  });

  it('takes a message that is only a picture', async () => {
    const { enquiry } = await openEnquiry(alice);
    const shot = await upload(alice);
    const reply = await alice.post<TEnquiryThread>(`/api/support/enquiries/${enquiry.id}/messages`, {
      pictureId: shot.id,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.messages.at(-1)).toMatchObject({ text: '', pictureUrl: shot.url });
  });
});

describe('live events', () => {
  it('tell staff of a new enquiry and the member of a staff reply, and nothing of a refused message', async () => {
    // A second process's listener on the same database: what any API instance's streams would receive.
    const live = createLiveEvents({ databaseUrl: t.databaseUrl });
    const toAlice: TLiveEvent[] = [];
    const toStaff: TLiveEvent[] = [];
    try {
      await live.ready();
      live.subscribe({ memberId: aliceId, admin: false, send: (e) => toAlice.push(e), end: () => {} });
      live.subscribe({ memberId: '0', admin: true, send: (e) => toStaff.push(e), end: () => {} });
      const { enquiry } = await openEnquiry(alice);
      const event = { type: 'enquiry', enquiryId: enquiry.id };
      await expect.poll(() => toStaff).toContainEqual(event);

      await staff.post(`/api/admin/enquiries/${enquiry.id}/messages`, { text: 'On it.' });
      await expect.poll(() => toAlice).toContainEqual(event);
      expect(toAlice).toContainEqual({ type: 'notification' });

      // A refused message publishes nothing: its transaction rolled back, and the NOTIFY with it.
      await alice.post(`/api/support/enquiries/${enquiry.id}/close`);
      await expect.poll(() => toStaff.length).toBe(3);
      const seen = toStaff.length;
      expect(
        (await alice.post(`/api/support/enquiries/${enquiry.id}/messages`, { text: 'late' })).status,
      ).toBe(409);
      // Notifications arrive in commit order: once a later enquiry's event is here, a stray one would be too.
      const later = await openEnquiry(bobby);
      await expect.poll(() => toStaff.length).toBe(seen + 1);
      expect(toStaff.at(-1)).toEqual({ type: 'enquiry', enquiryId: later.enquiry.id });
    } finally {
      await live.close();
    }
  });
});

describe('another member’s enquiry', () => {
  it('is not found for a stranger: not readable, not writable, not closable, its picture not served', async () => {
    const shot = await upload(alice);
    const { enquiry } = await openEnquiry(alice, { pictureId: shot.id });
    const before = await supportRows();

    for (const [method, url, body] of [
      ['GET', `/api/support/enquiries/${enquiry.id}`, undefined],
      ['POST', `/api/support/enquiries/${enquiry.id}/messages`, { text: 'let me in' }],
      ['POST', `/api/support/enquiries/${enquiry.id}/close`, {}],
    ] as const) {
      const reply = await bobby.call(method, url, body);
      expect(reply.status, `${method} ${url}`).toBe(404);
      expect(reply.body.code).toBe('ENQUIRY_NOT_FOUND');
    }
    expect(await fetchPicture(bobby, shot.url)).toBe(404);
    const list = await bobby.get<TEnquiryPage>('/api/support/enquiries?pageSize=50');
    expect(list.body.items.map((e) => e.id)).not.toContain(enquiry.id);
    expect(await supportRows()).toBe(before);
  });

  it('refuses another member’s upload as a picture, and an upload of another purpose', async () => {
    const alicesShot = await upload(alice);
    const { enquiry } = await openEnquiry(bobby);
    const avatar = await upload(bobby, 'avatar');
    const before = await supportRows();

    const stolen = await bobby.post(`/api/support/enquiries/${enquiry.id}/messages`, {
      pictureId: alicesShot.id,
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('UPLOAD_NOT_FOUND');
    const opened = await bobby.post('/api/support/enquiries', {
      category: 'other',
      subject: 'Look at this',
      message: 'Whose picture is this?',
      pictureId: alicesShot.id,
    });
    expect(opened.body.code).toBe('UPLOAD_NOT_FOUND');
    const wrongPurpose = await bobby.post(`/api/support/enquiries/${enquiry.id}/messages`, {
      pictureId: avatar.id,
    });
    expect(wrongPurpose.body.code).toBe('UPLOAD_NOT_FOUND');

    // Nothing was written: no enquiry, no message, and Alice's picture is still hers only.
    expect(await supportRows()).toBe(before);
    expect(await fetchPicture(bobby, alicesShot.url)).toBe(404);
  });
});

describe('a closed enquiry', () => {
  it('moves to the history and refuses new messages from the member and from staff', async () => {
    const { enquiry } = await openEnquiry(alice, { subject: 'Please close me' });
    const closed = await alice.post<TEnquiry>(`/api/support/enquiries/${enquiry.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect(closed.body.closedAt).not.toBeNull();

    const active = await alice.get<TEnquiryPage>('/api/support/enquiries?state=active&pageSize=50');
    expect(active.body.items.map((e) => e.id)).not.toContain(enquiry.id);
    const history = await alice.get<TEnquiryPage>('/api/support/enquiries?state=closed&pageSize=50');
    expect(history.body.items.map((e) => e.id)).toContain(enquiry.id);

    const before = await supportRows();
    const member = await alice.post(`/api/support/enquiries/${enquiry.id}/messages`, {
      text: 'One more thing',
    });
    expect(member.status).toBe(409);
    expect(member.body.code).toBe('ENQUIRY_CLOSED');
    const reply = await staff.post(`/api/admin/enquiries/${enquiry.id}/messages`, { text: 'Late answer' });
    expect(reply.body.code).toBe('ENQUIRY_CLOSED');
    const again = await staff.post(`/api/admin/enquiries/${enquiry.id}/close`);
    expect(again.body.code).toBe('ENQUIRY_CLOSED');
    expect(await supportRows()).toBe(before);

    // Still readable, as history.
    const thread = await alice.get<TEnquiryThread>(`/api/support/enquiries/${enquiry.id}`);
    expect(thread.body.enquiry.status).toBe('closed');
  });

  it('can be closed by staff, which the member then sees', async () => {
    const { enquiry } = await openEnquiry(bobby);
    const closed = await staff.post(`/api/admin/enquiries/${enquiry.id}/close`);
    expect(closed.status).toBe(200);
    const thread = await bobby.get<TEnquiryThread>(`/api/support/enquiries/${enquiry.id}`);
    expect(thread.body.enquiry.status).toBe('closed');
    const queue = await staff.get<TAdminEnquiryPage>('/api/admin/enquiries?status=closed&pageSize=50');
    expect(queue.body.items.map((e) => e.id)).toContain(enquiry.id);
  });
});

describe('bad input', () => {
  it('is refused with a code per field and changes nothing', async () => {
    const { enquiry } = await openEnquiry(alice);
    const before = await supportRows();
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      [
        '/api/support/enquiries',
        { category: 'lottery', subject: 's', message: 'm' },
        'category',
        'ENQUIRY_CATEGORY_UNKNOWN',
      ],
      ['/api/support/enquiries', { category: 'other', subject: '   ', message: 'm' }, 'subject', 'REQUIRED'],
      [
        '/api/support/enquiries',
        { category: 'other', subject: 'x'.repeat(121), message: 'm' },
        'subject',
        'ENQUIRY_SUBJECT_TOO_LONG',
      ],
      ['/api/support/enquiries', { category: 'other', subject: 's', message: '' }, 'message', 'REQUIRED'],
      [
        '/api/support/enquiries',
        { category: 'other', subject: 's', message: 'm', pictureId: '../../etc/passwd' },
        'pictureId',
        'UPLOAD_NOT_FOUND',
      ],
      [`/api/support/enquiries/${enquiry.id}/messages`, { text: '  ' }, 'text', 'ENQUIRY_MESSAGE_EMPTY'],
      [
        `/api/support/enquiries/${enquiry.id}/messages`,
        { text: 'y'.repeat(2001) },
        'text',
        'ENQUIRY_MESSAGE_TOO_LONG',
      ],
      [`/api/admin/enquiries/${enquiry.id}/messages`, { text: '' }, 'text', 'REQUIRED'],
    ];
    for (const [url, body, path, code] of cases) {
      const client = url.startsWith('/api/admin') ? staff : alice;
      const reply = await client.post<{
        code: string;
        details: { fields: Array<{ path: string; code: string }> };
      }>(url, body);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body.code).toBe('VALIDATION_FAILED');
      expect(reply.body.details.fields).toContainEqual({ path, code });
    }
    for (const url of [
      '/api/support/enquiries/abc',
      '/api/support/enquiries/0',
      '/api/admin/enquiries/1e3',
    ]) {
      const client = url.startsWith('/api/admin') ? staff : alice;
      expect((await client.get(url)).status).toBe(400);
    }
    expect((await alice.get('/api/support/enquiries/999999999')).body.code).toBe('ENQUIRY_NOT_FOUND');
    expect((await alice.get('/api/support/enquiries?state=deleted')).status).toBe(400);
    expect((await staff.get('/api/admin/enquiries?status=spam')).status).toBe(400);
    expect(await supportRows()).toBe(before);
  });
});

describe('the email history (showEmailHistory)', () => {
  it('lists what was sent to the member, masked and without the code, and nothing of anyone else', async () => {
    const sent = await alice.post('/api/me/tac', { purpose: 'transaction_password' });
    expect(sent.status).toBe(200);
    const code = t.outbox.list('alice01@demo.local')[0]?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const page = await alice.get<TSentMessagePage>('/api/support/sent-messages');
    expect(page.status).toBe(200);
    expect(page.body.items[0]).toMatchObject({
      channel: 'email',
      destination: 'a***1@demo.local',
      subject: 'Your verification code',
      purpose: 'transaction_password',
    });
    expect(JSON.stringify(page.body)).not.toContain(code);
    expect(JSON.stringify(page.body)).not.toContain('alice01@');

    const others = await bobby.get<TSentMessagePage>('/api/support/sent-messages');
    expect(others.body.items.every((m) => !m.destination.startsWith('a***'))).toBe(true);
  });

  it('pages like every list: page size, then the next page', async () => {
    const first = await alice.get<TEnquiryPage>('/api/support/enquiries?state=active&page=1&pageSize=2');
    const second = await alice.get<TEnquiryPage>('/api/support/enquiries?state=active&page=2&pageSize=2');
    expect(first.body).toMatchObject({ page: 1, pageSize: 2 });
    expect(first.body.items).toHaveLength(2);
    const ids = [...first.body.items, ...second.body.items].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
