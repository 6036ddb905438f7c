import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Browser tests use the system Chromium (Debian's package); Playwright never downloads one. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ci = process.env.CI === 'true' || process.env.CI === '1';
const port = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://127.0.0.1:${port}`;

if (!fs.existsSync(CHROMIUM)) {
  if (ci) throw new Error(`CI=true: Chromium is required for the browser tests and ${CHROMIUM} is missing.`);
  console.warn(`Skipping the browser tests: ${CHROMIUM} is missing (apt-get install chromium).`);
}

export default defineConfig({
  testDir: './tests',
  testIgnore: fs.existsSync(CHROMIUM) ? [] : ['**/*'],
  fullyParallel: false,
  workers: 1,
  retries: ci ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // A fresh embedded database per run, seeded with the demo accounts.
    command: 'rm -rf ../.data/e2e && npx tsx ../apps/api/src/server.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: '../.data/e2e',
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JOBS_POLL_MS: '200',
      // The API tests prove the limits; browser journeys sign in many times from one address.
      RATE_LIMIT_ENABLED: 'false',
    },
  },
});
