import { availableParallelism } from 'node:os';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // One worker per core, not vitest's one fewer: the main process only hands out files while the
    // workers render, so on a two-core machine the default of one worker left a core idle (9 min → 5).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
