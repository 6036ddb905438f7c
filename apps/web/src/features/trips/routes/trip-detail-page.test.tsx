import { screen, waitFor, within } from '@testing-library/react';
import type { TripAction, TripDetail } from '@freightlane/domain';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../../lib/paths';
import { mockApi, type MockReply } from '../../../test/api-mock';
import { mockXhrUpload, type UploadReply } from '../../../test/fake-xhr';
import { MAERSK, pageOf } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';
import {
  CONSIGNMENT_ID,
  statusLog,
  TRACKING_ID,
  TRIP_DETAIL,
  TRIP_ID,
  tripDetail,
  tripIssue,
} from '../test-fixtures';

// Each test renders the whole page (timeline, cards, dialogs), which takes seconds under jsdom.

const TRUCK_ID = 'a1111111-1111-4111-8111-111111111111';
const DRIVER_ID = 'b2222222-2222-4222-8222-222222222222';
const MOTOR_BOY_ID = 'c3333333-3333-4333-8333-333333333333';
const UPDATE = `PATCH /api/v1/trips/${TRIP_ID}`;
const STATUS = `PATCH /api/v1/trips/${TRIP_ID}/status`;
const HOUR_MS = 60 * 60 * 1000;

/** A loaded trip on the road with its truck and crew, as the transporter sees it. */
function loadedTrip(overrides: Partial<TripDetail> = {}): TripDetail {
  const loadedAt = new Date(Date.now() - 5 * HOUR_MS - 10 * 60_000).toISOString();
  return tripDetail({
    tripStatusLogs: [
      statusLog('STARTED', '2026-11-25T07:00:00.000Z'),
      statusLog('AT_PICKUP_LOCATION', '2026-11-25T08:30:00.000Z', {
        location: { state: 'Lagos', lga: 'Apapa', description: 'Gate 2' },
      }),
      statusLog('LOADED', loadedAt, { note: 'Seal 445120 checked' }),
    ],
    latestTripStatus: { tripStatus: 'LOADED', timeStamp: loadedAt },
    resources: {
      truck: {
        id: TRUCK_ID,
        registrationNumber: 'LSR 123 XY',
        make: 'Mercedes',
        model: 'Actros',
        type: 'CONTAINER_CHASSIS_40',
      },
      driver: {
        id: DRIVER_ID,
        name: 'Musa Bello',
        phoneNumber: '+2348031234567',
        licenceNumber: 'LAG12345AA01',
        hasPhoto: false,
      },
      motorBoy: null,
    },
    allowedNextStatuses: ['AT_DELIVERY_LOCATION'],
    actions: ['CHANGE_STATUS', 'ASSIGN_RESOURCES', 'SET_EXPECTED_DELIVERY'],
    ...overrides,
  });
}

/** The detail answers `current`, which the handlers may replace. */
function mockTripApi(initial: TripDetail, extra: Record<string, MockReply | ((r: never) => unknown)> = {}) {
  const state = { current: initial };
  const api = mockApi({
    [TRIP_DETAIL]: () => ({ body: state.current }),
    ...(extra as Parameters<typeof mockApi>[0]),
  });
  return { api, state };
}

