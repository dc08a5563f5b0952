/**
 * The API workload's clients, in a process of their own (forked by api.ts) so that the server's process
 * does only server work. Each client logs in over HTTP, then loops: get a nonce, seal the transaction
 * password with it, POST a transfer with a fresh Idempotency-Key.
 */
import { createPublicKey, randomUUID } from 'node:crypto';
import { Paths } from '@app/contracts';
import { expectOk, HttpFailure, jsonClient } from './http-client';
import { closedLoop, type PhaseResult, randomAmount } from './measure';
import { seal } from './seal';

export interface ClientsConfig {
  baseUrl: string;
  clients: number;
  /** One login per client. */
  logins: Array<{ login: string; password: string }>;
  transactionPassword: string;
  /** Usernames to send to, picked at random (never the sender). */
  recipients: string[];
  currency: string;
  warmupSeconds: number;
  seconds: number;
}

export type ToClients = { type: 'config'; config: ClientsConfig } | { type: 'go' } | { type: 'stop' };
export type FromClients =
  | { type: 'ready' }
  | { type: 'result'; result: PhaseResult }
  | { type: 'failed'; error: string };

/** Formats units of a 6-decimal currency as the API's decimal string. */
const decimal = (units: bigint) =>
  `${units / 1_000_000n}.${(units % 1_000_000n).toString().padStart(6, '0')}`;

const send = (message: FromClients) => process.send?.(message);

async function run(config: ClientsConfig): Promise<void> {
  const http = jsonClient(config.baseUrl, config.clients);
  let stopped = false;
  process.on('message', (m: ToClients) => {
    if (m.type === 'stop') stopped = true;
  });
  try {
    const key = expectOk(await http.get(Paths.publicKey)).body as { keyId: string; spki: string };
    const publicKey = {
      keyId: key.keyId,
      publicKey: createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' }),
    };
    const sessions = await Promise.all(
      config.logins.slice(0, config.clients).map(async (l) => {
        const reply = expectOk(await http.post(Paths.token, { login: l.login, password: l.password }));
        return { token: String(reply.body.token), login: l.login };
      }),
    );
    send({ type: 'ready' });
    await new Promise<void>((resolve) => {
      process.on('message', (m: ToClients) => {
        if (m.type === 'go' || m.type === 'stop') resolve();
      });
    });

    const result = await closedLoop({
      name: 'HTTP API transfers',
      clients: config.clients,
      warmupSeconds: config.warmupSeconds,
      seconds: config.seconds,
      aborted: () => stopped,
      codeOf: (e) =>
        e instanceof HttpFailure ? e.message : String((e as { code?: string }).code ?? e).slice(0, 60),
      op: async (c) => {
        const { token, login } = sessions[c]!;
        let to = login;
        while (to === login) to = config.recipients[Math.floor(Math.random() * config.recipients.length)]!;
        const nonce = expectOk(await http.post(Paths.nonce, {}, { token })).body.nonce as string;
        const body = {
          to,
          currency: config.currency,
          fromWallet: 'funds',
          toWallet: 'funds',
          amount: decimal(randomAmount()),
          password: seal(publicKey, nonce, config.transactionPassword),
        };
        expectOk(
          await http.post(Paths.transfer, body, { token, headers: { 'Idempotency-Key': randomUUID() } }),
        );
      },
    });
    send({ type: 'result', result });
  } finally {
    http.close();
  }
}

process.once('message', (m: ToClients) => {
  if (m.type !== 'config') return;
  run(m.config).then(
    () => process.disconnect?.(),
    (error: unknown) => {
      send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
      process.disconnect?.();
    },
  );
});
