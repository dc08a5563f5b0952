import { defineConfig } from 'vitest/config';

// One run for every unit and integration test. The API's tests share one PostgreSQL (embedded unless
// DATABASE_URL is set) started by the global setup; each test file gets a database of its own.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      { test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'] } },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'vite-*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
