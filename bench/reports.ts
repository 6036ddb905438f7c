/**
 * Reports over the bench company's million trips (issue 14): the first page of every kind, opened on its
 * default range (the last 30 days) as a person opens it, and the master report of some 100,000 trips
 * exported to XLSX while the server's memory is sampled.
 */
import {
  CUSTOMER_REPORT_KINDS,
  lagosDateInDays,
  TRANSPORTER_REPORT_KINDS,
  type ReportKind,
} from '@freightlane/domain';
import { atLeast, atMost, reported, type Figure } from './figures';

/** A report's first page, p50 over the timed requests (docs/reports.md, issue 14). */
export const REPORT_PAGE_P50_TARGET_MS = 500;
export const MASTER_EXPORT_ROWS = 100_000;
export const MASTER_EXPORT_TARGET = { seconds: 30, peakMemoryMb: 300 };
const TIMED_REQUESTS = 5;

export interface ReportPageFigures {
  kind: ReportKind;
  rows: number;
  p50Ms: number;
  maxMs: number;
  status: number;
}

export interface MasterExportFigures {
  from: string;
  to: string;
  rows: number;
  bytes: number;
  seconds: number;
  /** The server's resident memory above what it held when the export began, at its highest. */
  peakMemoryMb: number;
  status: number;
  /** Fewer trips than the target in two years: the export holds every one of them. */
  wholeTwoYears: boolean;
}

async function timed(url: string, token: string): Promise<{ ms: number; status: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
  const body: unknown = await res.json();
  return { ms: performance.now() - started, status: res.status, body };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function firstPages(
  apiOrigin: string,
  token: string,
  kinds: readonly ReportKind[],
): Promise<ReportPageFigures[]> {
  const figures: ReportPageFigures[] = [];
  for (const kind of kinds) {
    const url = `${apiOrigin}/api/v1/reports/${kind}`;
    // One untimed request first: the statements are planned and the pages read into the cache once.
    const first = await timed(url, token);
    const times: number[] = [];
    for (let i = 0; i < TIMED_REQUESTS; i++) times.push((await timed(url, token)).ms);
    const rows = (first.body as { page?: { totalElements?: number } }).page?.totalElements ?? 0;
    figures.push({
      kind,
      rows,
      p50Ms: Math.round(median(times)),
      maxMs: Math.round(Math.max(...times)),
      status: first.status,
    });
  }
  return figures;
}

/** The master export of a range of about MASTER_EXPORT_ROWS trips, streamed and thrown away as it arrives. */
async function masterExport(apiOrigin: string, token: string): Promise<MasterExportFigures> {
  // Trips long delivered, a day's pickups at a time, widened until the range holds enough of them.
  const to = lagosDateInDays(-3);
  let days = 30;
  let rows = 0;
  let from = to;
  for (; days <= 731; days = Math.min(731, Math.ceil(days * 1.5))) {
    from = lagosDateInDays(-3 - (days - 1));
    const page = await timed(`${apiOrigin}/api/v1/reports/master?from=${from}&to=${to}&size=1`, token);
    rows = (page.body as { page: { totalElements: number } }).page.totalElements;
    if (rows >= MASTER_EXPORT_ROWS || days === 731) break;
  }
  const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
  (globalThis as { gc?: () => void }).gc?.();
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
  const started = performance.now();
  const res = await fetch(`${apiOrigin}/api/v1/reports/master/export?format=xlsx&from=${from}&to=${to}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  return {
    from,
    to,
    rows,
    bytes,
    seconds: +seconds.toFixed(1),
    peakMemoryMb: Math.round(peak - before),
    status: res.status,
    // The embedded database's bench holds fewer trips than the target: then the export is of all two years'.
    wholeTwoYears: rows < MASTER_EXPORT_ROWS && days === 731,
  };
}

export async function runReports(input: {
  apiOrigin: string;
  tokens: { customer: string; transporter: string };
}) {
  const { apiOrigin, tokens } = input;
  const pages = [
    ...(await firstPages(apiOrigin, tokens.customer, CUSTOMER_REPORT_KINDS)),
    ...(await firstPages(apiOrigin, tokens.transporter, TRANSPORTER_REPORT_KINDS)),
  ];
  return {
    pages,
    pageTarget: { p50Ms: REPORT_PAGE_P50_TARGET_MS },
    masterExport: await masterExport(apiOrigin, tokens.customer),
    masterExportTarget: { rows: MASTER_EXPORT_ROWS, ...MASTER_EXPORT_TARGET },
  };
}

/**
 * Each kind's first page (p50 judged; a page that did not answer 200 has no value, so it is not met)
 * and the master export's time, memory and size.
 */
export function reportFigures(result: Awaited<ReturnType<typeof runReports>>): Figure[] {
  const figures = result.pages.map((page) =>
    atMost(
      'reports',
      `${page.kind} first page p50`,
      page.status === 200 ? page.p50Ms : null,
      'ms',
      REPORT_PAGE_P50_TARGET_MS,
      page.status === 200 ? undefined : `answered ${page.status}`,
    ),
  );
  const m = result.masterExport;
  const answered = m.status === 200 ? undefined : `answered ${m.status}`;
  figures.push(
    m.wholeTwoYears
      ? reported(
          'reports',
          'master export rows',
          m.rows,
          'trips',
          `every trip of two years; the ${MASTER_EXPORT_ROWS.toLocaleString('en-GB')}-trip figure is PostgreSQL's, with a million trips`,
        )
      : atLeast('reports', 'master export rows', m.rows, 'trips', MASTER_EXPORT_ROWS),
    atMost(
      'reports',
      'master export to XLSX',
      m.status === 200 ? m.seconds : null,
      's',
      MASTER_EXPORT_TARGET.seconds,
      answered,
    ),
    atMost(
      'reports',
      'master export memory at peak',
      m.peakMemoryMb,
      'MB',
      MASTER_EXPORT_TARGET.peakMemoryMb,
    ),
    reported('reports', 'master export size', +(m.bytes / 1024 / 1024).toFixed(1), 'MB'),
  );
  return figures;
}
