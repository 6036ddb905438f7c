import { defineConfig } from '@playwright/test';

/**
 * The cluster suite: run by e2e/cluster/run.ts (`npm run cluster`), which starts nginx in front of two API
 * instances and passes their addresses here; it starts no server of its own. (The journeys' config is not
 * imported: loading it points the mail sink's address at the journeys' own server.)
 */
const clusterUrl = process.env.CLUSTER_URL;
if (!clusterUrl) throw new Error('CLUSTER_URL is not set: run the cluster suite with `npm run cluster`.');

export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.ts$/,
  fullyParallel: false,
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results/cluster',
  use: {
    baseURL: clusterUrl,
    trace: 'retain-on-failure',
    launchOptions: {
      // The system Chromium (Debian's package), as the journeys use; Playwright never downloads one.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    },
  },
});
