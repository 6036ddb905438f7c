import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { containerCheckDigit, lagosDateInDays, type OrderDetail } from '@freightlane/domain';

export const DEMO_PASSWORD = 'demo-password-2026';
/** The HTTP side of the SMTP server the API under test sends its e-mails to (playwright.config.ts). */
export const SMTP_SINK_URL = process.env.E2E_SMTP_SINK_URL ?? 'http://127.0.0.1:3128';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.com`;
}

/** A national number as a Nigerian types it: 080 followed by 8 digits. */
export function uniqueLocalPhone(): string {
  return `080${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** An e-mail as the journeys' SMTP server received it (e2e/smtp-sink.ts). */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  headers: Record<string, string>;
}

/** The e-mails the API sent to `to` through the journeys' SMTP server, newest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<ReceivedMail[]> {
  const res = await request.get(`${SMTP_SINK_URL}/messages?to=${encodeURIComponent(to)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ReceivedMail[];
}

/** Waits for the newest e-mail to `to` with `subject`, as the SMTP server received it. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: string | RegExp,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).find((m) =>
          typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
        );
        return found;
      },
      { timeout: 20_000, message: `e-mail "${subject}" to ${to}` },
    )
    .toBeTruthy();
  return found!;
}

/** Waits for the newest e-mail to `to` with `subject` and answers its link containing `pathPart`. */
export async function linkFromOutbox(
  request: APIRequestContext,
  to: string,
  subject: string,
  pathPart: string,
) {
  const mail = await waitForMail(request, to, subject);
  const link = mail.links.find((l) => l.includes(pathPart));
  expect(link, `a link with ${pathPart} in "${subject}"`).toBeTruthy();
  return new URL(link!);
}

/** Saves a screenshot for people to look at; the name says what and the width. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
}

/** Saves what the screen shows now (not the whole page): for dialogs, which sit over the viewport. */
export async function snapViewport(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`) });
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  watchRequests(page);
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A fresh browser context of `width` px, signed in as `email`, on the home page. */
export async function signedInPage(browser: Browser, email: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page.getByRole('button', { name: /Sign Out|Open navigation/ }).first()).toBeVisible();
  return page;
}

/** Requests that stay open as long as the page does: the signed-in app's live notification stream. */
const LONG_LIVED = /\/api\/v1\/notifications\/events$/;
const idleWatchers = new WeakMap<Page, { inFlight: Set<unknown>; lastChange: number }>();

/**
 * Waits until the page has had no request in flight for half a second, as Playwright's 'networkidle'
 * does, except for the live notification stream a signed-in page keeps open for good.
 */
function watchRequests(page: Page): { inFlight: Set<unknown>; lastChange: number } {
  const known = idleWatchers.get(page);
  if (known) return known;
  const watch = { inFlight: new Set<unknown>(), lastChange: Date.now() };
  idleWatchers.set(page, watch);
  page.on('request', (r) => {
    if (LONG_LIVED.test(r.url())) return;
    watch.inFlight.add(r);
    watch.lastChange = Date.now();
  });
  const done = (r: unknown) => {
    if (watch.inFlight.delete(r)) watch.lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return watch;
}

/**
 * Waits until the page has had no request in flight for half a second, as Playwright's 'networkidle'
 * does, except for the live notification stream a signed-in page keeps open for good. The page's
 * requests are watched from its sign-in (signIn), so none is missed.
 */
export async function waitForQuiet(page: Page, timeoutMs = 30_000): Promise<void> {
  const watch = watchRequests(page);
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  while (watch.inFlight.size > 0 || Date.now() - watch.lastChange < 500) {
    if (Date.now() > deadline) throw new Error(`The page kept loading for ${timeoutMs} ms`);
    await page.waitForTimeout(100);
  }
}

/** Waits for opening and closing transitions and the map's zoom, so a screenshot shows what a person sees. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
}

/** A date in Lagos (UTC+1), `daysFromNow` from today, as the date inputs and the API take it. */
export function lagosDateInput(daysFromNow = 0): string {
  return lagosDateInDays(daysFromNow);
}

/** Signs in through the API as the web client does and answers the bearer token. */
export async function apiToken(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await request.post('/api/v1/auth/login?clientId=WEB_CLIENT_APP', {
    data: { username: email, password },
  });
  expect(res.status(), `signing in ${email}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Calls the API with a bearer token; fails the test on a status other than `expected`, answers the body. */
export async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
  expected = method === 'POST' ? 201 : 200,
): Promise<T> {
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(expected);
  return (await res.json()) as T;
}

/** Fails when the page is wider than its window: a layout that scrolls sideways on a phone. */
export async function expectNoSidewaysScroll(page: Page, what = page.url()): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(
    overflow,
    `${what} is wider than the screen at ${page.viewportSize()?.width ?? 0} px`,
  ).toBeLessThanOrEqual(0);
}

/** Fails on any serious or critical axe violation, naming the rule and the offending markup. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // A toast or dialog still fading in has the colours of half its opacity: axe would measure a contrast
  // no one reads. Finite animations (fades, slides) are let finish first; endless ones (spinners) are not
  // waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const found = serious.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(' | ')}`,
  );
  expect(found, `axe on ${page.url()} at ${page.viewportSize()?.width ?? 0} px`).toEqual([]);
}

/** A valid ISO 6346 container number of MSC's (owner code MSCU, the check digit computed). */
export function containerNumber(): string {
  const firstTen = `MSCU${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
  return `${firstTen}${containerCheckDigit(firstTen)}`;
}

/**
 * An open order of the demo customer for one MSC import container (20 ft and liner-owned unless said) from
 * APM Terminals Apapa to an Ikeja warehouse, placed through the API.
 */
export async function openOrder(
  request: APIRequestContext,
  customer: string,
  containerSize: 'FTS_20' | 'FTS_40' = 'FTS_20',
  cargoType: 'IMPORT_LINER_OWNED' | 'IMPORT_SHIPPER_OWNED' = 'IMPORT_LINER_OWNED',
): Promise<OrderDetail> {
  const terminals = await apiCall<{ id: string; code: string }[]>(
    request,
    customer,
    'GET',
    '/api/v1/lookups/terminals',
  );
  const liners = await apiCall<{ id: string; code: string }[]>(
    request,
    customer,
    'GET',
    '/api/v1/lookups/liners',
  );
  return apiCall<OrderDetail>(request, customer, 'POST', '/api/v1/orders', {
    cargoType,
    clientName: 'Okafor Imports warehouse',
    reference: `BL-${randomInt(10_000, 99_999)}`,
    containers: [
      {
        containerNumber: containerNumber(),
        containerSize,
        linerId: (liners.find((l) => l.code === 'MSC') ?? liners[0]!).id,
        deliveryOrderValidityDate: lagosDateInput(10),
      },
    ],
    generalCargos: [],
    pickup: {
      kind: 'TERMINAL',
      terminalId: (terminals.find((t) => t.code === 'APMT-APAPA') ?? terminals[0]!).id,
    },
    recipient: {
      kind: 'ADDRESS',
      address: {
        street: '12 Oba Akran Avenue',
        neighborhood: 'Ikeja Industrial Estate',
        lga: 'Ikeja',
        city: 'Ikeja',
        state: 'Lagos',
      },
    },
    bidDetails: {
      pickupDate: lagosDateInput(3),
      biddingClosesAt: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
      targetAmountKobo: 45_000_000,
    },
    preferredPartnersOnly: false,
    quoteDocumentId: null,
  });
}
