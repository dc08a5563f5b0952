import { defineConfig } from 'vitest/config';

// End-to-end: one real server (its own embedded PostgreSQL and SMTP catcher) for the run, real
// Chromium driven by playwright-core. Files run one after another: two cores are shared with the server.
export default defineConfig({
  test: {
    root: 'e2e',
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['src/server.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // expect.poll waits for what a page shows after its own requests; vitest's default 1 s was too short
    // when the shared machine runs slow (a session list still loading failed a CI run). A poll that
    // succeeds returns at once, so the longer bound costs nothing when the page is quick.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    pool: 'forks',
  },
});
