import type {
  TAdminKycDetail,
  TAdminKycPage,
  TErrorBody,
  TKycState,
  TKycSubmitRequest,
  TMe,
  TNotificationPage,
  TStoredUpload,
} from '@app/contracts';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';
import { kycRepository } from './kyc.repository';

let t: TestApp;
const clients = new Map<string, Client>();

async function as(username: string, password = 'Demo12345'): Promise<Client> {
  const known = clients.get(username);
  if (known) return known;
  const client = new Client(t.app);
  await client.login(username, password);
  clients.set(username, client);
  return client;
}

/** The demo admin, logged in with an authenticator code and stepped up for money actions. */
async function asAdmin(): Promise<Client> {
  const known = clients.get('admin');
  if (known) return known;
  const client = new Client(t.app);
  await client.loginAdmin();
  clients.set('admin', client);
  return client;
}
const admin = () => asAdmin();

let shade = 0;
/** A real picture, a little different each time, uploaded as the web app does (multipart, field `file`). */
async function upload(client: Client, purpose = 'kyc'): Promise<string> {
  shade = (shade + 37) % 256;
  const png = await sharp({
    create: { width: 64, height: 40, channels: 3, background: { r: shade, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const boundary = `----kyc${shade}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const reply = await client.call<TStoredUpload>('POST', `/api/uploads?purpose=${purpose}`, body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  expect(reply.status).toBe(200);
  return reply.body.id;
}

async function pictures(client: Client) {
  return {
    frontUploadId: await upload(client),
    backUploadId: await upload(client),
    holdingUploadId: await upload(client),
  };
}

let idCounter = 0;
async function submission(client: Client, overrides: Partial<TKycSubmitRequest> = {}) {
  idCounter++;
  return {
    country: 'MY',
    idType: 'ic',
    fullName: 'Raj A/L Kumar',
    idNumber: `900101-14-${String(1000 + idCounter)}`,
    ...(await pictures(client)),
    ...overrides,
  };
}

/** Fetches a picture with the client's session; its body is bytes, not JSON. */
async function pictureStatus(client: Client, url: string): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `__Host-sid=${client.cookie}` },
  });
  if (response.statusCode === 200) expect(response.headers['content-type']).toMatch(/^image\//);
  return response.statusCode;
}

const stateOf = async (client: Client) => (await client.get<TKycState>('/api/kyc')).body;
/** /api/me, after checking that `statusOf` (the service's own read) gives the member the same KYC status. */
async function meOf(client: Client): Promise<TMe> {
  const me = (await client.get<TMe>('/api/me')).body;
  const { id } = await t.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', me.username)
    .executeTakeFirstOrThrow();
  expect(await kycRepository.statusOf(t.db, id)).toBe(me.kycStatus);
  return me;
}

/** Every KYC row and the claimed uploads, as text: what "nothing changed" compares. */
async function snapshot(): Promise<string> {
  const kyc = await sql<{ line: string }>`SELECT k::text AS line FROM kyc_submissions k ORDER BY id`.execute(
    t.db,
  );
  const claimed = await sql<{ line: string }>`
    SELECT id::text AS line FROM uploads WHERE claimed_at IS NOT NULL ORDER BY id`.execute(t.db);
  const notes = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notifications`.execute(t.db);
  return JSON.stringify([kyc.rows, claimed.rows, notes.rows]);
}

async function kinds(client: Client): Promise<Array<[string, Record<string, string>]>> {
  const page = (await client.get<TNotificationPage>('/api/notifications')).body;
  return page.items.filter((n) => n.kind.startsWith('kyc_')).map((n) => [n.kind, n.params]);
}

async function auditActions(subject: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('action')
    .where('subject', '=', subject)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

beforeAll(async () => {
  // Every client here shares one IP: the per-IP upload limit must not be what a test meets.
  t = await createTestApp({ MONEY_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

describe('who may call the KYC routes', () => {
  it('refuses a visitor without a session (401) on every KYC route', async () => {
    const visitor = new Client(t.app);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      visitor.get('/api/kyc'),
      visitor.post('/api/kyc', {}),
      visitor.post('/api/kyc/id-number-check', { country: 'MY', idType: 'ic', idNumber: 'A1234' }),
      visitor.get('/api/admin/kyc'),
      visitor.get(`/api/admin/kyc/${id}`),
      visitor.post(`/api/admin/kyc/${id}/approve`),
      visitor.post(`/api/admin/kyc/${id}/reject`, { reason: 'Blurred picture' }),
    ];
    for (const reply of await Promise.all(calls)) {
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe('SESSION_INVALID');
    }
  });

  it('refuses a member on every admin KYC route (403), even for their own submission', async () => {
    const henry = await as('henry01');
    const submitted = await henry.post<TKycState>('/api/kyc', await submission(henry));
    expect(submitted.status).toBe(200);
    const id = submitted.body.submission?.id;
    const before = await snapshot();
    const calls = [
      henry.get('/api/admin/kyc'),
      henry.get(`/api/admin/kyc/${id}`),
      henry.post(`/api/admin/kyc/${id}/approve`),
      henry.post(`/api/admin/kyc/${id}/reject`, { reason: 'Blurred picture' }),
    ];
    for (const reply of await Promise.all(calls)) {
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toBe(before);
    expect((await stateOf(henry)).status).toBe('pending');
  });
});

describe('the KYC state machine over HTTP', () => {
  it('goes none → pending → rejected (with the reason) → pending → approved, and approved is final', async () => {
    const alice = await as('alice01');
    const boss = await admin();
    expect(await stateOf(alice)).toEqual({ status: 'none', submission: null });
    expect((await meOf(alice)).kycStatus).toBe('none');

    // Submitted: waiting approval, with the pictures the member sent. Lower case and spaces are normalised.
    const first = await submission(alice, { idNumber: ' a1234567 ', idType: 'passport', country: 'SG' });
    const submitted = await alice.post<TKycState>('/api/kyc', first);
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('pending');
    const firstId = submitted.body.submission?.id ?? '';
    expect(await stateOf(alice)).toMatchObject({
      status: 'pending',
      submission: {
        id: firstId,
        country: 'SG',
        idType: 'passport',
        idNumber: 'A1234567',
        fullName: 'Raj A/L Kumar',
        reason: null,
        reviewedAt: null,
        pictures: {
          front: `/api/uploads/${first.frontUploadId}`,
          back: `/api/uploads/${first.backUploadId}`,
          holding: `/api/uploads/${first.holdingUploadId}`,
        },
      },
    });
    expect((await meOf(alice)).kycStatus).toBe('pending');

    // While it waits, another submission is refused and changes nothing.
    let before = await snapshot();
    const again = await alice.post<TErrorBody>('/api/kyc', await submission(alice));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('KYC_PENDING');
    expect(await snapshot()).toBe(before);

    // The admin sees it in the pending queue and in detail.
    const queue = await boss.get<TAdminKycPage>('/api/admin/kyc?status=pending');
    expect(queue.body.items.map((i) => i.id)).toContain(firstId);
    const detail = await boss.get<TAdminKycDetail>(`/api/admin/kyc/${firstId}`);
    expect(detail.body).toMatchObject({ username: 'alice01', status: 'pending', earlierSubmissions: 0 });

    // A rejection needs a reason; without one nothing changes.
    before = await snapshot();
    for (const body of [{}, { reason: '' }, { reason: '  ' }]) {
      const refused = await boss.post<TErrorBody>(`/api/admin/kyc/${firstId}/reject`, body);
      expect(refused.status).toBe(400);
    }
    const noReason = await boss.post<TErrorBody>(`/api/admin/kyc/${firstId}/reject`, { reason: ' ' });
    expect(noReason.body.details?.fields).toEqual([{ path: 'reason', code: 'REASON_REQUIRED' }]);
    expect(await snapshot()).toBe(before);

    const rejected = await boss.post<TAdminKycDetail>(`/api/admin/kyc/${firstId}/reject`, {
      reason: 'The holding picture is blurred',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', reviewedBy: 'admin' });
    expect(await stateOf(alice)).toMatchObject({
      status: 'rejected',
      submission: { id: firstId, reason: 'The holding picture is blurred' },
    });
    expect((await meOf(alice)).kycStatus).toBe('rejected');
    expect(await kinds(alice)).toEqual([['kyc_rejected', { reason: 'The holding picture is blurred' }]]);

    // A decided submission cannot be decided again.
    before = await snapshot();
    const twice = await boss.post<TErrorBody>(`/api/admin/kyc/${firstId}/approve`);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('KYC_NOT_PENDING');
    expect(await snapshot()).toBe(before);

    // Rejected: the member submits again, even the same ID number (a rejection frees it).
    const second = await submission(alice, { idNumber: 'A1234567', idType: 'passport', country: 'SG' });
    const resubmitted = await alice.post<TKycState>('/api/kyc', second);
    expect(resubmitted.status).toBe(200);
    const secondId = resubmitted.body.submission?.id ?? '';
    expect(secondId).not.toBe(firstId);
    expect((await boss.get<TAdminKycDetail>(`/api/admin/kyc/${secondId}`)).body.earlierSubmissions).toBe(1);

    const approved = await boss.post<TAdminKycDetail>(`/api/admin/kyc/${secondId}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', reason: null, reviewedBy: 'admin' });
    expect(await stateOf(alice)).toMatchObject({ status: 'approved', submission: { id: secondId } });
    expect((await meOf(alice)).kycStatus).toBe('approved');
    expect(await kinds(alice)).toEqual([
      ['kyc_approved', {}],
      ['kyc_rejected', { reason: 'The holding picture is blurred' }],
    ]);

    // Approved is final: no new submission, no second decision.
    before = await snapshot();
    const afterApproval = await alice.post<TErrorBody>('/api/kyc', await submission(alice));
    expect(afterApproval.status).toBe(409);
    expect(afterApproval.body.code).toBe('KYC_ALREADY_APPROVED');
    const rejectApproved = await boss.post<TErrorBody>(`/api/admin/kyc/${secondId}/reject`, {
      reason: 'Changed my mind',
    });
    expect(rejectApproved.body.code).toBe('KYC_NOT_PENDING');
    expect(await snapshot()).toBe(before);

    // Both submissions stay as history, and every step is in the audit log.
    const rows = await t.db
      .selectFrom('kyc_submissions')
      .select('status')
      .where('member_id', '=', (await meOf(alice)).userid)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['rejected', 'approved']);
    expect(await auditActions(`kyc:${firstId}`)).toEqual(['kyc.submitted', 'kyc.rejected']);
    expect(await auditActions(`kyc:${secondId}`)).toEqual(['kyc.submitted', 'kyc.approved']);
  });

  it('lists the queue by status and answers KYC_NOT_FOUND for an unknown submission', async () => {
    const boss = await admin();
    const all = await boss.get<TAdminKycPage>('/api/admin/kyc?pageSize=50');
    const statuses = new Set(all.body.items.map((i) => i.status));
    for (const status of statuses) {
      const page = await boss.get<TAdminKycPage>(`/api/admin/kyc?status=${status}&pageSize=50`);
      expect(page.body.items.every((i) => i.status === status)).toBe(true);
    }
    const unknown = await boss.post<TErrorBody>(
      '/api/admin/kyc/00000000-0000-4000-8000-000000000000/approve',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('KYC_NOT_FOUND');
    const badFilter = await boss.get<TErrorBody>('/api/admin/kyc?status=none');
    expect(badFilter.status).toBe(400);
  });
});

describe('ID numbers are unique per country and type', () => {
  it('the ID-number check answers only about the caller’s own submission; another member’s number is refused at submission', async () => {
    const bobby = await as('bobby01');
    const carol = await as('carol01');
    const boss = await admin();
    const held = await bobby.post<TKycState>(
      '/api/kyc',
      await submission(bobby, { idNumber: '880101-14-5566' }),
    );
    expect(held.status).toBe(200);

    const check = (client: Client, number: string, country = 'MY', idType = 'ic') =>
      client.post<{ available: boolean }>('/api/kyc/id-number-check', { country, idType, idNumber: number });
    // Another member's number: the check answers only about the caller's own submissions, so it says nothing.
    expect((await check(carol, '880101145566')).body).toEqual({ available: true });
    expect((await check(carol, '880101-14-5566')).body).toEqual({ available: true });
    // The holder's own pending number (hyphens and case ignored) is the one "not available".
    expect((await check(bobby, '880101-14-5566')).body).toEqual({ available: false });
    expect((await check(bobby, '880101145566')).body).toEqual({ available: false });
    expect((await check(bobby, '880101-14-5566', 'SG')).body).toEqual({ available: true });
    expect((await check(bobby, '880101-14-5566', 'MY', 'passport')).body).toEqual({ available: true });
    const badCheck = await check(carol, '88 01');
    expect(badCheck.status).toBe(400);

    const before = await snapshot();
    const taken = await carol.post<TErrorBody>(
      '/api/kyc',
      await submission(carol, { idNumber: '880101145566' }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('KYC_ID_TAKEN');
    expect(await snapshot()).toBe(before);
    expect((await stateOf(carol)).status).toBe('none');

    // Once the holder's submission is rejected, the number is free again.
    await boss.post(`/api/admin/kyc/${held.body.submission?.id}/reject`, { reason: 'Not your ID' });
    expect((await check(bobby, '880101-14-5566')).body).toEqual({ available: true });
    const now = await carol.post<TKycState>(
      '/api/kyc',
      await submission(carol, { idNumber: '880101-14-5566' }),
    );
    expect(now.status).toBe(200);
  });
});

describe('bad input changes nothing', () => {
  it.each([
    [{ country: 'XX' }, 'country', 'KYC_COUNTRY_INVALID'],
    [{ idType: 'visa' }, 'idType', 'KYC_ID_TYPE_INVALID'],
    [{ idNumber: 'AB' }, 'idNumber', 'KYC_ID_NUMBER_INVALID'],
    [{ idNumber: 'A1234567A1234567A1234567A1234567' }, 'idNumber', 'KYC_ID_NUMBER_INVALID'],
    [{ idNumber: 'A12 345' }, 'idNumber', 'KYC_ID_NUMBER_INVALID'],
    [{ idNumber: '--1234' }, 'idNumber', 'KYC_ID_NUMBER_INVALID'],
    [{ fullName: '' }, 'fullName', 'KYC_NAME_INVALID'],
    [{ fullName: 'R2D2' }, 'fullName', 'KYC_NAME_INVALID'],
    [{ frontUploadId: 'not-an-id' }, 'frontUploadId', 'UPLOAD_NOT_FOUND'],
  ])('refuses %j with %s: %s', async (override, path, code) => {
    const david = await as('david01');
    const body = { ...(await submission(david)), ...override };
    const before = await snapshot();
    const reply = await david.post<TErrorBody>('/api/kyc', body);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_FAILED');
    expect(reply.body.details?.fields).toContainEqual({ path, code });
    expect(await snapshot()).toBe(before);
    expect((await stateOf(david)).status).toBe('none');
  });

  it('refuses the same picture used twice (KYC_PICTURES_NOT_DISTINCT)', async () => {
    const david = await as('david01');
    const body = await submission(david);
    const before = await snapshot();
    const reply = await david.post<TErrorBody>('/api/kyc', { ...body, holdingUploadId: body.frontUploadId });
    expect(reply.status).toBe(400);
    expect(reply.body.details?.fields).toContainEqual({
      path: 'holdingUploadId',
      code: 'KYC_PICTURES_NOT_DISTINCT',
    });
    expect(await snapshot()).toBe(before);
  });
});

describe('KYC pictures belong to their member', () => {
  it("refuses a submission with another member's pictures or with non-KYC uploads (UPLOAD_NOT_FOUND)", async () => {
    const emily = await as('emily01');
    const frank = await as('frank01');
    const before = await snapshot();
    const stolen = await frank.post<TErrorBody>('/api/kyc', {
      ...(await submission(frank)),
      backUploadId: await upload(emily),
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('UPLOAD_NOT_FOUND');
    const avatar = await frank.post<TErrorBody>('/api/kyc', {
      ...(await submission(frank)),
      frontUploadId: await upload(frank, 'avatar'),
    });
    expect(avatar.body.code).toBe('UPLOAD_NOT_FOUND');
    // The refused submissions claimed none of the pictures they named.
    expect(await snapshot()).toBe(before);
    expect((await stateOf(frank)).status).toBe('none');
  });

  it("shows a stranger neither another member's KYC nor its pictures; the owner and admins see them", async () => {
    const grace = await as('grace01');
    const irene = await as('irene01');
    const boss = await admin();
    const mine = await grace.post<TKycState>('/api/kyc', await submission(grace));
    const pictures = mine.body.submission?.pictures;
    if (!pictures) throw new Error('no submission');
    // GET /api/kyc answers only for the caller: Irene sees her own (none), never Grace's.
    expect(await stateOf(irene)).toEqual({ status: 'none', submission: null });
    for (const url of Object.values(pictures)) {
      const stranger = await irene.get<TErrorBody>(url);
      expect(stranger.status).toBe(404);
      expect(stranger.body.code).toBe('UPLOAD_NOT_FOUND');
      expect((await new Client(t.app).get(url)).status).toBe(401);
      expect(await pictureStatus(grace, url)).toBe(200);
      expect(await pictureStatus(boss, url)).toBe(200);
    }
  });
});

describe('concurrent requests', () => {
  it('lets one of two simultaneous submissions of a member win; the other is KYC_PENDING', async () => {
    const jacky = await as('jacky01');
    const [a, b] = await Promise.all([submission(jacky), submission(jacky)]);
    const replies = await Promise.all([jacky.post('/api/kyc', a), jacky.post('/api/kyc', b)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body.code).toBe('KYC_PENDING');
    const rows = await t.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('member_id', '=', (await meOf(jacky)).userid)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lets one of two members submitting the same ID at once win; the other is KYC_ID_TAKEN', async () => {
    const kevin = await as('kevin01');
    const company = await as('company');
    const idNumber = 'P99887766';
    const bodies = await Promise.all([
      submission(kevin, { idNumber, idType: 'passport' }),
      submission(company, { idNumber, idType: 'passport' }),
    ]);
    const replies = await Promise.all([
      kevin.post('/api/kyc', bodies[0]),
      company.post('/api/kyc', bodies[1]),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body.code).toBe('KYC_ID_TAKEN');
    const holders = await t.db
      .selectFrom('kyc_submissions')
      .select('member_id')
      .where('id_number', '=', idNumber)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('lets one of two simultaneous decisions win; the other is KYC_NOT_PENDING', async () => {
    const irene = await as('irene01');
    const boss = await admin();
    const submitted = await irene.post<TKycState>('/api/kyc', await submission(irene));
    const id = submitted.body.submission?.id;
    const replies = await Promise.all([
      boss.post(`/api/admin/kyc/${id}/approve`),
      boss.post(`/api/admin/kyc/${id}/reject`, { reason: 'Blurred picture' }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body.code).toBe('KYC_NOT_PENDING');
    // Exactly one notification: the decision that won.
    expect(await kinds(irene)).toHaveLength(1);
  });
});
