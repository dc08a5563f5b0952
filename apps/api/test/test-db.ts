import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/db/database';

/** A fresh, migrated database of this test file's own, cloned from the run's template. */
export async function createTestDb(): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${process.ppid}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDb')}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db } = createDb(url.toString(), 40);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // pg ends a pooled client by sending Terminate without waiting for the server to hang up; a FORCE drop
      // racing that goodbye kills the socket first, and the client, no longer listened to, throws an
      // unhandled 57P01. Waiting (briefly) until the server has let go of every session avoids the race.
      for (let tries = 0; tries < 50; tries++) {
        const { rows } = await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
