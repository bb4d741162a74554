import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/globalSetup.ts'],
    // Two files at once even on two cores (vitest's default there is one): a server test spends
    // much of its time waiting on PostgreSQL, a printer or a timer, and the suite's time is a budget.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // PGlite takes seconds to open, and scrypt is slow on purpose.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
