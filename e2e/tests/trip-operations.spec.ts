import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { tripTimeline, type OrderDetail, type TripDetail } from '@freightlane/domain';
import {
  apiCall,
  apiToken,
  expectNoSeriousAxeViolations,
  lagosDateInput,
  openOrder,
  settle,
  signedInPage,
  snap,
  snapViewport,
  uniqueLocalPhone,
} from './support';

const PHONE = 375;
const DESKTOP = 1280;

/** The steps of an Import LOC trip as the timeline labels them, in order. */
const STEPS = [
  'Trip Started',
  'At Pick-Up Location',
  'Container(s) Loaded',
  'At Delivery Location',
  'Delivered',
  'Empty Dropped Off',
] as const;

const letters = (count: number) =>
  Array.from({ length: count }, () => String.fromCharCode(65 + randomInt(0, 26))).join('');
const digits = (count: number) => String(randomInt(0, 10 ** count)).padStart(count, '0');

/** Picks `option` in the Mantine select labelled `label` inside `scope`, typing `search` first if given. */
async function choose(scope: Page | Locator, label: string, option: string | RegExp, search?: string) {
  const page = 'goto' in scope ? scope : scope.page();
  const input = scope.getByRole('textbox', { name: label, exact: true });
  await input.click();
  if (search !== undefined) await input.fill(search);
  // The options render in a portal at the end of the body, outside any dialog.
  await page.getByRole('option', { name: option }).first().click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/**
 * A whole-page picture taken from the top: the app's header and sidebar are fixed, so a page captured
 * while scrolled shows them in its middle.
 */
async function snapPage(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

/** Street, city, state and LGA of a Lagos address in the current wizard stage. */
async function fillAddress(page: Page, street: string, lga: string): Promise<void> {
  await page.getByLabel('Street').fill(street);
  await page.getByLabel('City', { exact: true }).fill('Lagos');
  await choose(page, 'State', /^Lagos$/, 'Lagos');
  await choose(page, 'LGA', new RegExp(`^${lga}$`), lga);
}

async function saveStage(page: Page, next: string): Promise<void> {
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: next, level: 2 })).toBeVisible();
}

/**
 * The customer's order placed, bid on by Eko Haulage and awarded to it, all through the API: one Import
 * LOC container from APM Terminals Apapa to an Ikeja warehouse.
 */
async function awardedTrip(request: APIRequestContext): Promise<TripDetail> {
  const customer = await apiToken(request, 'customer@example.com');
  const transporter = await apiToken(request, 'transporter@example.com');
  const order = await openOrder(request, customer, 'FTS_40');
  const bid = await apiCall<{ id: string }>(request, transporter, 'POST', '/api/v1/bids', {
    orderId: order.id,
    amountKobo: 45_500_000,
    trucksAvailable: 1,
    note: 'One 40 FT chassis at Apapa.',
  });
  const awarded = await apiCall<OrderDetail>(
    request,
    customer,
    'POST',
    `/api/v1/orders/${order.id}/award`,
    { allocations: [{ bidId: bid.id, itemIds: order.items.map((item) => item.id) }] },
    200,
  );
  expect(awarded.trips).toHaveLength(1);
  const trip = await apiCall<TripDetail>(request, customer, 'GET', `/api/v1/trips/${awarded.trips[0]!.id}`);
  expect(trip.cargoType).toBe('IMPORT_LINER_OWNED');
  expect(tripTimeline(trip.cargoType)).toContain('EMPTY_DROP_OFF');
  expect(trip.latestTripStatus).toBeNull();
  expect(trip.handover.code).toMatch(/^\d{6}$/);
  return trip;
}

interface Fleet {
  plate: string;
  driver: { name: string; phone: string };
  motorBoy: { name: string; phone: string };
}

