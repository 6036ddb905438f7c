import { defineProject } from 'vitest/config';

const db = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export default defineProject({
  test: {
    name: db === 'postgres' ? 'api-postgres' : 'api',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/database-template.ts'],
    environment: 'node',
    // The test files share their worker's loaded modules instead of importing the whole API anew each
    // (1.6 s a file, 4 min a run); each file still builds its own app and database (test/test-app.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
