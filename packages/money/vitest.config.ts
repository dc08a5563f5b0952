import { defineConfig } from 'vitest/config';

// Lets `npx vitest run --root packages/money` run this package alone (the root config's `packages` project
// runs the same files in a full run).
export default defineConfig({ test: { include: ['src/**/*.test.ts'] } });
