import type { TProfile, TUserInfo } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactChangeCodes, DEMO_PASSWORD } from '../../../test/step-up';
import { Client, createTestApp, lastCode, type TestApp } from '../../../test/test-app';
import { picture } from '../../../test/upload-fixtures';
import { createUploadService } from '../uploads/uploads.service';

let t: TestApp;

async function as(username: string): Promise<Client> {
  const client = new Client(t.app);
  await client.login(username);
  return client;
}

async function memberRow(username: string) {
  return t.db
    .selectFrom('members')
    .select([
      'username',
      'full_name',
      'email',
      'mobile',
      'sponsor_id',
      'placement_parent_id',
      'avatar_upload_id',
    ])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the profile', () => {
  it('refuses a visitor without a session on every profile route', async () => {
    const visitor = new Client(t.app);
    const replies = await Promise.all([
      visitor.get('/api/profile'),
      visitor.call('PATCH', '/api/profile', { fullName: 'Eve' }),
      visitor.post('/api/profile/contact/tac', { contact: { channel: 'email', email: 'eve@x.test' } }),
      visitor.post('/api/profile/contact', {
        contact: { channel: 'email', email: 'eve@x.test' },
        code: '123456',
      }),
    ]);
    expect(replies.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([401, 'SESSION_INVALID']));
  });

  it('shows who the member is, with the invitation code and the fixed tree fields', async () => {
    const david = await as('david01');
    const reply = await david.get<TProfile>('/api/profile');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      username: 'david01',
      invitationCode: 'david01',
      sponsor: 'alice01',
      email: 'david01@demo.local',
      avatarUrl: null,
      role: 'member',
    });
    expect(reply.body.placement).not.toBeNull();
    expect(reply.body.side).toMatch(/^(left|right)$/);
  });

  it('changes the full name, and /api/me says the same', async () => {
    const emily = await as('emily01');
    const reply = await emily.call<TProfile>('PATCH', '/api/profile', { fullName: '  Émily Tan-Lee ' });
    expect([reply.status, reply.body.fullName]).toEqual([200, 'Émily Tan-Lee']);
    const me = await emily.get<TUserInfo>('/api/me');
    expect(me.body.fullName).toBe('Émily Tan-Lee');
  });

  it('refuses username, sponsor or placement in an edit, and changes nothing', async () => {
    const frank = await as('frank01');
    const before = await memberRow('frank01');
    for (const body of [
      { fullName: 'Frank New', username: 'frankNEW1' },
      { fullName: 'Frank New', sponsor: 'bobby01' },
      { fullName: 'Frank New', placement: 'carol01', side: 'left' },
    ]) {
      const reply = await frank.call('PATCH', '/api/profile', body);
      expect([reply.status, reply.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await memberRow('frank01')).toEqual(before);
  });

  it('refuses a malformed name or an empty edit with a clear code, and changes nothing', async () => {
    const frank = await as('frank01');
    const before = await memberRow('frank01');
    const bad = await frank.call<{ code: string; details: { fields: { code: string }[] } }>(
      'PATCH',
      '/api/profile',
      { fullName: 'R2-D2 <script>' },
    );
    expect([bad.status, bad.body.details.fields[0]?.code]).toEqual([400, 'FULL_NAME_INVALID']);
    const empty = await frank.call('PATCH', '/api/profile', {});
    expect(empty.status).toBe(400);
    const notAnUpload = await frank.call('PATCH', '/api/profile', { avatarUploadId: 'avatar.png' });
    expect(notAnUpload.status).toBe(400);
    expect(await memberRow('frank01')).toEqual(before);
  });
});

describe('the avatar', () => {
  /** A picture stored the way POST /api/uploads stores it, for a member and a purpose. */
  async function stored(username: string, purpose: 'avatar' | 'kyc') {
    const { id } = await t.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const uploads = createUploadService({ db: t.db, dir: t.uploadsDir });
    return uploads.storeImage({ ownerId: id, purpose, data: await picture('png') });
  }

  it("sets the member's own avatar upload, shows its URL, and removes it with null", async () => {
    const irene = await as('irene01');
    const upload = await stored('irene01', 'avatar');
    const set = await irene.call<TProfile>('PATCH', '/api/profile', { avatarUploadId: upload.id });
    expect([set.status, set.body.avatarUploadId, set.body.avatarUrl]).toEqual([200, upload.id, upload.url]);
    const removed = await irene.call<TProfile>('PATCH', '/api/profile', { avatarUploadId: null });
    expect([removed.body.avatarUploadId, removed.body.avatarUrl]).toEqual([null, null]);
  });

  it("refuses another member's upload, or a KYC picture, as the avatar, and changes nothing (name included)", async () => {
    const jacky = await as('jacky01');
    const before = await memberRow('jacky01');
    const strangers = await stored('kevin01', 'avatar');
    const kycPicture = await stored('jacky01', 'kyc');
    for (const id of [strangers.id, kycPicture.id]) {
      const reply = await jacky.call('PATCH', '/api/profile', {
        fullName: 'Jacky Changed',
        avatarUploadId: id,
      });
      expect([reply.status, reply.body.code]).toEqual([404, 'UPLOAD_NOT_FOUND']);
    }
    expect(await memberRow('jacky01')).toEqual(before);
  });
});

