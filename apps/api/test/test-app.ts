import { constants, createPublicKey, publicEncrypt, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Paths, TSealed, TUserInfo } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { inject, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/database';
import { seedDemo } from '../src/db/seed/demo';
import { DEMO_ADMIN, type DemoStaff } from '../src/db/seed/demo-staff';
import type { ChainNetworks } from '../src/modules/chain/networks';
import { loadRsaKeyPair } from '../src/platform/keys';
import { createLogger } from '../src/platform/logger';
import {
  createEmailSender,
  createOutboxSmsSender,
  type MessageSender,
  Outbox,
  startSmtpCatcher,
} from '../src/platform/mail';
import { createSecretBox } from '../src/platform/secret-box';
import { createServices, type Services } from '../src/services';
import { createTestDb } from './test-db';

export const ORIGIN = 'http://platform.test';

import { MASTER_KEY } from './master-key';

export { MASTER_KEY };

/**
 * The clock of the test apps' TOTP time steps: real time plus whole steps. Every code a test makes through
 * `totpCode` moves it one 30 s step on first, so no two codes of a test file share a step and the server's
 * replay refusal (a step is accepted once per staff member) never trips over a fixture. A test that wants
 * a replay sends the same code twice.
 */
export const totpClock = {
  steps: 0,
  /** Set: the clock stands still at this time (ms), for a test about the edges of the ±1 step window. */
  fixed: null as number | null,
  now: (): number => totpClock.fixed ?? Date.now() + totpClock.steps * 30_000,
};

/** A code of a fresh time step for a demo staff member's secret (see totpClock). */
export async function totpCode(secret: string = DEMO_ADMIN.totpSecret): Promise<string> {
  totpClock.steps++;
  return generate({ secret, epoch: Math.floor(totpClock.now() / 1000) });
}

export interface TestApp {
  app: FastifyInstance;
  /** The services the app was built around (jobs' runs, key checks: what main.ts schedules). */
  services: Services;
  db: Db;
  databaseUrl: string;
  outbox: Outbox;
  /** The app's uploads folder: a temporary one per test app. */
  uploadsDir: string;
  /** The mail sender the app was given. */
  email: MessageSender;
  close: () => Promise<void>;
}

/** What a test app is built with beside its environment. */
export interface TestAppOptions {
  /** A mail sender in place of the SMTP catcher's (a test that holds mail back). */
  email?: MessageSender;
  webDist?: string;
  logStream?: { write(line: string): void };
  /** The networks the app is connected to (a test's dev chain, through connectChainNetworks); default none. */
  chain?: ChainNetworks;
  /** The sessions' clock (ms), for tests of the session cache and the last-seen touch. */
  sessionNow?: () => number;
}

/** The real application on a database of its own, with the SMTP catcher and demo data. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { db, url, drop } = await createTestDb();
  await seedDemo(db, { box: createSecretBox(Buffer.from(MASTER_KEY, 'base64')) });
  const outbox = new Outbox();
  const catcher = await startSmtpCatcher(outbox);
  const email = createEmailSender(catcher.url, 'test@platform.test');
  const uploadsDir = await mkdtemp(join(tmpdir(), 'uploads-'));
  const instance = await buildInstance({ db, url, outbox, email, uploadsDir }, env, options);
  return {
    ...instance,
    db,
    databaseUrl: url,
    outbox,
    uploadsDir,
    email: options.email ?? email,
    close: async () => {
      await instance.close();
      email.close();
      await catcher.close();
      await drop();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of the application on the test app's database, outbox and uploads (as a second API
 * process would be): its own services, caches and listening connections. Close it before the test app.
 */
export function createSecondInstance(
  t: TestApp,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
) {
  return buildInstance(
    { db: t.db, url: t.databaseUrl, outbox: t.outbox, email: t.email, uploadsDir: t.uploadsDir },
    env,
    options,
  );
}

async function buildInstance(
  shared: { db: Db; url: string; outbox: Outbox; email: MessageSender; uploadsDir: string },
  env: Record<string, string>,
  options: TestAppOptions,
): Promise<{ app: FastifyInstance; services: Services; close: () => Promise<void> }> {
  const keysDir = inject('keysDir');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: keysDir,
    PUBLIC_ORIGIN: ORIGIN,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '10000',
    RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
    // Tests change sessions and roles with SQL and read at once; the session cache's own tests turn it on
    // (session-cache.routes.test.ts), the process tests run it as main.ts does (decision 71).
    SESSION_CACHE_SECONDS: '0',
    ...env,
  });
  const logger = createLogger(config.LOG_LEVEL, options.logStream);
  const services = await createServices(config, {
    db: shared.db,
    databaseUrl: shared.url,
    masterKey: Buffer.from(MASTER_KEY, 'base64'),
    rsa: loadRsaKeyPair(keysDir),
    email: options.email ?? shared.email,
    sms: createOutboxSmsSender(shared.outbox),
    outbox: shared.outbox,
    log: logger,
    uploadsDir: shared.uploadsDir,
    totpNow: totpClock.now,
    ...(options.sessionNow ? { sessionNow: options.sessionNow } : {}),
    ...(options.chain ? { chain: options.chain } : {}),
  });
  const app = await buildApp(services, {
    logger,
    databaseUrl: shared.url,
    ...(options.webDist ? { webDist: options.webDist } : {}),
  });
  await app.ready();
  return { app, services, close: () => app.close() };
}

