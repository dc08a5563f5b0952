import { constants, createPublicKey, publicEncrypt, randomUUID } from 'node:crypto';
import type { Random } from './random';

/**
 * The bank test's clients: members moving money to each other through the real transfer endpoint, as a
 * phone on a bad network does. A request may be cut (the client gives up after a few milliseconds) and is
 * then sent again, same Idempotency-Key and same body, until the server gives a definite answer: the
 * receipt (200) or a refusal (4xx). A refused connection (server down), a 5xx (database gone) or
 * IDEMPOTENCY_IN_PROGRESS (the first attempt still running, or left by a killed process) are not answers.
 */

export interface Member {
  username: string;
  token: string;
}

export interface Outcome {
  key: string;
  from: string;
  to: string;
  amount: string;
  status: number;
  body: Record<string, unknown>;
  attempts: number;
}

export interface BankStats {
  requests: number;
  acknowledged: number;
  refused: number;
  /** Attempts the client cut itself (aborted after a few ms). */
  cut: number;
  /** Attempts beyond the first, for whatever reason. */
  retried: number;
  /** Attempts that found no server (killed, restarting) or lost the connection. */
  connectionLost: number;
  inProgress: number;
  /** 5xx answers by status and code, e.g. "503 SERVICE_UNAVAILABLE". */
  serverErrors: Record<string, number>;
  /** Refusals by code. */
  refusals: Record<string, number>;
}

/** A client's pause before asking again: what a real client's retry policy does, not a test's wait. */
const backoff = (random: Random) => new Promise((r) => setTimeout(r, random.int(20, 120)));

/**
 * How long a definite answer may take through every fault, a server restart included (the suite allows that
 * restart 180 s on a loaded machine); past it the request is reported lost.
 */
const ANSWER_WITHIN_MS = 240_000;

export class BankClients {
  readonly outcomes: Outcome[] = [];
  /** Every key a client sent, answered or not: what the ledger may contain. */
  readonly keysSent = new Set<string>();
  readonly stats: BankStats = {
    requests: 0,
    acknowledged: 0,
    refused: 0,
    cut: 0,
    retried: 0,
    connectionLost: 0,
    inProgress: 0,
    serverErrors: {},
    refusals: {},
  };
  /** Why the run cannot go on (the server died by itself): every client stops with it. */
  private halted: string | undefined;
  private publicKey: ReturnType<typeof createPublicKey> | undefined;
  private keyId = '';

  constructor(
    private readonly base: string,
    private readonly members: Member[],
    private readonly payPassword: string,
    /** The share of first attempts the client cuts. */
    private readonly cutChance: number,
  ) {}

  /** Reads the server's sealing key (kept in DATA_DIR, so the same after a restart). */
  async init(): Promise<void> {
    const key = (await (await fetch(`${this.base}/api/crypto/public-key`)).json()) as {
      keyId: string;
      spki: string;
    };
    this.keyId = key.keyId;
    this.publicKey = createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' });
  }

  halt(reason: string): void {
    this.halted ??= reason;
  }

  private check(): void {
    if (this.halted) throw new Error(this.halted);
  }

  /** One client: transfers from its member to random others until `more()` says stop. */
  async run(index: number, random: Random, more: (done: number) => boolean): Promise<void> {
    const from = this.members[index % this.members.length]!;
    for (let done = 0; more(done); done++) {
      const others = this.members.filter((m) => m !== from);
      const to = random.pick(others);
      const amount = `${random.int(1, 40)}.${String(random.int(0, 1_000_000)).padStart(6, '0')}`;
      this.outcomes.push(await this.transfer(random, from, to.username, amount));
    }
  }

  /** A fresh nonce, sealed with the transaction password, retried like any call until the server answers. */
  private async sealed(random: Random, member: Member): Promise<{ keyId: string; ciphertext: string }> {
    const deadline = Date.now() + ANSWER_WITHIN_MS;
    while (Date.now() < deadline) {
      this.check();
      try {
        const reply = await fetch(`${this.base}/api/crypto/nonce`, {
          method: 'POST',
          headers: { authorization: `Bearer ${member.token}` },
          signal: AbortSignal.timeout(15_000),
        });
        if (reply.status === 200) {
          const { nonce } = (await reply.json()) as { nonce: string };
          const ciphertext = publicEncrypt(
            { key: this.publicKey!, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
            Buffer.from(JSON.stringify({ n: nonce, v: this.payPassword })),
          ).toString('base64');
          return { keyId: this.keyId, ciphertext };
        }
      } catch {
        // server down or restarting: ask again
      }
      await backoff(random);
    }
    throw new Error(`no nonce for ${member.username} within ${ANSWER_WITHIN_MS} ms`);
  }

  private async transfer(random: Random, from: Member, to: string, amount: string): Promise<Outcome> {
    const key = randomUUID();
    const body = {
      to,
      currency: 'USDT',
      fromWallet: 'funds',
      toWallet: 'funds',
      amount,
      password: await this.sealed(random, from),
    };
    this.stats.requests++;
    const deadline = Date.now() + ANSWER_WITHIN_MS;
    let last = 'nothing';
    for (let attempt = 1; Date.now() < deadline; attempt++) {
      this.check();
      if (attempt > 1) this.stats.retried++;
      this.keysSent.add(key);
      // Cut early attempts at random, some before the request is even read, some while it runs.
      const cut = attempt <= 3 && random.chance(this.cutChance);
      try {
        const reply = await fetch(`${this.base}/api/wallet/transfer`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${from.token}`,
            'content-type': 'application/json',
            'idempotency-key': key,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(cut ? random.int(1, 60) : 20_000),
        });
        const answer = (await reply.json()) as Record<string, unknown>;
        const code = typeof answer.code === 'string' ? answer.code : '';
        last = `${reply.status} ${JSON.stringify(answer).slice(0, 300)}`;
        if (reply.status === 409 && code === 'IDEMPOTENCY_IN_PROGRESS') {
          this.stats.inProgress++;
        } else if (reply.status >= 500) {
          const kind = `${reply.status} ${code}`.trim();
          this.stats.serverErrors[kind] = (this.stats.serverErrors[kind] ?? 0) + 1;
        } else {
          if (reply.status === 200) this.stats.acknowledged++;
          else {
            this.stats.refused++;
            this.stats.refusals[code || String(reply.status)] =
              (this.stats.refusals[code || String(reply.status)] ?? 0) + 1;
          }
          return {
            key,
            from: from.username,
            to,
            amount,
            status: reply.status,
            body: answer,
            attempts: attempt,
          };
        }
      } catch (error) {
        const name = (error as Error).name;
        last = `${name}: ${(error as Error).message}`;
        if (name === 'TimeoutError' || name === 'AbortError') {
          if (cut) this.stats.cut++;
        } else {
          this.stats.connectionLost++;
        }
      }
      await backoff(random);
    }
    throw new Error(`transfer ${key} got no definite answer within ${ANSWER_WITHIN_MS} ms; last: ${last}`);
  }
}