describe('changing the email or mobile', () => {
  // Step-up (decision 42): the login password, a code to the current contact and a code to the new one.
  // The hold, the notice and the sessions that end are tested in auth/step-up.routes.test.ts.
  it('sends one code to the current email and one to the new, and both change the email (and the login)', async () => {
    const grace = await as('grace01');
    const contact = { channel: 'email' as const, email: 'Grace.New@Mail.test' };
    const sent = await grace.post('/api/profile/contact/tac', { contact, currentPassword: DEMO_PASSWORD });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      toCurrent: { destination: 'g***1@demo.local' },
      toNew: { destination: 'g***w@mail.test' },
    });
    const currentCode = lastCode(t.outbox, 'grace01@demo.local');
    const code = lastCode(t.outbox, 'grace.new@mail.test');
    const changed = await grace.post<TProfile>('/api/profile/contact', {
      contact: { channel: 'email', email: 'grace.new@mail.test' },
      currentPassword: DEMO_PASSWORD,
      currentCode,
      code,
    });
    expect([changed.status, changed.body.email]).toEqual([200, 'grace.new@mail.test']);
    const again = new Client(t.app);
    expect((await again.login('grace.new@mail.test')).username).toBe('grace01');
  });

  it('changes the mobile with a code to the current email and one to the new number', async () => {
    const henry = await as('henry01');
    const contact = { channel: 'mobile' as const, prefix: '+60', mobile: '123456789' };
    const codes = await contactChangeCodes(t, henry, contact, 'henry01@demo.local');
    const changed = await henry.post<TProfile>('/api/profile/contact', {
      contact,
      currentPassword: DEMO_PASSWORD,
      ...codes,
    });
    expect([changed.status, changed.body.mobile, changed.body.email]).toEqual([
      200,
      '+60123456789',
      'henry01@demo.local',
    ]);
  });

  it('says nothing about the new contact, and sends nothing, without the login password', async () => {
    const irene = await as('irene01');
    const contact = { channel: 'email', email: 'jacky01@demo.local' };
    const reply = await irene.post('/api/profile/contact/tac', { contact, currentPassword: 'Wrong12345' });
    expect([reply.status, reply.body.code]).toEqual([400, 'CURRENT_PASSWORD_WRONG']);
    expect(t.outbox.list('jacky01@demo.local')).toEqual([]);
    expect(t.outbox.list('irene01@demo.local')).toEqual([]);
  });

  it("refuses another member's email (EMAIL_TAKEN) and sends nothing", async () => {
    const irene = await as('irene01');
    const reply = await irene.post('/api/profile/contact/tac', {
      contact: { channel: 'email', email: 'jacky01@demo.local' },
      currentPassword: DEMO_PASSWORD,
    });
    expect([reply.status, reply.body.code]).toEqual([409, 'EMAIL_TAKEN']);
    expect(t.outbox.list('jacky01@demo.local')).toEqual([]);
    expect(t.outbox.list('irene01@demo.local')).toEqual([]);
  });

  it('refuses the email the member already has (CONTACT_UNCHANGED)', async () => {
    const irene = await as('irene01');
    const reply = await irene.post('/api/profile/contact/tac', {
      contact: { channel: 'email', email: 'irene01@demo.local' },
      currentPassword: DEMO_PASSWORD,
    });
    expect([reply.status, reply.body.code]).toEqual([400, 'CONTACT_UNCHANGED']);
  });

  it('refuses a wrong code, or a code sent to another address, and keeps the email', async () => {
    const kevin = await as('kevin01');
    const { currentCode, code } = await contactChangeCodes(
      t,
      kevin,
      { channel: 'email', email: 'kevin.a@mail.test' },
      'kevin01@demo.local',
    );
    const wrong = await kevin.post('/api/profile/contact', {
      contact: { channel: 'email', email: 'kevin.a@mail.test' },
      currentPassword: DEMO_PASSWORD,
      currentCode,
      code: code === '000000' ? '111111' : '000000',
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'TAC_INVALID']);
    // The right code, but for an address it was not sent to.
    const elsewhere = await kevin.post('/api/profile/contact', {
      contact: { channel: 'email', email: 'kevin.b@mail.test' },
      currentPassword: DEMO_PASSWORD,
      currentCode,
      code,
    });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([400, 'TAC_INVALID']);
    expect((await memberRow('kevin01')).email).toBe('kevin01@demo.local');
  });

  it("refuses a code once the address became another member's, and changes nothing", async () => {
    const jacky = await as('jacky01');
    const carol = await as('carol01');
    const contact = { channel: 'email' as const, email: 'shared@mail.test' };
    const jackyCodes = await contactChangeCodes(t, jacky, contact, 'jacky01@demo.local');
    // Carol asks for the same address later (contactChangeCodes ages the codes: the resend wait is per address).
    const carolCodes = await contactChangeCodes(t, carol, contact, 'carol01@demo.local');
    const carolChange = await carol.post('/api/profile/contact', {
      contact,
      currentPassword: DEMO_PASSWORD,
      ...carolCodes,
    });
    expect(carolChange.status).toBe(200);
    const late = await jacky.post('/api/profile/contact', {
      contact,
      currentPassword: DEMO_PASSWORD,
      ...jackyCodes,
    });
    expect([late.status, late.body.code]).toEqual([409, 'EMAIL_TAKEN']);
    expect((await memberRow('jacky01')).email).toBe('jacky01@demo.local');
  });
});
