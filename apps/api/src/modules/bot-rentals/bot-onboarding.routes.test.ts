import type { TBotOnboarding, TBotPackage, TBotPackages, TKycState, TStoredUpload } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePayPassword, PAY_PASSWORD } from '../../../test/fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: Client;

async function member(username: string): Promise<Client> {
  await givePayPassword(t.db, username);
  const client = new Client(t.app);
  await client.login(username);
  return client;
}

const onboarding = async (client: Client) => {
  const reply = await client.get<TBotOnboarding>('/api/bots/onboarding');
  expect(reply.status).toBe(200);
  return reply.body;
};

let shade = 0;
/** A real picture uploaded as the web app does, for the KYC submission. */
async function upload(client: Client): Promise<string> {
  shade += 40;
  const png = await sharp({
    create: { width: 48, height: 32, channels: 3, background: { r: shade % 256, g: 90, b: 10 } },
  })
    .png()
    .toBuffer();
  const boundary = `----onb${shade}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const reply = await client.call<TStoredUpload>('POST', '/api/uploads?purpose=kyc', body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  expect(reply.status).toBe(200);
  return reply.body.id;
}

/** KYC through its real flow: the member submits, the admin approves. */
async function passKyc(client: Client, idNumber: string): Promise<void> {
  const submitted = await client.post<TKycState>('/api/kyc', {
    country: 'MY',
    idType: 'passport',
    fullName: 'Onboarding Tester',
    idNumber,
    frontUploadId: await upload(client),
    backUploadId: await upload(client),
    holdingUploadId: await upload(client),
  });
  expect(submitted.status).toBe(200);
  const approved = await admin.post(`/api/admin/kyc/${submitted.body.submission!.id}/approve`);
  expect(approved.status).toBe(200);
}

async function rent(client: Client, pkg: TBotPackage, mode: 'own_key' | 'managed') {
  const reply = await client.move('/api/bot-rentals', {
    packageId: pkg.id,
    wallet: 'funds',
    mode,
    agreed: true,
    password: await client.seal(PAY_PASSWORD),
  });
  expect(reply.status).toBe(200);
}

/** A bound key row as the exchange-keys module leaves it after a successful bind. */
async function bindKey(username: string, exchange: 'binance' | 'bybit', status: 'active' | 'suspended') {
  const { id: memberId } = await t.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('exchange_keys')
    .values({
      id: crypto.randomUUID(),
      member_id: memberId,
      exchange,
      api_key: 'ONBOARDINGKEY0001',
      secret_sealed: Buffer.from('not-used-here'),
      passphrase_sealed: null,
      status,
      status_reason: status === 'suspended' ? 'KEY_EXPIRED' : null,
      ip_restricted: true,
      warnings: [],
      ip_whitelist: [],
      can_trade_spot: true,
      can_trade_perpetual: true,
      expires_at: null,
      last_checked_at: new Date(),
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = new Client(t.app);
  await admin.loginAdmin();
});
afterAll(() => t.close());

describe('the onboarding check (CheckStep, checkbot)', () => {
  it('asks for KYC, then a rental, then a usable key on an exchange the rental allows', async () => {
    const grace = await member('grace01');
    const packages = (await grace.get<TBotPackages>('/api/bot-packages')).body.items;
    const pro = packages.find((p) => p.name === 'Pro')!;
    expect(pro.exchanges).not.toContain('paper');

    expect(await onboarding(grace)).toEqual({
      kycApproved: false,
      hasActiveRental: false,
      exchangeReady: false,
      next: 'kyc',
    });
    await passKyc(grace, 'G1234567');
    expect((await onboarding(grace)).next).toBe('rental');
    await rent(grace, pro, 'own_key');
    expect(await onboarding(grace)).toEqual({
      kycApproved: true,
      hasActiveRental: true,
      exchangeReady: false,
      next: 'exchange_key',
    });
    // A suspended key is no use to a bot.
    await bindKey('grace01', 'bybit', 'suspended');
    expect((await onboarding(grace)).next).toBe('exchange_key');
    await bindKey('grace01', 'binance', 'active');
    expect(await onboarding(grace)).toEqual({
      kycApproved: true,
      hasActiveRental: true,
      exchangeReady: true,
      next: null,
    });
  });

  it('needs no key for a managed rental, nor for a package that allows the paper exchange', async () => {
    const henry = await member('henry01');
    const irene = await member('irene01');
    const packages = (await henry.get<TBotPackages>('/api/bot-packages')).body.items;
    await passKyc(henry, 'H1234567');
    await passKyc(irene, 'I1234567');
    await rent(henry, packages.find((p) => p.name === 'Pro')!, 'managed');
    expect((await onboarding(henry)).next).toBeNull();
    await rent(irene, packages.find((p) => p.exchanges.includes('paper'))!, 'own_key');
    expect((await onboarding(irene)).next).toBeNull();
  });

  it('counts only rentals that still run', async () => {
    const jacky = await member('jacky01');
    await passKyc(jacky, 'J1234567');
    await rent(jacky, (await jacky.get<TBotPackages>('/api/bot-packages')).body.items[0]!, 'managed');
    expect((await onboarding(jacky)).next).toBeNull();
    await t.db
      .updateTable('bot_rentals')
      .set({ starts_at: new Date(Date.now() - 40 * 86_400_000), ends_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', (await jacky.get<{ userid: string }>('/api/me')).body.userid)
      .execute();
    expect((await onboarding(jacky)).next).toBe('rental');
  });

  it('refuses a stranger', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/bots/onboarding' });
    expect(reply.statusCode).toBe(401);
  });
});
