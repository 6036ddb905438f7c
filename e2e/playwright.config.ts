import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

/** Browser tests use the system Chromium (Debian's package); Playwright never downloads one. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ci = process.env.CI === 'true' || process.env.CI === '1';
const port = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://127.0.0.1:${port}`;
/** The telematics journey's own server: its simulator drives fast and its watch looks often. */
const trackingPort = Number(process.env.E2E_TRACKING_PORT ?? port + 1);
const trackingURL = `http://127.0.0.1:${trackingPort}`;
const TRACKING_JOURNEY = /telematics\.spec\.ts/;
/**
 * `npm test` runs the journeys in two parts at once (run-parts.mjs), each with servers and a database of
 * its own, so the second core works too. Part 2 holds the tracking journey and the files below (about
 * half the time); part 1 everything else, new files included. Unset, one run takes every file.
 */
const part = process.env.E2E_PART;
const PART_TWO =
  /(telematics|trip-operations|reports|public-tracking|dates|money|notifications|ratings)\.spec\.ts/;
const partIgnore = part === '1' ? [PART_TWO] : [];
const partMatch = part === '2' ? PART_TWO : /.*\.spec\.ts/;
/** The SMTP server the main API sends its e-mails to; its HTTP side (one port up) lists them. */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 20);
process.env.E2E_SMTP_SINK_URL = `http://127.0.0.1:${smtpPort + 1}`;

const browserMissing = !fs.existsSync(CHROMIUM);
if (browserMissing) {
  if (ci) throw new Error(`CI=true: Chromium is required for the browser tests and ${CHROMIUM} is missing.`);
  console.warn(`Skipping the browser tests: ${CHROMIUM} is missing (apt-get install chromium).`);
}

/** An API server on a fresh embedded database seeded with the demo accounts. */
function apiServer(serverPort: number, dataDir: string, env: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    command: `rm -rf ${dataDir} && npx tsx ../apps/api/src/server.ts`,
    url: `${url}/api/health`,
    reuseExistingServer: false,
    // A fresh database seeded with the demo world, two or three servers at once on two cores.
    timeout: 300_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JOBS_POLL_MS: '200',
      // A journey's text messages go when sent, whatever the hour the run happens at.
      MESSAGE_QUIET_HOURS: 'false',
      // The API tests prove the limits; browser journeys sign in many times from one address.
      RATE_LIMIT_ENABLED: 'false',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: ci ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: part ? `./test-results/part-${part}` : './test-results',
  use: {
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
  projects: [
    {
      name: 'app',
      use: { baseURL },
      testMatch: partMatch,
      testIgnore: browserMissing ? ['**/*'] : [TRACKING_JOURNEY, ...partIgnore],
    },
    ...(part === '1'
      ? []
      : [
          {
            name: 'telematics',
            use: { baseURL: trackingURL },
            testMatch: TRACKING_JOURNEY,
            testIgnore: browserMissing ? ['**/*'] : [],
          },
        ]),
  ],
  webServer: [
    {
      command: `npx tsx smtp-sink.ts ${smtpPort}`,
      url: `http://127.0.0.1:${smtpPort + 1}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    apiServer(port, `../.data/e2e-${port}`, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
    // Positions every 5 s from trucks at 3,600 km/h (a kilometre a second): a Lagos trip, its diversion
    // and its arrival take about a minute. A server of its own, so the other journeys' trips stand still.
    ...(part === '1'
      ? []
      : [
          apiServer(trackingPort, `../.data/e2e-tracking-${trackingPort}`, {
            TRACKING_POLL_SECONDS: '5',
            TRACKING_WATCH_SECONDS: '5',
            SIMULATOR_SPEED_KMH: '3600',
          }),
        ]),
  ],
});
