import { defineProject } from 'vitest/config';

const db = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export default defineProject({
  test: {
    name: db === 'postgres' ? 'api-postgres' : 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
