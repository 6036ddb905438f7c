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
    // One file at a time: each already keeps a second core busy with PGlite's thread (or PostgreSQL).
    // Its own group, so a run of every project takes the API files after the others, one by one.
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