/** The truck wizard, both stages, for a truck with this plate (typed as people type it). */
async function addTruck(page: Page, plate: string): Promise<void> {
  await page.goto('/fleet/trucks/new');
  await expect(page.getByRole('heading', { name: 'Details', level: 2 })).toBeVisible();
  await page.getByLabel('Registration number').fill(plate.replace(/ /g, '').toLowerCase());
  await page.getByLabel('Make').fill('MAN');
  await page.getByLabel('Model').fill('TGS 33.400');
  await page.getByLabel('Year of manufacture').fill('2019');
  await choose(page, 'Truck type', 'Container chassis 40 FT');
  await page.getByLabel('Capacity (tonnes)').fill('32.5');
  await saveStage(page, 'Documents');

  await page.getByLabel('Vehicle licence number (optional)').fill(`VL-${digits(7)}`);
  await page.getByLabel('Vehicle licence expires on').fill(lagosDateInput(200));
  await page.getByLabel('Insurance number (optional)').fill(`INS-${digits(7)}`);
  await page.getByLabel('Insurance expires on').fill(lagosDateInput(300));
  await snap(page, 'fleet-truck-wizard-documents');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Add truck' }).click();
  await expect(page).toHaveURL(/\/fleet\/trucks\/[0-9a-f-]{36}$/);
  await expect(page.getByText(plate).first()).toBeVisible();
}

/** Next of kin and guarantor, the last two stages of both people wizards. */
async function fillKinAndGuarantor(page: Page, surname: string): Promise<void> {
  await saveStage(page, 'Next of kin');
  await page.getByLabel('Next of kin name').fill(`Ngozi ${surname}`);
  await page.getByLabel('Relationship').fill('Wife');
  await page.getByLabel('Next of kin phone number').fill(uniqueLocalPhone());
  await saveStage(page, 'Guarantor');
  await page.getByLabel('Guarantor name').fill('Chief Emeka Obi');
  await page.getByLabel('Guarantor phone number').fill(uniqueLocalPhone());
  await fillAddress(page, '4 Creek Road', 'Apapa');
}

async function addDriver(page: Page, driver: Fleet['driver']): Promise<void> {
  const [first, last] = driver.name.split(' ') as [string, string];
  await page.goto('/fleet/drivers/new');
  await expect(page.getByRole('heading', { name: 'Details', level: 2 })).toBeVisible();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Phone number', { exact: true }).fill(driver.phone);
  await fillAddress(page, '7 Ojuelegba Road', 'Surulere');
  await saveStage(page, 'Licence');
  await page.getByLabel('Licence number').fill(`LAG${digits(5)}AA${digits(2)}`);
  await page.getByLabel('Licence expires on').fill(lagosDateInput(700));
  await fillKinAndGuarantor(page, last);
  await page.getByRole('button', { name: 'Add driver' }).click();
  await expect(page).toHaveURL(/\/fleet\/drivers\/[0-9a-f-]{36}$/);
}

async function addMotorBoy(page: Page, motorBoy: Fleet['motorBoy']): Promise<void> {
  const [first, last] = motorBoy.name.split(' ') as [string, string];
  await page.goto('/fleet/motor-boys/new');
  await expect(page.getByRole('heading', { name: 'Details', level: 2 })).toBeVisible();
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Phone number', { exact: true }).fill(motorBoy.phone);
  await fillAddress(page, '22 Mile 2 Road', 'Amuwo-Odofin');
  await fillKinAndGuarantor(page, last);
  await page.getByRole('button', { name: 'Add motor boy' }).click();
  await expect(page).toHaveURL(/\/fleet\/motor-boys\/[0-9a-f-]{36}$/);
}

/** Finds a record in a fleet list through its search box. */
async function expectInList(page: Page, path: string, search: string, name: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('searchbox', { name: 'Search' }).fill(search);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
}

/** The customer's trip page, reloaded, so each check reads what the server holds now. */
async function customerSees(customer: Page, check: (page: Page) => Promise<void>): Promise<void> {
  await customer.reload();
  await expect(customer.getByRole('heading', { level: 1 })).toContainText(/Trip TRP-/);
  await check(customer);
}

const stepItem = (page: Page, label: string, done: boolean) =>
  page.getByRole('listitem', { name: `${label}: ${done ? 'done' : 'not yet'}` });

/**
 * Holds the next request matching `url` and `method` until `release()` is called, so a sending state
 * can be seen without guessing how long the server takes.
 */
async function holdRequest(page: Page, url: string | RegExp, method: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const arrived = new Promise<void>((resolve) => (seen = resolve));
  await page.route(
    url,
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      seen();
      await released;
      await route.fallback();
    },
    { times: 1 },
  );
  return { arrived, release };
}

