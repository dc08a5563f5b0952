import PgBoss from 'pg-boss';

/**
 * Background jobs and schedules: pg-boss on the platform's own PostgreSQL (its tables live in the `pgboss`
 * schema), so a job is as durable as the data it works on and no other server is needed. Modules register
 * their queues with `boss.createQueue`, `boss.schedule` (cron, UTC) and `boss.work`, keeping handlers thin.
 */
export async function startJobs(connectionString: string, onError: (error: Error) => void): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 });
  boss.on('error', onError);
  await boss.start();
  return boss;
}

export type Jobs = PgBoss;
