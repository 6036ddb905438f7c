/**
 * Child process: one Lighthouse performance run of a page in headless Chromium, printing its figures as
 * JSON. Usage: lighthouse-audit.ts url chromePath
 *
 * Lighthouse's default configuration is the mobile preset: a Moto G Power sized screen, 4x CPU slowdown
 * and a slow 4G network, simulated. It runs in its own process so that its trace processing never
 * delays the API answering the page's requests in the bench process.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [url, chromePath] = process.argv.slice(2);
if (!url || !chromePath) throw new Error('usage: lighthouse-audit.ts url chromePath');

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string): number => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse gave no ${id}`);
    return value;
  };
  const score = lhr.categories.performance?.score;
  // The element LCP measured, so a page that painted only its loading state is seen for what it is.
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { nodeLabel?: string; snippet?: string } }[] }[] } | undefined;
  const lcpNode = lcpDetails?.items?.[0]?.items?.[0]?.node;
  process.stdout.write(
    JSON.stringify({
      url: lhr.finalDisplayedUrl,
      performance: score === null || score === undefined ? null : Math.round(score * 100),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      fcpMs: Math.round(numeric('first-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: +numeric('cumulative-layout-shift').toFixed(3),
      transferBytes: Math.round(numeric('total-byte-weight')),
      lcpElement: lcpNode ? `${lcpNode.nodeLabel ?? ''} ${lcpNode.snippet ?? ''}`.trim().slice(0, 160) : null,
      warnings: lhr.runWarnings,
    }),
  );
} finally {
  chrome.kill();
}
