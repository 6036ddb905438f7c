import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'lint',
    include: ['*.test.ts'],
    environment: 'node',
    // The first typed lint builds the API's TypeScript program.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
