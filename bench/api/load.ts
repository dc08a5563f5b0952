/**
 * The load of `npm run bench:api`, through autocannon: a GET with a member's bearer token, and the member
 * transfer (a nonce, then the transfer with the transaction password sealed with it and a fresh
 * Idempotency-Key), each connection acting as one member.
 */
import { createPublicKey, randomUUID } from 'node:crypto';
import { Paths } from '@app/contracts';
import autocannon from 'autocannon';
import { DEMO_PASSWORD } from '../../apps/api/src/db/seed/demo';
import { seal } from '../ledger/seal';

export interface LoadResult {
  name: string;
  /** Successful operations per second (a transfer is its two requests). */
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, by status. */
  failures: Record<string, number>;
  /** Database transactions per operation (statements outside a transaction count one each). */
  transactionsPerRequest?: number;
  /** CPU time the server process used per successful operation, in ms (user + system, from /proc). */
  cpuMsPerRequest?: number;
}

export interface Member {
  username: string;
  token: string;
}

/** A demo member's bearer token (`POST /api/auth/token`), or null when the sign-in is refused. */
export async function signIn(baseUrl: string, username: string): Promise<Member | null> {
  const reply = await fetch(`${baseUrl}${Paths.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: username, password: DEMO_PASSWORD }),
  });
  if (!reply.ok) return null;
  return { username, token: ((await reply.json()) as { token: string }).token };
}

function failuresOf(result: autocannon.Result): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith('2') && Number(count) > 0) out[status] = Number(count);
  }
  if (result.errors > 0) out.errors = result.errors;
  if (result.timeouts > 0) out.timeouts = result.timeouts;
  return out;
}

const run = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

/** One GET path as a member, `connections` at once, for `seconds`. */
export async function loadGet(o: {
  name: string;
  url: string;
  token?: string;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const result = await run({
    url: o.url,
    connections: o.connections,
    duration: o.seconds,
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
  });
  return {
    name: o.name,
    perSecond: result['2xx'] / o.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: failuresOf(result),
  };
}

interface TransferContext {
  member?: Member;
  nonce?: string;
}

/** Member transfers of 0.01 USDT to another member, each connection one sender. */
export async function loadTransfers(o: {
  baseUrl: string;
  members: Member[];
  transactionPassword: string;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const keyReply = (await (await fetch(`${o.baseUrl}${Paths.publicKey}`)).json()) as {
    keyId: string;
    spki: string;
  };
  const key = {
    keyId: keyReply.keyId,
    publicKey: createPublicKey({ key: Buffer.from(keyReply.spki, 'base64'), format: 'der', type: 'spki' }),
  };
  let next = 0;
  const refusals: Record<string, number> = {};
  const memberFor = (context: TransferContext) => {
    context.member ??= o.members[next++ % o.members.length]!;
    return context.member;
  };
  const result = await run({
    url: o.baseUrl,
    connections: o.connections,
    duration: o.seconds,
    requests: [
      {
        method: 'POST',
        path: Paths.nonce,
        setupRequest: (request, context: TransferContext) => ({
          ...request,
          headers: {
            authorization: `Bearer ${memberFor(context).token}`,
            'content-type': 'application/json',
          },
          body: '{}',
        }),
        onResponse: (_status, body, context: TransferContext) => {
          context.nonce = (JSON.parse(body) as { nonce?: string }).nonce;
        },
      },
      {
        method: 'POST',
        path: Paths.transfer,
        onResponse: (status, body) => {
          if (status < 300) return;
          const code = (JSON.parse(body) as { code?: string }).code ?? String(status);
          refusals[code] = (refusals[code] ?? 0) + 1;
        },
        setupRequest: (request, context: TransferContext) => {
          const member = memberFor(context);
          const to = o.members[(o.members.indexOf(member) + 1) % o.members.length]!.username;
          return {
            ...request,
            headers: {
              authorization: `Bearer ${member.token}`,
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({
              to,
              currency: 'USDT',
              fromWallet: 'funds',
              toWallet: 'funds',
              amount: '0.010000',
              password: seal(key, context.nonce ?? '', o.transactionPassword),
            }),
          };
        },
      },
    ],
  });
  return {
    name: 'POST transfer (nonce + transfer)',
    perSecond: result['2xx'] / 2 / o.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: { ...failuresOf(result), ...refusals },
  };
}
