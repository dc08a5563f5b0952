import path from 'node:path';
import { generateSecret } from 'otplib';
import { loadConfig } from '../../apps/api/src/config';
import { connectDatabase } from '../../apps/api/src/db/connect';
import { type DemoStaff, seedStaff } from '../../apps/api/src/db/seed/demo-staff';
import { loadMasterKey } from '../../apps/api/src/platform/keys';
import { createSecretBox } from '../../apps/api/src/platform/secret-box';

/**
 * The e2e run's admins, made before the server starts (as `npm run admin:create` is, on the same embedded
 * database) and printed as JSON. Why a pool: the server accepts each authenticator time step once per staff
 * member (decision 45), and a login with its step-up takes two; one shared admin made every spec after the
 * first wait for the clock's next 30 s step. An admin of its own per login never waits.
 *
 *   node --import tsx e2e/src/seed-staff-pool.ts <count>
 */
async function main(): Promise<void> {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1) throw new Error('usage: seed-staff-pool.ts <count>');
  const pool: DemoStaff[] = Array.from({ length: count }, (_, i) => {
    const username = `e2eadm${String(i + 1).padStart(2, '0')}`;
    return {
      username,
      password: 'E2eAdmin12345',
      role: 'admin',
      email: `${username}@e2e.test`,
      fullName: `E2E Admin ${i + 1}`,
      totpSecret: generateSecret(),
    };
  });
  const config = loadConfig();
  const dataDir = path.resolve(config.DATA_DIR);
  const database = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  try {
    const box = createSecretBox(
      loadMasterKey({ dataDir, configured: config.MASTER_KEY, production: config.isProduction }),
    );
    await seedStaff(database.db, pool, box);
  } finally {
    await database.close();
  }
  process.stdout.write(`${JSON.stringify(pool)}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
