import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // PGlite takes seconds to open, and scrypt is slow on purpose.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