/** Pastes instead of typing key by key: the long texts are not what these tests are about. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('the trip detail', () => {
  it('shows a customer the trip, its handover code and its progress, with no transporter actions', async () => {
    mockTripApi(
      loadedTrip({
        actions: [],
        allowedNextStatuses: [],
        handover: { code: '048213', lockedUntil: null },
        invoice: {
          id: 'e5555555-5555-4555-8555-555555555555',
          invoiceNumber: 'INV-2026-000311',
          amountKobo: 45_000_050,
          status: 'PENDING_PAYMENT',
          dueAt: '2026-12-10T11:00:00.000Z',
          chargesAwaitingAnswer: 0,
        },
        notes: [
          {
            id: 'n1',
            side: 'ADMIN',
            isAdminNote: true,
            note: 'Customs hold lifted.',
            updatedBy: 'Ngozi (Freightlane)',
            updatedAt: '2026-11-25T09:00:00.000Z',
          },
        ],
      }),
    );
    seedSession('role_customer');
    renderRoute(`/trips/${TRIP_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Trip TRP-2026-000123' })).toBeVisible();
    expect(document.title).toBe('Trip TRP-2026-000123 · Freightlane');
    const overview = screen.getByRole('region', { name: 'Trip details' });
    expect(within(overview).getByRole('link', { name: 'ORD-2026-000042' })).toHaveAttribute(
      'href',
      '/orders/order-42',
    );
    expect(within(overview).getByText('APM Terminals, Apapa')).toBeVisible();
    expect(within(overview).getByText('Ikeja, Lagos')).toBeVisible();
    expect(within(overview).getByText('25 Nov 2026')).toBeVisible();
    const trackingLink = screen.getByRole('region', { name: 'Tracking link' });
    expect(
      within(trackingLink).getByText(`${window.location.origin}/tripprogress/${TRACKING_ID}`),
    ).toBeVisible();
    expect(within(trackingLink).getByRole('button', { name: 'Copy link' })).toBeVisible();
    expect(within(overview).queryByRole('button', { name: /expected delivery date/ })).toBeNull();

    const handover = screen.getByRole('region', { name: 'Handover code' });
    expect(within(handover).getByText('048213')).toBeVisible();
    expect(handover).toHaveTextContent(
      'Give this code to the person receiving the cargo. The driver needs it to mark the trip delivered.',
    );

    const progress = screen.getByRole('region', { name: 'Progress' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('aria-label'))).toEqual([
      'Trip Started: done',
      'At Pick-Up Location: done',
      'Container(s) Loaded: done',
      'At Delivery Location: not yet',
      'Delivered: not yet',
      'Empty Dropped Off: not yet',
    ]);
    // 07:00 UTC is 08:00 in Lagos.
    expect(steps[0]).toHaveTextContent('25 Nov 2026, 08:00');
    expect(steps[0]).toHaveTextContent('By Bola Adeyemi (Kano Haulage Ltd)');
    expect(steps[1]).toHaveTextContent('Gate 2, Apapa, Lagos');
    expect(steps[2]).toHaveTextContent('Note: Seal 445120 checked');
    expect(steps[2]).toHaveTextContent('In this stage: 5 h');
    expect(steps[2]).toHaveAttribute('aria-current', 'step');

    const notes = screen.getByRole('region', { name: 'Notes' });
    const adminNote = within(notes).getByRole('article', { name: 'Admin note' });
    expect(adminNote).toHaveTextContent('Customs hold lifted.');
    expect(within(adminNote).getByText('From Freightlane')).toBeVisible();
    expect(within(notes).getByRole('button', { name: 'Add a note' })).toBeVisible();

    const invoice = screen.getByRole('region', { name: 'Invoice' });
    expect(invoice).toHaveTextContent('INV-2026-000311');
    expect(invoice).toHaveTextContent('₦450,000.50');
    expect(invoice).toHaveTextContent('10 Dec 2026');

    const resources = screen.getByRole('region', { name: 'Truck and crew' });
    expect(within(resources).getByRole('link', { name: 'Call Musa Bello on 0803 123 4567' })).toHaveAttribute(
      'href',
      'tel:+2348031234567',
    );
    expect(screen.queryByRole('button', { name: /^Next step/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel trip' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit the container/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo last step' })).toBeNull();
  });

  it('shows exactly the actions the server allows', async () => {
    const all: TripAction[] = [
      'CHANGE_STATUS',
      'UNDO_STATUS',
      'CANCEL',
      'ASSIGN_RESOURCES',
      'EDIT_CONSIGNMENT',
      'SET_EXPECTED_DELIVERY',
    ];
    mockTripApi(loadedTrip({ actions: all }));
    seedSession('role_admin');
    renderRoute(`/trips/${TRIP_ID}`);
    expect(await screen.findByRole('button', { name: 'Next step: At Delivery Location' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Undo last step' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel trip' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Change' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit the container details' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Set the expected delivery date' })).toBeVisible();
  });

  it('lets the transporter set the expected delivery date', async () => {
    const { api, state } = mockTripApi(loadedTrip(), {
      [UPDATE]: () => {
        state.current = loadedTrip({ expectedDeliveryDate: '2026-11-28' });
        return { body: state.current };
      },
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Set the expected delivery date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Expected delivery' });
    await user.type(within(dialog).getByLabelText('Expected delivery date'), '28/11/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(UPDATE)[0]?.body).toEqual({ expectedDeliveryDate: '2026-11-28' });
    expect(await screen.findByText('28 Nov 2026')).toBeVisible();
  });

  it('shows the arrival the truck’s geofence saw, and the issues its tracking raised', async () => {
    const diversion = tripIssue({
      id: 'f7777777-7777-4777-8777-777777777777',
      issueType: 'DIVERSION',
      description: 'The truck left the corridor of its lane: 12.0 km beyond the 5 km either side.',
      location: { state: 'Lagos', lga: 'Ojo', description: null },
      openedBy: 'Freightlane tracking',
      alarm: 'DIVERSION',
    });
    mockTripApi(
      loadedTrip({
        arrivalProposal: { status: 'AT_DELIVERY_LOCATION', at: '2026-11-25T14:05:00.000Z' },
        eta: { typical: '2026-11-25T15:30:00.000Z', worst: '2026-11-25T17:10:00.000Z' },
        issues: [diversion],
      }),
    );
    seedSession('role_transporter');
    renderRoute(`/trips/${TRIP_ID}`);
    const proposal = await screen.findByRole('alert', { name: /tracking saw it arrive/ });
    expect(proposal).toHaveTextContent('It entered the geofence at 25 Nov 2026, 15:05.');
    expect(proposal).toHaveTextContent('Record At Delivery Location when you have confirmed it.');
    expect(screen.getByLabelText('Expected arrival')).toHaveTextContent(
      'Expected around 25 Nov 2026, 16:30, by 25 Nov 2026, 18:10 at the latest',
    );
    const issue = screen.getByRole('listitem', { name: 'Diversion, open' });
    expect(within(issue).getByText('Tracking alarm')).toBeVisible();
    expect(within(issue).getByText(/Freightlane tracking/)).toBeVisible();
  });

  it('shows no arrival banner when the proposed step is not the next one', async () => {
    mockTripApi(
      loadedTrip({ arrivalProposal: { status: 'AT_PICKUP_LOCATION', at: '2026-11-25T08:05:00.000Z' } }),
    );
    seedSession('role_transporter');
    renderRoute(`/trips/${TRIP_ID}`);
    expect(await screen.findByRole('button', { name: /Next step/ })).toBeVisible();
    expect(screen.queryByRole('alert', { name: /tracking saw it arrive/ })).toBeNull();
  });

  it('hides Empty Dropped Off for an export, where Delivered is the last step', async () => {
    mockTripApi(tripDetail({ cargoType: 'EXPORT' }));
    seedSession('role_transporter');
    renderRoute(`/trips/${TRIP_ID}`);
    const progress = await screen.findByRole('region', { name: 'Progress' });
    const labels = within(progress)
      .getAllByRole('listitem')
      .map((step) => step.getAttribute('aria-label'));
    expect(labels).toEqual([
      'Trip Started: not yet',
      'At Pick-Up Location: not yet',
      'Container(s) Loaded: not yet',
      'At Delivery Location: not yet',
      'Delivered: not yet',
    ]);
    expect(progress).not.toHaveTextContent('Empty Dropped Off');
  });

  it('says when the trip is not found, with a way back to the trips', async () => {
    mockApi({ [TRIP_DETAIL]: { status: 404, body: { message: 'Trip not found' } } });
    seedSession('role_customer');
    renderRoute(`/trips/${TRIP_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to your trips' })).toHaveAttribute('href', '/trips');
  });

  it('shows a cancelled trip with its reason', async () => {
    mockTripApi(
      tripDetail({
        cancelled: true,
        cancelledAt: '2026-11-24T15:30:00.000Z',
        cancellationReason: 'Client moved the shipment',
      }),
    );
    seedSession('role_customer');
    renderRoute(`/trips/${TRIP_ID}`);
    const banner = await screen.findByText('This trip is cancelled');
    expect(banner.closest('[role="status"]')).toHaveTextContent(
      'Cancelled 24 Nov 2026, 16:30. Reason: Client moved the shipment',
    );
    expect(screen.getByText('Cancelled', { selector: '.mantine-Badge-label' })).toBeVisible();
  });
});

describe('the trip rating', () => {
  const RATINGS = `GET /api/v1/trips/${TRIP_ID}/ratings`;
  const deliveredAt = new Date(Date.now() - 2 * 24 * HOUR_MS).toISOString();
  const delivered = () =>
    tripDetail({
      tripStatusLogs: [statusLog('STARTED', '2026-11-25T07:00:00.000Z'), statusLog('DELIVERED', deliveredAt)],
      latestTripStatus: { tripStatus: 'DELIVERED', timeStamp: deliveredAt },
    });
  const open = {
    canRate: true,
    rateUntil: new Date(Date.now() + 28 * 24 * HOUR_MS).toISOString(),
    mine: null,
    theirs: null,
    theirsGiven: false,
    theirsShowsAt: null,
    editableUntil: null,
  };

  it('asks the transporter to rate the customer right after the trip details, once delivered', async () => {
    mockTripApi(delivered(), { [RATINGS]: { body: open } });
    seedSession('role_fleet_manager');
    renderRoute(`/trips/${TRIP_ID}`);
    const card = await screen.findByRole('region', { name: 'How was Okafor Imports Ltd?' });
    const overview = screen.getByRole('region', { name: 'Trip details' });
    // The card follows the overview in the page, before the route, timeline and side cards.
    expect(overview.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      card.compareDocumentPosition(screen.getByRole('region', { name: 'Notes' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('reads no ratings before delivery, nor for an admin', async () => {
    const { api } = mockTripApi(loadedTrip(), { [RATINGS]: { body: open } });
    seedSession('role_customer');
    const { unmount } = renderRoute(`/trips/${TRIP_ID}`);
    await screen.findByRole('region', { name: 'Trip details' });
    unmount();

    const asAdmin = mockTripApi(delivered(), { [RATINGS]: { body: open } });
    seedSession('role_admin');
    renderRoute(`/trips/${TRIP_ID}`);
    await screen.findByRole('region', { name: 'Trip details' });
    expect(screen.queryByRole('region', { name: /How was/ })).toBeNull();
    expect(api.calls(RATINGS)).toHaveLength(0);
    expect(asAdmin.api.calls(RATINGS)).toHaveLength(0);
  });
});

describe('the trip-note dialog', () => {
  const ownNote = {
    id: 'n2',
    side: 'TRANSPORTER' as const,
    isAdminNote: false,
    note: 'Driver to call the warehouse at Ikeja.',
    updatedBy: 'Bola Adeyemi',
    updatedAt: '2026-11-25T09:00:00.000Z',
  };

  it('keeps an existing note read-only until Edit, and Cancel restores it', async () => {
    mockTripApi(loadedTrip({ notes: [ownNote] }));
    seedSession('role_transporter');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Open note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transporter note (yours)' });
    const textarea = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(textarea).toHaveAttribute('rows', '5');
    expect(textarea).toHaveAttribute('cols', '50');
    expect(textarea).toHaveAttribute('placeholder', 'Add your notes here');
    expect(textarea).toHaveValue('Driver to call the warehouse at Ikeja.');
    expect(textarea).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(textarea).toBeEnabled();
    await user.clear(textarea);
    await fill(user, textarea, 'Changed my mind');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Open note' }));
    const reopened = await screen.findByRole('dialog', { name: 'Transporter note (yours)' });
    const again = within(reopened).getByRole('textbox', { name: 'Note' });
    expect(again).toHaveValue('Driver to call the warehouse at Ikeja.');
    expect(again).toBeDisabled();
  });

  it("reads 'Sending...' while saving and saves the caller's note", async () => {
    const reply = deferred<MockReply>();
    const { api, state } = mockTripApi(loadedTrip(), {
      [UPDATE]: () => reply.promise,
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Add a note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transporter note (yours)' });
    const textarea = within(dialog).getByRole('textbox', { name: 'Note' });
    // No note yet: writing can start at once.
    expect(textarea).toBeEnabled();
    await fill(user, textarea, 'Gate pass collected');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const sending = await within(dialog).findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    expect(textarea).toBeDisabled();
    expect(api.calls(UPDATE)[0]?.body).toEqual({ note: 'Gate pass collected' });

    state.current = loadedTrip({
      notes: [{ ...ownNote, note: 'Gate pass collected', updatedAt: '2026-11-25T10:00:00.000Z' }],
    });
    reply.resolve({ body: state.current });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(await within(notes).findByText('Gate pass collected')).toBeVisible();
    expect(await screen.findByText('Your note is saved.')).toBeVisible();
  });
});

describe('the status dialog', () => {
  it('moves the trip on with the location and a note', async () => {
    const { api, state } = mockTripApi(loadedTrip(), {
      [STATUS]: () => {
        state.current = loadedTrip({
          latestTripStatus: { tripStatus: 'AT_DELIVERY_LOCATION', timeStamp: new Date().toISOString() },
          allowedNextStatuses: ['DELIVERED'],
        });
        return { body: state.current };
      },
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Next step: At Delivery Location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update the trip status' });
    expect(within(dialog).getByLabelText('New status', { selector: 'input' })).toHaveValue(
      'At Delivery Location',
    );
    expect(within(dialog).queryByLabelText('Handover code')).toBeNull();

    await user.click(within(dialog).getByLabelText('State', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Lagos' }));
    await user.click(within(dialog).getByLabelText('LGA', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Ikeja' }));
    await fill(user, within(dialog).getByLabelText('Landmark (optional)'), 'Opposite Ikeja City Mall');
    await fill(user, within(dialog).getByLabelText('Note (optional)'), 'Waiting at the gate');
    await user.click(within(dialog).getByRole('button', { name: 'Update status' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(STATUS)[0]?.body).toEqual({
      tripStatus: 'AT_DELIVERY_LOCATION',
      location: { state: 'Lagos', lga: 'Ikeja', description: 'Opposite Ikeja City Mall' },
      note: 'Waiting at the gate',
    });
    expect(await screen.findByText('Trip TRP-2026-000123 is now: At Delivery Location.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Next step: Delivered' })).toBeVisible();
  });

  it('needs the 6-digit code for Delivered and shows the wrong-code message and the lock time', async () => {
    const lockedUntil = '2026-11-25T14:35:00.000Z';
    const atDelivery = loadedTrip({
      latestTripStatus: { tripStatus: 'AT_DELIVERY_LOCATION', timeStamp: new Date().toISOString() },
      allowedNextStatuses: ['DELIVERED'],
    });
    const { api } = mockTripApi(atDelivery, {
      [STATUS]: {
        status: 422,
        body: {
          message: 'That handover code is wrong. Code entry is locked for 15 minutes.',
          code: 'UNPROCESSABLE',
          lockedUntil,
        },
      },
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Next step: Delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update the trip status' });
    // Only an admin may record a delivery without the code.
    expect(within(dialog).queryByLabelText(/The receiver has no code/)).toBeNull();

    const code = within(dialog).getByLabelText('Handover code');
    await user.type(code, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Update status' }));
    expect(await within(dialog).findByText('Enter the 6-digit handover code')).toBeVisible();
    expect(api.calls(STATUS)).toHaveLength(0);

    await user.type(code, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Update status' }));
    expect(
      await within(dialog).findByText('That handover code is wrong. Code entry is locked for 15 minutes.'),
    ).toBeVisible();
    // 14:35 UTC is 15:35 in Lagos.
    expect(dialog).toHaveTextContent('Code entry is locked until 25 Nov 2026, 15:35.');
    expect(api.calls(STATUS)[0]?.body).toEqual({ tripStatus: 'DELIVERED', handoverCode: '123456' });
  });

  it('lets an admin record a delivery without the code, with a reason', async () => {
    const atDelivery = loadedTrip({
      latestTripStatus: { tripStatus: 'AT_DELIVERY_LOCATION', timeStamp: new Date().toISOString() },
      allowedNextStatuses: ['DELIVERED'],
      actions: ['CHANGE_STATUS', 'UNDO_STATUS'],
    });
    const { api } = mockTripApi(atDelivery, { [STATUS]: { body: atDelivery } });
    seedSession('role_admin');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Next step: Delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update the trip status' });
    await user.click(within(dialog).getByLabelText(/The receiver has no code/));
    expect(within(dialog).queryByLabelText('Handover code')).toBeNull();
    await fill(
      user,
      within(dialog).getByLabelText('Override reason'),
      'Consignee lost the SMS; confirmed by phone',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(api.calls(STATUS)).toHaveLength(1));
    expect(api.calls(STATUS)[0]?.body).toEqual({
      tripStatus: 'DELIVERED',
      overrideReason: 'Consignee lost the SMS; confirmed by phone',
    });
  });
});

describe('the resources', () => {
  const trucks = [
    {
      id: TRUCK_ID,
      registrationNumber: 'LSR 123 XY',
      make: 'Mercedes',
      model: 'Actros',
      year: 2019,
      type: 'CONTAINER_CHASSIS_40',
      capacityTonnes: 40,
      active: true,
    },
  ];
  const person = (id: string, firstName: string, lastName: string, phoneNumber: string) => ({
    id,
    firstName,
    lastName,
    phoneNumber,
    active: true,
  });

  it('assigns the chosen truck, driver and motor boy', async () => {
    const { api, state } = mockTripApi(tripDetail({ actions: ['ASSIGN_RESOURCES', 'CANCEL'] }), {
      'GET /api/v1/fleet/trucks': { body: pageOf(trucks) },
      'GET /api/v1/fleet/drivers': { body: pageOf([person(DRIVER_ID, 'Musa', 'Bello', '+2348031234567')]) },
      'GET /api/v1/fleet/motor-boys': {
        body: pageOf([person(MOTOR_BOY_ID, 'Sani', 'Ibrahim', '+2348059876543')]),
      },
      [`PUT /api/v1/trips/consignment/${CONSIGNMENT_ID}/assign-resources`]: () => {
        state.current = loadedTrip({
          tripStatusLogs: [],
          latestTripStatus: null,
          allowedNextStatuses: ['STARTED'],
        });
        return { body: state.current };
      },
    });
    seedSession('role_fleet_manager');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Assign truck and driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign truck and driver' });
    const assign = await within(dialog).findByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();

    await user.click(within(dialog).getByLabelText(/^Truck/, { selector: 'input' }));
    await user.click(
      await screen.findByRole('option', { name: 'LSR 123 XY · Mercedes Actros · Container chassis 40 FT' }),
    );
    await user.click(within(dialog).getByLabelText(/^Driver/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Musa Bello · 0803 123 4567' }));
    await user.click(within(dialog).getByLabelText('Motor boy (optional)', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Sani Ibrahim · 0805 987 6543' }));
    await user.click(assign);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`PUT /api/v1/trips/consignment/${CONSIGNMENT_ID}/assign-resources`)[0]?.body).toEqual({
      truckId: TRUCK_ID,
      driverId: DRIVER_ID,
      motorBoyId: MOTOR_BOY_ID,
    });
    expect(api.calls('GET /api/v1/fleet/trucks')[0]?.url).toBe(
      '/api/v1/fleet/trucks?active=true&available=true&size=100',
    );
    const resources = screen.getByRole('region', { name: 'Truck and crew' });
    expect(await within(resources).findByText('LSR 123 XY')).toBeVisible();
  });

  it('links to adding a truck or a driver when none is free, and shows a refusal in the dialog', async () => {
    mockTripApi(tripDetail({ actions: ['ASSIGN_RESOURCES'] }), {
      'GET /api/v1/fleet/trucks': { body: pageOf([]) },
      'GET /api/v1/fleet/drivers': { body: pageOf([]) },
      'GET /api/v1/fleet/motor-boys': { body: pageOf([]) },
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Assign truck and driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign truck and driver' });
    expect(await within(dialog).findByRole('link', { name: 'Add a truck' })).toHaveAttribute(
      'href',
      PATHS.newTruck,
    );
    expect(within(dialog).getByRole('link', { name: 'Add a driver' })).toHaveAttribute(
      'href',
      PATHS.newDriver,
    );
  });

  it('shows a 409 from changing the truck inside the dialog', async () => {
    const { api } = mockTripApi(loadedTrip(), {
      'GET /api/v1/fleet/trucks': {
        body: pageOf([
          {
            ...trucks[0],
            id: 'd4444444-4444-4444-8444-444444444444',
            registrationNumber: 'KJA 456 AB',
            type: 'FLATBED',
          },
        ]),
      },
      'GET /api/v1/fleet/drivers': { body: pageOf([]) },
      'GET /api/v1/fleet/motor-boys': { body: pageOf([]) },
      [`PATCH /api/v1/trips/${TRIP_ID}/resources`]: {
        status: 409,
        body: { message: 'Truck KJA 456 AB is on trip TRP-2026-000130', code: 'CONFLICT' },
      },
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change truck, driver or motor boy' });
    const truck = await within(dialog).findByLabelText(/^Truck/, { selector: 'input' });
    // The trip's own truck and driver are offered although they are not "available".
    expect(truck).toHaveValue('LSR 123 XY · Mercedes Actros · Container chassis 40 FT');
    await user.click(truck);
    await user.click(await screen.findByRole('option', { name: 'KJA 456 AB · Mercedes Actros · Flatbed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Truck KJA 456 AB is on trip TRP-2026-000130',
    );
    expect(api.calls(`PATCH /api/v1/trips/${TRIP_ID}/resources`)[0]?.body).toEqual({
      truckId: 'd4444444-4444-4444-8444-444444444444',
    });
  });
});

describe('the documents', () => {
  it('shows only the error message when a delete fails', async () => {
    const document = {
      id: 'e5555555-5555-4555-8555-555555555555',
      kind: 'WAYBILL' as const,
      fileName: 'waybill-0123.pdf',
      contentType: 'application/pdf',
      sizeBytes: 245_760,
      uploadedBy: 'Bola Adeyemi (Kano Haulage Ltd)',
      uploadedAt: '2026-11-25T09:15:00.000Z',
      canDelete: true,
    };
    const { api } = mockTripApi(loadedTrip({ documents: [document] }), {
      [`DELETE /api/v1/trips/documents/${document.id}`]: {
        status: 409,
        body: { message: 'A document of a completed trip cannot be deleted', code: 'CONFLICT' },
      },
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    const card = await screen.findByRole('region', { name: 'Documents' });
    const item = within(card).getByRole('listitem', { name: 'Waybill: waybill-0123.pdf' });
    expect(item).toHaveTextContent('waybill-0123.pdf · 240 KB');
    await user.click(within(item).getByRole('button', { name: 'Delete waybill-0123.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this document?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));

    const toast = await screen.findByText('A document of a completed trip cannot be deleted');
    const notification = toast.closest('.mantine-Notification-root');
    expect(notification?.textContent).toBe('A document of a completed trip cannot be deleted');
    expect(api.calls(`DELETE /api/v1/trips/documents/${document.id}`)).toHaveLength(1);
    expect(within(card).getByRole('listitem', { name: 'Waybill: waybill-0123.pdf' })).toBeVisible();
  });

  it('refuses a file over 10 MB before sending it', async () => {
    mockTripApi(loadedTrip());
    seedSession('role_customer');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    const card = await screen.findByRole('region', { name: 'Documents' });
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(within(card).getByLabelText('Choose the document file'), big);
    expect(await within(card).findByRole('alert')).toHaveTextContent('The file must be at most 10 MB.');
    expect(within(card).getByRole('button', { name: 'Upload' })).toBeDisabled();
  });
  it('uploads a document, kind first, with a progress bar', async () => {
    const reply = deferred<UploadReply>();
    const xhr = mockXhrUpload(() => reply.promise);
    mockTripApi(loadedTrip());
    seedSession('role_customer');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    const card = await screen.findByRole('region', { name: 'Documents' });
    await user.click(within(card).getByLabelText('Kind', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Proof of delivery' }));
    await user.upload(
      within(card).getByLabelText('Choose the document file'),
      new File(['%PDF-1.7'], 'pod.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(card).getByRole('button', { name: 'Upload' }));

    expect(await within(card).findByRole('progressbar', { name: 'Uploading the document' })).toBeVisible();
    expect(await within(card).findByText('Uploading… 50%')).toBeVisible();
    const [request] = xhr.requests;
    expect(request?.url).toBe(`/api/v1/trips/${TRIP_ID}/documents`);
    expect([...request!.form.keys()]).toEqual(['kind', 'file']);
    expect(request!.form.get('kind')).toBe('PROOF_OF_DELIVERY');

    reply.resolve({ status: 201, body: {} });
    expect(await screen.findByText('Proof of delivery uploaded.')).toBeVisible();
    expect(within(card).queryByRole('progressbar')).toBeNull();
  });
});

describe('the other trip actions', () => {
  it('cancels the trip with a reason and shows it cancelled', async () => {
    const { api, state } = mockTripApi(tripDetail({ actions: ['CANCEL'] }), {
      'PATCH /api/v1/trips/cancel': () => {
        state.current = tripDetail({
          cancelled: true,
          cancelledAt: '2026-11-24T15:30:00.000Z',
          cancellationReason: 'Client moved the shipment',
        });
        return { body: { cancelled: [TRIP_ID] } };
      },
    });
    seedSession('role_customer');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this trip?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel trip' }));
    expect(await within(dialog).findByText('Reason must be at least 3 characters')).toBeVisible();
    expect(api.calls('PATCH /api/v1/trips/cancel')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText('Reason'), 'Client moved the shipment');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel trip' }));
    expect(await screen.findByText('This trip is cancelled')).toBeVisible();
    expect(api.calls('PATCH /api/v1/trips/cancel')[0]?.body).toEqual({
      tripIds: [TRIP_ID],
      reason: 'Client moved the shipment',
    });
    expect(await screen.findByText('Trip TRP-2026-000123 is cancelled.')).toBeVisible();
  });

  it('lets an admin undo the last step with a reason', async () => {
    const undo = `POST /api/v1/trips/${TRIP_ID}/status/undo`;
    const { api } = mockTripApi(loadedTrip({ actions: ['UNDO_STATUS'] }), {
      [undo]: { body: loadedTrip({ actions: ['UNDO_STATUS'] }) },
    });
    seedSession('role_admin');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Undo last step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo the last step?' });
    expect(dialog).toHaveTextContent(
      'The trip goes back from "Container(s) Loaded" to "At Pick-Up Location".',
    );
    await fill(user, within(dialog).getByLabelText('Reason'), 'Driver pressed Loaded at the gate by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Undo last step' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(undo)[0]?.body).toEqual({ reason: 'Driver pressed Loaded at the gate by mistake' });
  });

  it('reports an issue at the present Lagos time and marks an open one resolved', async () => {
    const issue = tripIssue({
      id: 'f6666666-6666-4666-8666-666666666666',
      issueType: 'BREAKDOWN',
      description: 'Tyre burst after Kara bridge',
      location: { state: 'Ogun', lga: 'Obafemi Owode', description: 'Kara bridge' },
      openedBy: 'Bola Adeyemi (Kano Haulage Ltd)',
    });
    const { api, state } = mockTripApi(loadedTrip(), {
      [`POST /api/v1/trips/${TRIP_ID}/issues`]: () => {
        state.current = loadedTrip({ issues: [issue] });
        return { status: 201, body: issue };
      },
      [`GET /api/v1/trips/issues/resolve/${issue.id}`]: () => {
        const resolved = {
          ...issue,
          status: 'RESOLVED' as const,
          resolvedAt: '2026-11-25T13:00:00.000Z',
          resolvedBy: 'Bola Adeyemi (Kano Haulage Ltd)',
        };
        state.current = loadedTrip({ issues: [resolved] });
        return { body: resolved };
      },
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    const card = await screen.findByRole('region', { name: 'Issues' });
    expect(card).toHaveTextContent('No issues reported.');
    await user.click(within(card).getByRole('button', { name: 'Report an issue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report an issue' });
    await user.click(within(dialog).getByLabelText(/^What happened\?/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Breakdown' }));
    await fill(user, within(dialog).getByLabelText(/^Description/), 'Tyre burst after Kara bridge');
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Report issue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const body = api.calls(`POST /api/v1/trips/${TRIP_ID}/issues`)[0]?.body as Record<string, string>;
    expect(body).toEqual({
      issueType: 'BREAKDOWN',
      description: 'Tyre burst after Kara bridge',
      openingTimeStamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+01:00$/),
    });
    // The form opened at the present minute, in Lagos time.
    expect(Math.abs(Date.parse(body.openingTimeStamp!) - before)).toBeLessThan(3 * 60_000);

    const open = await within(card).findByRole('listitem', { name: 'Breakdown, open' });
    expect(open).toHaveTextContent(
      '25 Nov 2026, 12:20 · Bola Adeyemi (Kano Haulage Ltd) · Kara bridge, Obafemi Owode, Ogun',
    );
    await user.click(within(open).getByRole('button', { name: 'Mark Breakdown resolved' }));
    expect(await within(card).findByRole('listitem', { name: 'Breakdown, resolved' })).toHaveTextContent(
      'Resolved 25 Nov 2026, 14:00 by Bola Adeyemi (Kano Haulage Ltd)',
    );
    expect(api.calls(`GET /api/v1/trips/issues/resolve/${issue.id}`)).toHaveLength(1);
  });

  it('sends only the consignment details that changed', async () => {
    const patch = `PATCH /api/v1/trips/consignment/${CONSIGNMENT_ID}`;
    const { api } = mockTripApi(loadedTrip({ actions: ['EDIT_CONSIGNMENT'] }), {
      'GET /api/v1/lookups/liners': { body: [MAERSK] },
      [patch]: { body: loadedTrip({ actions: ['EDIT_CONSIGNMENT'] }) },
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Edit the container details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the container' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Change at least one detail')).toBeVisible();
    expect(api.calls(patch)).toHaveLength(0);

    const number = within(dialog).getByLabelText(/^Container number/);
    await user.clear(number);
    await fill(user, number, 'tghu 765432-0');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(patch)[0]?.body).toEqual({ containerNumber: 'TGHU7654320' });
  });
});
