import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStartupFailure, StartupError } from '../platform/startup-error';
import { clusterDir, type EmbeddedServer, processInfo, startEmbeddedPostgres } from './embedded';

async function answers(server: EmbeddedServer): Promise<boolean> {
  const client = new pg.Client({ connectionString: server.url('postgres') });
  await client.connect();
  const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
  await client.end();
  return rows[0]?.one === 1;
}

const gone = (pid: number) => {
  const info = processInfo(pid);
  return info === null || info.zombie;
};

describe('the embedded PostgreSQL after a crash', () => {
  let dataDir: string;
  let pidFile: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'embedded-test-'));
    chmodSync(dataDir, 0o755); // the server may run as the postgres user
    pidFile = path.join(clusterDir(dataDir), 'postmaster.pid');
    const first = await startEmbeddedPostgres(dataDir);
    await first.stop();
  }, 120_000);

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stop() ends the server and removes its lock file', async () => {
    const server = await startEmbeddedPostgres(dataDir);
    expect(await answers(server)).toBe(true);
    expect(readFileSync(pidFile, 'utf8').split('\n')[0]).toBe(String(server.pid));
    await server.stop();
    expect(gone(server.pid)).toBe(true);
    expect(() => readFileSync(pidFile)).toThrow();
  });

  it('a lock file whose process is gone (a power cut) is cleared and the server starts', async () => {
    writeFileSync(pidFile, `999999999\n${clusterDir(dataDir)}\n0\n5432\n\n127.0.0.1\n0 0\nready   \n`);
    const server = await startEmbeddedPostgres(dataDir);
    expect(await answers(server)).toBe(true);
    await server.stop();
  });

  it('a lock file naming a live process that is not PostgreSQL (an id reused after a reboot) is cleared', async () => {
    // A process of the user PostgreSQL runs as (else PostgreSQL cannot signal it and treats it as gone),
    // alive and not the new server's parent: PostgreSQL itself would refuse ("lock file already exists").
    const user =
      process.getuid?.() === 0 ? Number(execFileSync('id', ['-u', 'postgres']).toString()) : undefined;
    const group = user === undefined ? undefined : Number(execFileSync('id', ['-g', 'postgres']).toString());
    const stranger = spawn('sleep', ['60'], { uid: user, gid: group, stdio: 'ignore' });
    try {
      writeFileSync(
        pidFile,
        `${stranger.pid}\n${clusterDir(dataDir)}\n0\n5432\n\n127.0.0.1\n0 0\nready   \n`,
      );
      const server = await startEmbeddedPostgres(dataDir);
      expect(await answers(server)).toBe(true);
      await server.stop();
      expect(gone(stranger.pid!)).toBe(false); // and it was left alone
    } finally {
      stranger.kill();
    }
  });

  it('a server still run by a live process is not touched: the start is refused with what to do', async () => {
    const server = await startEmbeddedPostgres(dataDir);
    try {
      // This process started it and is alive: a second start on the same folder must not take it over.
      const refused = await startEmbeddedPostgres(dataDir).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StartupError);
      expect((refused as StartupError).message).toContain('in use by another running copy of the platform');
      expect((refused as StartupError).hint).toContain(`kill ${process.pid}`);
      expect(await answers(server)).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('a folder where the cluster should be that holds no database is named, not overwritten', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'embedded-test-'));
    chmodSync(other, 0o755);
    mkdirSync(clusterDir(other), { recursive: true });
    writeFileSync(path.join(clusterDir(other), 'notes.txt'), 'mine');
    try {
      const error = await startEmbeddedPostgres(other).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StartupError);
      expect(readFileSync(path.join(clusterDir(other), 'notes.txt'), 'utf8')).toBe('mine');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('start-up failures are described', () => {
  it('a rejection without a reason (what printed `undefined`) still says what to do', () => {
    const text = describeStartupFailure(undefined);
    expect(text).not.toBe('undefined');
    expect(text).toContain('What to do:');
  });

  it('a StartupError gives its message and its advice', () => {
    expect(describeStartupFailure(new StartupError('port 3000 is in use', 'Set PORT.'))).toBe(
      'Start-up failed: port 3000 is in use\n  What to do: Set PORT.',
    );
  });

  it('an unreachable DATABASE_URL is named as such', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(describeStartupFailure(error)).toContain('DATABASE_URL');
  });
});
