/**
 * Lighthouse (mobile preset, performance only) on the public tracking page and the ongoing-trips page,
 * served by the bench's API from the built web app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../apps/api/src/db/client';
import { atLeast, atMost, reported, type Figure } from './figures';
import { TSX_LOADER, runJsonChild } from './load';

export const LIGHTHOUSE_TARGET = { performance: 95, lcpMs: 2000 } as const;

export interface PageFigures {
  url: string;
  performance: number | null;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  /** What Lighthouse took for the largest paint: a label and the element's opening tag. */
  lcpElement: string | null;
  warnings: string[];
  target: typeof LIGHTHOUSE_TARGET;
}

export type LighthouseResult = { skipped: string } | { tracking: PageFigures; ongoing: PageFigures };

const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Why Lighthouse cannot run here, or null when it can. */
export function lighthouseBlocker(): string | null {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    return 'apps/web/dist is missing: run `npm run build` first to measure the public pages with Lighthouse';
  }
  if (!fs.existsSync(CHROME_PATH)) return `no Chromium at ${CHROME_PATH} (set CHROME_PATH)`;
  return null;
}

/** A demo trip on the road with several steps done, the page a consignee most often opens. */
async function busyTrackingId(database: Database): Promise<string> {
  const result = await database.db.execute(sql`
    SELECT t.tracking_id
    FROM trips t
    JOIN users u ON u.company_id = t.customer_company_id AND u.email = 'customer@example.com'
    CROSS JOIN LATERAL (
      SELECT count(*) AS steps FROM trip_status_logs l WHERE l.trip_id = t.id AND l.undone_at IS NULL
    ) s
    WHERE t.cancelled_at IS NULL AND (t.tracking_expires_at IS NULL OR t.tracking_expires_at > now())
      AND s.steps >= 3
    ORDER BY t.completed, s.steps DESC, t.trip_number
    LIMIT 1`);
  const row = (result as unknown as { rows: { tracking_id: string }[] }).rows[0];
  if (!row) throw new Error('The demo seed has no trip of customer@example.com with three steps done');
  return row.tracking_id;
}

async function ongoingShareId(app: FastifyInstance, customerToken: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/trips/ongoing-link',
    headers: { authorization: `Bearer ${customerToken}` },
  });
  if (res.statusCode !== 200) {
    throw new Error(`GET /api/v1/trips/ongoing-link answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
  return (res.json() as { shareId: string }).shareId;
}

/**
 * One audit of `url`. Chromium's trace recording now and then fails (Lighthouse's NO_NAVSTART, which asks
 * to run it again), whatever the page: that gets one more run before the bench gives up.
 */
async function audit(url: string): Promise<PageFigures> {
  const args = [
    '--import',
    TSX_LOADER,
    path.join(import.meta.dirname, 'lighthouse-audit.ts'),
    url,
    CHROME_PATH,
  ];
  for (let attempt = 1; ; attempt++) {
    try {
      const figures = await runJsonChild<Omit<PageFigures, 'target'>>(args, 'lighthouse');
      return { ...figures, target: LIGHTHOUSE_TARGET };
    } catch (error) {
      if (attempt === 2) throw error;
      console.info(`Lighthouse failed on ${url} (${(error as Error).message}); running it once more`);
    }
  }
}

export async function runLighthouse(options: {
  app: FastifyInstance;
  database: Database;
  origin: string;
  customerToken: string;
}): Promise<LighthouseResult> {
  const blocker = lighthouseBlocker();
  if (blocker) {
    if (process.env.BENCH_REQUIRE_LIGHTHOUSE === '1') throw new Error(`Lighthouse cannot run: ${blocker}`);
    return { skipped: blocker };
  }
  const trackingId = await busyTrackingId(options.database);
  const shareId = await ongoingShareId(options.app, options.customerToken);
  // One after the other: two Chromiums at once would share the two cores and slow each other.
  const tracking = await audit(`${options.origin}/tripprogress/${trackingId}`);
  const ongoing = await audit(`${options.origin}/ongoingtripprogress/${shareId}`);
  return { tracking, ongoing };
}

/** Each page's score and LCP (judged), and its other paint figures and transfer size. */
export function lighthouseFigures(result: { tracking: PageFigures; ongoing: PageFigures }): Figure[] {
  return Object.entries({ tracking: result.tracking, ongoing: result.ongoing }).flatMap(([name, page]) => [
    atLeast('lighthouse', `${name} page performance score`, page.performance, '', page.target.performance),
    atMost('lighthouse', `${name} page LCP`, page.lcpMs, 'ms', page.target.lcpMs),
    reported('lighthouse', `${name} page FCP`, page.fcpMs, 'ms'),
    reported('lighthouse', `${name} page TBT`, page.tbtMs, 'ms'),
    reported('lighthouse', `${name} page CLS`, page.cls, ''),
    reported('lighthouse', `${name} page transfer`, +(page.transferBytes / 1024).toFixed(1), 'KB'),
  ]);
}

/** What a reader of the figures needs beside them: the element LCP measured, Lighthouse's warnings. */
export function printLighthouseNotes(result: { tracking: PageFigures; ongoing: PageFigures }): void {
  for (const [name, page] of Object.entries({ tracking: result.tracking, ongoing: result.ongoing })) {
    if (page.lcpElement) console.info(`  ${name} LCP element: ${page.lcpElement}`);
    for (const warning of page.warnings) console.info(`  ${name} warning: ${warning}`);
  }
}
