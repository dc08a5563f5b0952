/**
 * The reference of `npm run bench:api`: a bare Fastify server answering `SELECT 1` from the same
 * PostgreSQL through a pool the size of the app's, in a process of its own (as the app has). It prints
 * `{"port": N}` once it listens, then serves until killed.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL ?? 20) });
const app = Fastify({ logger: false });
app.get('/', async () => {
  const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
  return { one: rows[0]!.one };
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