test.describe('trip operations, end to end', () => {
  test('a transporter builds its fleet and runs an awarded trip to the end while the customer follows', async ({
    browser,
    request,
  }) => {
    // The longest journey: under three minutes on a quiet machine, longer beside the other part of the run
    // on two cores; the margin is for that.
    test.setTimeout(480_000);
    const trip = await awardedTrip(request);
    const fleet: Fleet = {
      plate: `KJA ${digits(3)} ${letters(2)}`,
      // Names the demo seed does not use, and another pair on a retry (the first try's fleet is still
      // there), so each list search finds only the one just added.
      driver: {
        name: ['Ayodele Oyelaran', 'Babatunde Ogunleye'][test.info().retry % 2]!,
        phone: uniqueLocalPhone(),
      },
      motorBoy: {
        name: ['Chinedu Anyanwu', 'Emeka Nwachukwu'][test.info().retry % 2]!,
        phone: uniqueLocalPhone(),
      },
    };

    const transporter = await signedInPage(browser, 'transporter@example.com');
    const customer = await signedInPage(browser, 'customer@example.com');

    await test.step('the transporter adds a truck, a driver and a motor boy through the wizards', async () => {
      await addTruck(transporter, fleet.plate);
      await addDriver(transporter, fleet.driver);
      await addMotorBoy(transporter, fleet.motorBoy);

      await expectInList(transporter, '/fleet/trucks', fleet.plate, fleet.plate);
      await snap(transporter, 'fleet-trucks');
      await expectNoSeriousAxeViolations(transporter);
      await expectInList(transporter, '/fleet/drivers', fleet.driver.name, fleet.driver.name);
      await snap(transporter, 'fleet-drivers');
      await expectInList(transporter, '/fleet/motor-boys', fleet.motorBoy.name, fleet.motorBoy.name);
      await snap(transporter, 'fleet-motor-boys');
    });

    await test.step('the transporter opens the trip from the trip list and assigns its fleet', async () => {
      await transporter.goto('/trips?tab=all');
      await transporter.getByRole('textbox', { name: 'Search' }).fill(trip.tripNumber);
      // The list narrows once the search settles into the address; only then is the row clicked.
      await expect(transporter).toHaveURL(new RegExp(`q=${trip.tripNumber}`));
      await expect(transporter.getByRole('link', { name: /^TRP-\d{4}-\d{6}$/ })).toHaveCount(1);
      await transporter.getByRole('link', { name: trip.tripNumber, exact: true }).click();
      await expect(transporter).toHaveURL(new RegExp(`/trips/${trip.id}$`));
      await expect(transporter.getByRole('heading', { name: `Trip ${trip.tripNumber}` })).toBeVisible();
      // All six steps of an Import LOC trip, none done yet; the transporter never sees the handover code.
      await expect(transporter.getByRole('list', { name: 'Trip steps' }).getByRole('listitem')).toHaveCount(
        6,
      );
      for (const label of STEPS) await expect(stepItem(transporter, label, false)).toBeVisible();
      await expect(transporter.getByRole('heading', { name: 'Handover code' })).toHaveCount(0);

      await transporter.getByRole('button', { name: 'Assign truck and driver' }).click();
      const dialog = transporter.getByRole('dialog', { name: 'Assign truck and driver' });
      await choose(dialog, 'Truck', new RegExp(fleet.plate), fleet.plate.slice(0, 7));
      await choose(dialog, 'Driver', new RegExp(fleet.driver.name), fleet.driver.name);
      await choose(dialog, 'Motor boy (optional)', new RegExp(fleet.motorBoy.name), fleet.motorBoy.name);
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await expect(dialog).toBeHidden();
      const crew = transporter.getByRole('region', { name: 'Truck and crew' });
      await expect(crew.getByText(fleet.plate)).toBeVisible();
      await expect(crew.getByText(fleet.driver.name)).toBeVisible();
      await expect(crew.getByText(fleet.motorBoy.name)).toBeVisible();

      await customer.goto(`/trips/${trip.id}`);
      await customerSees(customer, async (page) => {
        const card = page.getByRole('region', { name: 'Truck and crew' });
        await expect(card.getByText(fleet.plate)).toBeVisible();
        await expect(card.getByText(fleet.driver.name)).toBeVisible();
        await expect(page.getByRole('status', { name: 'Handover code' })).toHaveText(trip.handover.code!);
      });
    });

    /** Moves the trip one step on through the next-step dialog; the customer then sees it ticked. */
    async function nextStep(label: string, fill?: (dialog: Locator) => Promise<void>): Promise<void> {
      await transporter.getByRole('button', { name: `Next step: ${label}` }).click();
      const dialog = transporter.getByRole('dialog', { name: 'Update the trip status' });
      await expect(dialog.getByRole('textbox', { name: 'New status', exact: true })).toHaveValue(label);
      if (fill) await fill(dialog);
      await dialog.getByRole('button', { name: 'Update status' }).click();
      await expect(dialog).toBeHidden();
      await expect(stepItem(transporter, label, true)).toBeVisible();
      await customerSees(customer, (page) => expect(stepItem(page, label, true)).toBeVisible());
    }

    await test.step('the trip starts at Apapa and reaches the pickup', async () => {
      await nextStep('Trip Started', async (dialog) => {
        await choose(dialog, 'State', /^Lagos$/, 'Lagos');
        await choose(dialog, 'LGA', /^Apapa$/, 'Apapa');
        await dialog.getByLabel('Landmark (optional)').fill('Apapa Wharf gate');
        await dialog.getByLabel('Note (optional)').fill('Truck in the port queue.');
        await settle(transporter);
        await snapViewport(transporter, 'trip-status-dialog');
        await expectNoSeriousAxeViolations(transporter);
      });
      await expect(transporter.getByText('Apapa Wharf gate, Lagos')).toBeVisible();
      await expect(customer.getByText('Note: Truck in the port queue.')).toBeVisible();

      // The same dialog on a phone.
      await transporter.setViewportSize({ width: PHONE, height: 800 });
      await nextStep('At Pick-Up Location', async (dialog) => {
        await expect(dialog.getByRole('button', { name: 'Update status' })).toBeInViewport();
        await settle(transporter);
        await snapViewport(transporter, 'trip-status-dialog');
      });
      await transporter.setViewportSize({ width: DESKTOP, height: 900 });
      await nextStep('Container(s) Loaded');
    });

    await test.step('a breakdown is reported and resolved', async () => {
      await transporter.getByRole('button', { name: 'Report an issue' }).click();
      const dialog = transporter.getByRole('dialog', { name: 'Report an issue' });
      await choose(dialog, 'What happened?', 'Breakdown');
      await dialog.getByLabel('Description').fill('Tyre burst after Kara bridge; mechanic on the way.');
      await dialog.getByRole('button', { name: 'Report issue' }).click();
      await expect(dialog).toBeHidden();
      await expect(transporter.getByRole('listitem', { name: 'Breakdown, open' })).toBeVisible();
      await snapPage(transporter, 'trip-in-progress-transporter');
      await expectNoSeriousAxeViolations(transporter);
      await customerSees(customer, async (page) => {
        const issue = page.getByRole('listitem', { name: 'Breakdown, open' });
        await expect(issue).toContainText('Tyre burst after Kara bridge');
        await snapPage(page, 'trip-in-progress-customer');
      });

      await transporter.goto('/trips/issues');
      await expect(transporter.getByRole('link', { name: trip.tripNumber }).first()).toBeVisible();
      await snap(transporter, 'trip-issues');
      await expectNoSeriousAxeViolations(transporter);

      await transporter.goto(`/trips/${trip.id}`);
      await transporter.getByRole('button', { name: 'Mark Breakdown resolved' }).click();
      await expect(transporter.getByRole('listitem', { name: 'Breakdown, resolved' })).toBeVisible();
      await customerSees(customer, (page) =>
        expect(page.getByRole('listitem', { name: 'Breakdown, resolved' })).toBeVisible(),
      );
    });

    await test.step('a waybill is uploaded with its progress, then deleted', async () => {
      const upload = transporter.getByRole('form', { name: 'Upload a document' });
      await choose(upload, 'Kind', 'Waybill');
      await upload.getByLabel('Choose the document file').setInputFiles({
        name: 'waybill-e2e.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(
          '%PDF-1.4\n% Waybill\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
        ),
      });
      const held = await holdRequest(transporter, `**/api/v1/trips/${trip.id}/documents`, 'POST');
      await upload.getByRole('button', { name: 'Upload' }).click();
      await held.arrived;
      // Held at the server's door: the bar and its words stay until the answer comes.
      await expect(upload.getByRole('progressbar', { name: 'Uploading the document' })).toHaveCount(1);
      await expect(upload.getByText(/^(Uploading… \d+%|Checking the file…)$/)).toBeVisible();
      await expect(upload.getByRole('button', { name: 'Upload' })).toBeDisabled();
      held.release();
      const row = transporter.getByRole('listitem', { name: 'Waybill: waybill-e2e.pdf' });
      await expect(row).toBeVisible();
      await expect(upload.getByRole('progressbar')).toHaveCount(0);
      await customerSees(customer, (page) =>
        expect(page.getByRole('listitem', { name: 'Waybill: waybill-e2e.pdf' })).toBeVisible(),
      );

      await row.getByRole('button', { name: 'Delete waybill-e2e.pdf' }).click();
      await transporter
        .getByRole('dialog', { name: 'Delete this document?' })
        .getByRole('button', { name: 'Yes' })
        .click();
      await expect(row).toHaveCount(0);
      await customerSees(customer, async (page) => {
        await expect(page.getByText('No documents yet.', { exact: false })).toBeVisible();
        await expect(page.getByRole('listitem', { name: 'Waybill: waybill-e2e.pdf' })).toHaveCount(0);
      });
    });

    await test.step('the transporter writes a note, then edits it with the note dialog', async () => {
      const own = transporter.getByRole('article', { name: 'Transporter note' });
      await own.getByRole('button', { name: 'Add a note' }).click();
      let dialog = transporter.getByRole('dialog', { name: /Transporter note/ });
      const textarea = dialog.getByRole('textbox', { name: 'Note' });
      await expect(textarea).toBeEnabled();
      await expect(textarea).toHaveAttribute('placeholder', 'Add your notes here');
      await textarea.fill('Driver reaches Ikeja by 4 pm.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(own.getByText('Driver reaches Ikeja by 4 pm.')).toBeVisible();

      await own.getByRole('button', { name: 'Open note' }).click();
      dialog = transporter.getByRole('dialog', { name: /Transporter note/ });
      await expect(dialog.getByRole('textbox', { name: 'Note' })).toBeDisabled();
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
      await dialog.getByRole('button', { name: 'Edit' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Note' })).toBeEnabled();
      await dialog
        .getByRole('textbox', { name: 'Note' })
        .fill('Driver reaches Ikeja by 6 pm; traffic at Ojota.');
      const held = await holdRequest(transporter, `**/api/v1/trips/${trip.id}`, 'PATCH');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await held.arrived;
      await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      held.release();
      await expect(dialog).toBeHidden();
      await expect(own.getByText('Driver reaches Ikeja by 6 pm; traffic at Ojota.')).toBeVisible();
      await customerSees(customer, (page) =>
        expect(
          page
            .getByRole('article', { name: 'Transporter note' })
            .getByText('Driver reaches Ikeja by 6 pm; traffic at Ojota.'),
        ).toBeVisible(),
      );
    });

    await test.step('the schedule shows the pickup', async () => {
      const pickup = lagosDateInput(3);
      await transporter.goto(
        `/trips/schedule?year=${pickup.slice(0, 4)}&month=${Number(pickup.slice(5, 7))}`,
      );
      // Other journeys pick up on the same day: a busy day's cell folds its events behind "N more".
      const day = transporter.locator(`td[data-date="${pickup}"]`);
      const more = day.getByRole('button', { name: /^\d+ more$/ });
      await expect(day.getByRole('link').first()).toBeVisible();
      if (await more.isVisible()) await more.click();
      await expect(day.getByRole('link', { name: new RegExp(trip.tripNumber) }).first()).toBeVisible();
      await snap(transporter, 'trip-schedule');
      await expectNoSeriousAxeViolations(transporter);
      await transporter.goto(`/trips/${trip.id}`);
    });

    await test.step('delivery needs the handover code the customer reads on its own page', async () => {
      await nextStep('At Delivery Location');
      await customer.reload();
      const code =
        (await customer.getByRole('status', { name: 'Handover code' }).textContent())?.trim() ?? '';
      expect(code).toMatch(/^\d{6}$/);
      const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;

      await nextStep('Delivered', async (dialog) => {
        const field = dialog.getByRole('textbox', { name: 'Handover code' });
        await field.fill(wrong);
        await dialog.getByRole('button', { name: 'Update status' }).click();
        await expect(dialog.getByRole('alert')).toContainText('The handover code is wrong; 4 tries left');
        await expect(stepItem(transporter, 'Delivered', false)).toBeVisible();
        await field.fill(code);
      });
      // Once handed over, the code is history: the customer's card goes.
      await expect(customer.getByRole('heading', { name: 'Handover code' })).toHaveCount(0);
      await nextStep('Empty Dropped Off');
    });

    await test.step('the trip is completed for both sides', async () => {
      for (const page of [transporter, customer]) {
        for (const label of STEPS) await expect(stepItem(page, label, true)).toBeVisible();
        await expect(page.getByRole('button', { name: /^Next step:/ })).toHaveCount(0);
      }
      const completed = await apiCall<TripDetail>(
        request,
        await apiToken(request, 'customer@example.com'),
        'GET',
        `/api/v1/trips/${trip.id}`,
      );
      expect(completed.completed).toBe(true);
      expect(completed.latestTripStatus?.tripStatus).toBe('EMPTY_DROP_OFF');
      expect(completed.tripStatusLogs.map((log) => log.tripStatus)).toEqual([
        ...tripTimeline('IMPORT_LINER_OWNED'),
      ]);

      // The transporter's page was checked mid-trip; the customer's has its own cards.
      await snapPage(transporter, 'trip-completed-transporter');
      await snapPage(customer, 'trip-completed-customer');
      await expectNoSeriousAxeViolations(customer);
    });

    await test.step('the pages read well on a phone', async () => {
      for (const [page, side] of [
        [transporter, 'transporter'],
        [customer, 'customer'],
      ] as const) {
        await page.setViewportSize({ width: PHONE, height: 800 });
        await page.reload();
        await expect(stepItem(page, 'Empty Dropped Off', true)).toBeVisible();
        await snapPage(page, `trip-completed-${side}`);
        await expectNoSeriousAxeViolations(page);
      }

      const pickup = lagosDateInput(3);
      const screens: { path: string; name: string; ready: Locator; axe: boolean }[] = [
        {
          path: '/fleet/trucks',
          name: 'fleet-trucks',
          ready: transporter.getByRole('link', { name: /^Edit / }).first(),
          axe: true,
        },
        {
          path: '/fleet/drivers',
          name: 'fleet-drivers',
          ready: transporter.getByRole('link', { name: /^Edit / }).first(),
          axe: false,
        },
        {
          path: '/fleet/motor-boys',
          name: 'fleet-motor-boys',
          ready: transporter.getByRole('link', { name: /^Edit / }).first(),
          axe: false,
        },
        {
          path: '/trips/issues?show=all',
          name: 'trip-issues',
          ready: transporter.getByRole('link', { name: trip.tripNumber }).first(),
          axe: true,
        },
        {
          path: `/trips/schedule?year=${pickup.slice(0, 4)}&month=${Number(pickup.slice(5, 7))}&completed=show`,
          name: 'trip-schedule',
          ready: transporter.getByRole('link', { name: new RegExp(trip.tripNumber) }).first(),
          axe: true,
        },
        {
          path: '/fleet/drivers/new',
          name: 'fleet-driver-wizard-details',
          ready: transporter.getByRole('heading', { name: 'Details', level: 2 }),
          axe: true,
        },
      ];
      for (const screen of screens) {
        await transporter.goto(screen.path);
        await expect(screen.ready).toBeVisible();
        await snap(transporter, screen.name);
        if (screen.axe) await expectNoSeriousAxeViolations(transporter);
      }
    });

    await transporter.context().close();
    await customer.context().close();
  });

  test('a transporter chooses how its trucks are watched: arrivals proposed, a shorter stop, no night alarm', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, 'transporter@example.com');
    await page.goto('/fleet/tracking');
    const card = page.getByRole('region', { name: 'Arrivals and alarms' });
    await expect(card.getByRole('radio', { name: 'Record the arrival by itself' })).toBeChecked();
    await card.getByRole('radio', { name: 'Propose the arrival for us to record' }).check();
    const stop = card.getByRole('textbox', { name: 'Longest stop' });
    await stop.fill('90');
    await card.getByRole('switch', { name: /Moving at night/ }).click({ force: true });
    await expect(card.getByRole('textbox', { name: 'Night starts at' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Tracking settings saved.', { exact: false })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Save settings' })).toBeDisabled();

    // Saved on the server: a fresh page shows them.
    await page.reload();
    await expect(card.getByRole('radio', { name: 'Propose the arrival for us to record' })).toBeChecked();
    await expect(card.getByRole('textbox', { name: 'Longest stop' })).toHaveValue('90 min');
    await expect(card.getByRole('switch', { name: /Moving at night/ })).not.toBeChecked();
    await settle(page);
    await snapPage(page, 'fleet-tracking-settings');
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: PHONE, height: 800 });
    await expect(card.getByRole('button', { name: 'Save settings' })).toBeVisible();
    await settle(page);
    await snapPage(page, 'fleet-tracking-settings');
  });
});
