import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type {
  Page as ApiPage,
  TripCallUp,
  TripDetail,
  TripRecordCheck,
  TripSummary,
} from '@freightlane/domain';
import { pdfPages } from '../../apps/api/src/test/pdf-text';
import {
  apiCall,
  apiToken,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  signedInPage,
  snap,
} from './support';

const CUSTOMER = 'customer@example.com';
const TRANSPORTER = 'transporter@example.com';

/** A delivered demo trip of the demo customer whose record the app wrote from its first link. */
async function deliveredTrip(
  request: APIRequestContext,
  token: string,
): Promise<{ trip: TripDetail; record: TripRecordCheck }> {
  const trips = await apiCall<ApiPage<TripSummary>>(
    request,
    token,
    'GET',
    '/api/v1/trips?completed=true&size=50',
  );
  for (const summary of trips.content) {
    const trip = await apiCall<TripDetail>(request, token, 'GET', `/api/v1/trips/${summary.id}`);
    if (!trip.tripStatusLogs.some((log) => log.tripStatus === 'DELIVERED')) continue;
    const record = await apiCall<TripRecordCheck>(request, token, 'GET', `/api/v1/trips/${trip.id}/record`);
    if (record.intact && record.head) return { trip, record };
  }
  throw new Error('The demo customer has no delivered trip with a kept record');
}

test('the customer downloads the delivery dossier of a delivered trip, and the public page shows the record intact', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request, CUSTOMER);
  const { trip, record } = await deliveredTrip(request, token);
  const page = await signedInPage(browser, CUSTOMER);

  await test.step('the trip page checks the record and gives the dossier', async () => {
    await page.goto(`/trips/${trip.id}`);
    const card = page.getByRole('region', { name: 'Trip record' });
    await expect(card.getByText('Record intact, checked now')).toBeVisible();
    await expect(card.getByText(`${record.links} links; chain head ${record.head}`)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'trip-record');
    await expectNoSeriousAxeViolations(page);

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download delivery dossier (PDF)' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`dossier-${trip.tripNumber}.pdf`);
    const bytes = fs.readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfPages(bytes)).join(' ');
    // The facts the customer will show a consignee or an insurer, as the API knows them.
    expect(text).toContain(`Delivery dossier ${trip.tripNumber}`);
    expect(text).toContain('Record intact, checked now');
    expect(text).toContain(trip.customerName);
    expect(text).toContain(trip.transporterName);
    expect(text).toMatch(/Delivered/i);
    expect(text).toContain(record.head!);
    expect(text).toContain(`/tripprogress/${trip.trackingId}`);

    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText('Record intact, checked now')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snap(page, 'trip-record');
  });

  await test.step('anyone with the link reads "Record intact, checked now"', async () => {
    const visitor = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const open = await visitor.newPage();
    await open.goto(`/tripprogress/${trip.trackingId}`);
    await expect(open.getByTestId('record-check')).toHaveText('Record intact, checked now');
    await expectNoSidewaysScroll(open);
    await snap(open, 'public-record-check');
    await expectNoSeriousAxeViolations(open);
    await open.setViewportSize({ width: 1280, height: 900 });
    await snap(open, 'public-record-check');
    await visitor.close();
  });

  await page.context().close();
});

test('the transporter reads a port trip’s call-up window on the trip page and the call-up report', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request, TRANSPORTER);
  const trips = await apiCall<ApiPage<TripSummary>>(request, token, 'GET', '/api/v1/trips?size=100');
  let withTicket: { trip: TripSummary; ticket: TripCallUp['tickets'][number] } | null = null;
  for (const trip of trips.content) {
    const callUp = await apiCall<TripCallUp>(request, token, 'GET', `/api/v1/trips/${trip.id}/call-up`);
    const ticket = callUp.tickets[0];
    if (ticket) {
      withTicket = { trip, ticket };
      break;
    }
  }
  expect(withTicket, 'a demo port trip of the transporter with a call-up ticket').not.toBeNull();
  const { trip, ticket } = withTicket!;
  const page = await signedInPage(browser, TRANSPORTER);

  await test.step('the trip page shows the ticket and its window', async () => {
    await page.goto(`/trips/${trip.id}`);
    const card = page.getByRole('region', { name: 'Eto call-up' });
    await expect(card.getByText(ticket.ticketNumber)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'call-up-card');
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await snap(page, 'call-up-card');
  });

  await test.step('the call-up report counts the tickets per terminal', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/reports/call-up');
    await expect(page.getByRole('table')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('table').getByText(ticket.terminal.name).first()).toBeVisible();
    await snap(page, 'report-call-up');
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    // On a phone too, every terminal's bars carry its name.
    const chart = page.getByRole('figure', { name: 'Waits by terminal' });
    await expect(chart.locator('svg text').filter({ hasText: ticket.terminal.name })).toBeVisible();
    await snap(page, 'report-call-up');
  });

  await page.context().close();
});