type Method = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
export type PathValue = (typeof Paths)[keyof typeof Paths];

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * A browser-like client over app.inject: it keeps the session cookie it is given and sends our Origin,
 * as the web app would. `bearer` makes it behave like a non-browser client instead.
 */
export class Client {
  cookie: string | undefined;
  bearer: string | undefined;
  ip = '10.0.0.1';
  constructor(private readonly app: FastifyInstance) {}

  async call<T = Record<string, unknown>>(
    method: Method,
    url: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = {
      origin: ORIGIN,
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130',
      ...extraHeaders,
    };
    if (this.cookie) headers.cookie = `__Host-sid=${this.cookie}`;
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    const setCookie = response.cookies.find((c) => c.name === '__Host-sid');
    if (setCookie) this.cookie = setCookie.value || undefined;
    const text = response.body;
    return {
      status: response.statusCode,
      body: (text ? JSON.parse(text) : {}) as T,
      headers: response.headers,
    };
  }

  get = <T = Record<string, unknown>>(url: string) => this.call<T>('GET', url);
  post = <T = Record<string, unknown>>(url: string, body: unknown = {}) => this.call<T>('POST', url, body);
  del = <T = Record<string, unknown>>(url: string) => this.call<T>('DELETE', url);
  /** A request that moves money: with an Idempotency-Key (a fresh one unless given). */
  move = <T = Record<string, unknown>>(url: string, body: unknown = {}, key: string = randomUUID()) =>
    this.call<T>('POST', url, body, { 'idempotency-key': key });

  async login(login: string, password = 'Demo12345'): Promise<TUserInfo> {
    const r = await this.post<{ user: TUserInfo }>('/api/auth/login', { login, password });
    if (r.status !== 200) throw new Error(`login ${login} failed: ${JSON.stringify(r.body)}`);
    return r.body.user;
  }

  /** A demo staff member's login: the password, then an authenticator code (decision 45). */
  async loginStaff(staff: DemoStaff = DEMO_ADMIN): Promise<TUserInfo> {
    const r = await this.post<{ user: TUserInfo }>('/api/auth/login', {
      login: staff.username,
      password: staff.password,
      code: await totpCode(staff.totpSecret),
    });
    if (r.status !== 200) throw new Error(`login ${staff.username} failed: ${JSON.stringify(r.body)}`);
    return r.body.user;
  }

  /** A fresh step-up code: admin money actions are open to this session for ADMIN_STEP_UP_MINUTES. */
  async stepUp(staff: DemoStaff = DEMO_ADMIN): Promise<void> {
    const r = await this.post('/api/auth/totp/step-up', { code: await totpCode(staff.totpSecret) });
    if (r.status !== 200) throw new Error(`step-up of ${staff.username} failed: ${JSON.stringify(r.body)}`);
  }

  /** An admin ready for anything: logged in with a code, and stepped up for money actions. */
  async loginAdmin(staff: DemoStaff = DEMO_ADMIN): Promise<TUserInfo> {
    const user = await this.loginStaff(staff);
    await this.stepUp(staff);
    return user;
  }

  /** Seals a value as the web app does: RSA-OAEP(SHA-256) over {"n": nonce, "v": value}. */
  async seal(value: string, nonce?: string): Promise<TSealed & { nonce: string }> {
    const key = await this.get<{ keyId: string; spki: string }>('/api/crypto/public-key');
    const n = nonce ?? (await this.post<{ nonce: string }>('/api/crypto/nonce')).body.nonce;
    const publicKey = createPublicKey({
      key: Buffer.from(key.body.spki, 'base64'),
      format: 'der',
      type: 'spki',
    });
    const ciphertext = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(JSON.stringify({ n, v: value })),
    ).toString('base64');
    return { keyId: key.body.keyId, ciphertext, nonce: n };
  }
}

/** The newest TAC code the catcher received for a destination. */
export function lastCode(outbox: Outbox, to: string): string {
  const message = outbox.list(to)[0];
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

/**
 * The newest code for `to` once it has arrived (other than `unlike`): codes whose request must not tell
 * whether the account exists are mailed after the answer.
 */
export function codeArriving(outbox: Outbox, to: string, unlike?: string): Promise<string> {
  return vi.waitFor(
    () => {
      const code = lastCode(outbox, to);
      if (code === unlike) throw new Error(`no new code was sent to ${to}`);
      return code;
    },
    { timeout: 10_000, interval: 20 },
  );
}

export async function countMembers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
