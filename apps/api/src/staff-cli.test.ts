import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp, totpCode } from '../test/test-app';
import { createStaff, resetStaffTotp } from './staff-cli';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('staff from the command line (npm run admin:create, admin:reset-totp)', () => {
  it('a new admin has a generated password and must enrol a second factor at first login', async () => {
    const { password } = await createStaff(t.db, { username: 'ops01', email: 'ops01@x.test', role: 'admin' });
    expect(password).toMatch(/^[A-Za-z0-9_-]{18}$/);
    const client = new Client(t.app);
    const login = await client.post<{ totpEnrolment?: boolean }>('/api/auth/login', {
      login: 'ops01',
      password,
    });
    expect(login.body.totpEnrolment).toBe(true);
    expect((await client.get('/api/admin/members')).body.code).toBe('TOTP_ENROLMENT_REQUIRED');
    const { secret } = (await client.post<{ secret: string }>('/api/auth/totp/enrolment')).body;
    expect(
      (await client.post('/api/auth/totp/enrolment/confirm', { code: await totpCode(secret) })).status,
    ).toBe(200);
    expect((await client.get('/api/admin/members')).status).toBe(200);

    // Lost device and codes: the reset ends every session and the next login enrols again.
    expect(await resetStaffTotp(t.db, 'ops01')).toBe(true);
    expect((await client.get('/api/admin/members')).body.code).toBe('SESSION_INVALID');
    const again = await new Client(t.app).post<{ totpEnrolment?: boolean }>('/api/auth/login', {
      login: 'ops01',
      password,
    });
    expect(again.body.totpEnrolment).toBe(true);
    expect(await resetStaffTotp(t.db, 'alice01')).toBe(false);
  });

  it('a support member is made the same way', async () => {
    const { password } = await createStaff(t.db, {
      username: 'desk01',
      email: 'desk01@x.test',
      role: 'support',
    });
    const client = new Client(t.app);
    const login = await client.post<{ user: { role: string } }>('/api/auth/login', {
      login: 'desk01',
      password,
    });
    expect(login.body.user.role).toBe('support');
  });
});
