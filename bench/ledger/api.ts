import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { createDb, type Db } from '../../apps/api/src/db/database';
import { hashPassword } from '../../apps/api/src/modules/auth/password';
import { loadRsaKeyPair } from '../../apps/api/src/platform/keys';
import { createLogger } from '../../apps/api/src/platform/logger';
import type { MessageSender } from '../../apps/api/src/platform/mail';
import { createServices } from '../../apps/api/src/services';
import type { ClientsConfig, FromClients, ToClients } from './api-clients';
import type { PhaseResult } from './measure';
import type { BenchMember } from './setup';

export type ApiOutcome =
  | { measured: true; result: PhaseResult; detail: string }
  | { measured: false; reason: string };

/** The pool size the real server uses (apps/api/src/db/connect.ts). */
const APP_POOL = Number(process.env.BENCH_API_POOL ?? 20);
const LOGIN_PASSWORD = 'BenchLogin123';
const TRANSACTION_PASSWORD = 'BenchTx123456';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Mail is not part of a transfer; nothing is sent. */
const noSender: MessageSender = { send: async () => {} };

/**
 * The real application in this process, listening on 127.0.0.1, with its own pool on the ledger's
 * database; the clients in a child process, over real HTTP with bearer tokens from the login route.
 */
export async function measureApi(o: {
  url: string;
  db: Db;
  members: BenchMember[];
  currency: string;
  clients: number;
  warmupSeconds: number;
  seconds: number;
  aborted: () => boolean;
  progress: (text: string) => void;
}): Promise<ApiOutcome> {
  const senders = o.members.slice(0, o.clients);
  if (senders.length < o.clients) return { measured: false, reason: 'fewer members than clients' };

  o.progress(`API: setting ${senders.length} members' login and transaction passwords, starting the app`);
  // Bench setup: the members' password hashes are written directly, as a sign-up and a TAC-confirmed
  // transaction password setting would have left them.
  const [loginHash, transactionHash] = await Promise.all([
    hashPassword(LOGIN_PASSWORD),
    hashPassword(TRANSACTION_PASSWORD),
  ]);
  await o.db
    .updateTable('members')
    .set({ password_hash: loginHash, transaction_password_hash: transactionHash })
    .where(
      'id',
      'in',
      senders.map((m) => m.id),
    )
    .execute();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ledger-api-'));
  const appDb = createDb(o.url, APP_POOL);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    MASTER_KEY: randomBytes(32).toString('base64'),
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
    MONEY_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const logger = createLogger(config.LOG_LEVEL);
  const services = await createServices(config, {
    db: appDb.db,
    databaseUrl: o.url,
    masterKey: Buffer.from(config.MASTER_KEY!, 'base64'),
    rsa: loadRsaKeyPair(dataDir),
    email: noSender,
    sms: noSender,
    outbox: null,
    log: logger,
  });
  const app = await buildApp(services, { logger, databaseUrl: o.url });
  const child = fork(path.join(here, 'api-clients.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const messages: FromClients[] = [];
    let wake: (() => void) | undefined;
    child.on('message', (m: FromClients) => {
      messages.push(m);
      wake?.();
    });
    child.on('exit', () => wake?.());
    const next = async (): Promise<FromClients> => {
      while (messages.length === 0) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error('API clients exited');
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      const m = messages.shift()!;
      if (m.type === 'failed') throw new Error(`API clients: ${m.error}`);
      return m;
    };
    const tell = (m: ToClients) => child.send(m);

    const clientsConfig: ClientsConfig = {
      baseUrl: `http://127.0.0.1:${port}`,
      clients: o.clients,
      logins: senders.map((m) => ({ login: m.username, password: LOGIN_PASSWORD })),
      transactionPassword: TRANSACTION_PASSWORD,
      recipients: o.members.map((m) => m.username),
      currency: o.currency,
      warmupSeconds: o.warmupSeconds,
      seconds: o.seconds,
    };
    tell({ type: 'config', config: clientsConfig });
    o.progress(`API: ${o.clients} clients logging in over HTTP`);
    await next(); // ready
    o.progress(`API: ${o.warmupSeconds} s warm-up + ${o.seconds} s measured`);
    const stopWatch = setInterval(() => {
      if (o.aborted()) tell({ type: 'stop' });
    }, 200);
    const cpuBefore = process.cpuUsage();
    const t0 = performance.now();
    tell({ type: 'go' });
    let reply: FromClients;
    try {
      reply = await next();
    } finally {
      clearInterval(stopWatch);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const serverCores = (cpu.user + cpu.system) / 1000 / (performance.now() - t0);
    if (reply.type !== 'result') throw new Error(`unexpected message from the API clients: ${reply.type}`);
    const clientCores = reply.result.nodeCores ?? Number.NaN;
    const result: PhaseResult = {
      ...reply.result,
      name: 'HTTP API transfers',
      nodeCores: serverCores,
    };
    o.progress(`API: ${result.tps.toFixed(1)} per second`);
    return {
      measured: true,
      result,
      detail: [
        `${o.clients} keep-alive connections from a child process (its CPU: ${clientCores.toFixed(2)} cores; the`,
        `       table's node CPU is the server process); per transfer: POST ${'/api/crypto/nonce'}, then the`,
        `       sealed transfer with a fresh Idempotency-Key; app pool ${APP_POOL}, LOG_LEVEL=warn, rate limits raised`,
      ].join('\n'),
    };
  } finally {
    if (child.exitCode === null) child.kill();
    await app.close();
    appDb.pool.on('error', () => {}); // see run.ts: backends may be ended while the pool closes
    await appDb.db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
