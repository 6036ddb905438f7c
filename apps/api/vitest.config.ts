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
    // On PGlite one file at a time: each already keeps a second core busy with PGlite's thread. On
    // PostgreSQL two: a file mostly waits on the server, its jobs and its timers (a worker used two thirds
    // of a core), and each file has its own database. Its own group, so a run of every project takes the
    // API files after the others.
    maxWorkers: db === 'postgres' ? 2 : 1,
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
