import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/web', 'apps/api', 'eslint'],
    // One worker per core, not vitest's one fewer: the main process only hands out files while the
    // workers run them, so on a two-core machine the default of one worker left a core idle (the web
    // suite: 9 min → 5). Projects run together must share it; the API project sets its own (it runs alone).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
