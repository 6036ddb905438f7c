import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DriverPage as DriverPageData } from '@freightlane/domain/driver';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from './public-app';

const TOKEN = 'b'.repeat(32);
const PAGE = `/api/v1/driver/${TOKEN}`;

const page: DriverPageData = {
  driver: { firstName: 'Femi', lastName: 'Eze', language: null },
  company: { name: 'Eko Haulage Ltd' },
  truck: { registrationNumber: 'LSR 397 IO' },
  trip: {
    id: 't1',
    tripNumber: 'TRP-2026-000014',
    cargoType: 'IMPORT_SHIPPER_OWNED',
    latestTripStatus: 'LOADED',
    pickup: {
      terminal: {
        id: 'x',
        code: 'APMT-APAPA',
        name: 'APM Terminals Apapa',
        operator: 'APM Terminals',
        kind: 'PORT_TERMINAL',
        port: 'Apapa',
        city: 'Apapa',
        lga: 'Apapa',
        state: 'Lagos',
      },
      address: null,
    },
    recipient: {
      terminal: null,
      address: {
        street: '12 Oba Akran Avenue',
        neighborhood: 'Ikeja',
        lga: 'Ikeja',
        city: 'Ikeja',
        state: 'Lagos',
      },
    },
    currentLocation: null,
    cash: {
      advancesKobo: 5_000_000,
      approvedKobo: 1_500_000,
      waitingKobo: 300_000,
      balanceKobo: -3_500_000,
      settled: false,
      expenses: [
        {
          id: 'e1111111-1111-4111-8111-111111111111',
          kind: 'LEVY',
          amountKobo: 300_000,
          litres: null,
          status: 'QUERIED',
          reviewNote: 'Send the union ticket',
          spentAt: '2026-12-01T09:00:00.000Z',
          hasReceipt: false,
        },
        {
          id: 'e2222222-2222-4222-8222-222222222222',
          kind: 'TOLL',
          amountKobo: 1_500_000,
          litres: null,
          status: 'APPROVED',
          reviewNote: null,
          spentAt: '2026-12-01T08:00:00.000Z',
          hasReceipt: true,
        },
      ],
    },
  },
  positionIntervalSeconds: 30,
};

/** A phone's geolocation that reports `coords` whenever asked. */
function fakeGeolocation() {
  const watchers: PositionCallback[] = [];
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback) => {
      watchers.push(success);
      return watchers.length;
    }),
    clearWatch: vi.fn(),
  };
  vi.stubGlobal('navigator', { ...navigator, geolocation });
  return {
    report: (latitude: number, longitude: number, at: number) =>
      watchers.forEach((w) =>
        w({
          timestamp: at,
          coords: {
            latitude,
            longitude,
            accuracy: 8,
            speed: 10,
            heading: 90,
            altitude: null,
            altitudeAccuracy: null,
          },
        } as unknown as GeolocationPosition),
      ),
  };
}

/** The API's answer to a recorded action. */
function recorded(clientActionId: string, action: string, message: string, latestTripStatus = 'LOADED') {
  return new Response(
    JSON.stringify({
      clientActionId,
      action,
      trip: { id: 't1', tripNumber: 'TRP-2026-000014', latestTripStatus },
      message,
      recordedAt: new Date().toISOString(),
    }),
    { status: action === 'STATUS' ? 200 : 201 },
  );
}

describe('the driver’s page', () => {
  let sent: unknown[][];
  let actions: { url: string; body: Record<string, unknown> | FormData }[];
  let online: boolean;
  /** How the next status request is answered; recorded unless a test says otherwise. */
  let answerStatus: ((body: Record<string, unknown>) => Response) | null;
  beforeEach(() => {
    window.localStorage.clear();
    sent = [];
    actions = [];
    online = true;
    answerStatus = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === PAGE) {
          if (!online) throw new TypeError('Failed to fetch');
          return new Response(JSON.stringify(page), { status: 200 });
        }
        if (url === `${PAGE}/positions`) {
          if (!online) throw new TypeError('Failed to fetch');
          const { positions } = JSON.parse(String(init?.body)) as { positions: unknown[] };
          sent.push(positions);
          return new Response(JSON.stringify({ stored: positions.length, refused: [] }), { status: 200 });
        }
        if (url === `${PAGE}/status` || url === `${PAGE}/issues`) {
          if (!online) throw new TypeError('Failed to fetch');
          const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
          actions.push({ url, body });
          if (url.endsWith('/issues')) {
            return recorded(String(body.clientActionId), 'ISSUE', 'Issue reported: Breakdown');
          }
          const status = String(body.tripStatus);
          return (
            answerStatus?.(body) ??
            recorded(String(body.clientActionId), 'STATUS', `Recorded: ${status}`, status)
          );
        }
        if (url === `${PAGE}/expenses` || url.startsWith(`${PAGE}/expenses/`)) {
          if (!online) throw new TypeError('Failed to fetch');
          const form = init?.body as FormData;
          actions.push({ url, body: form });
          return url.endsWith('/reply')
            ? recorded(String(form.get('clientActionId')), 'EXPENSE_REPLY', 'Answer sent')
            : recorded(String(form.get('clientActionId')), 'EXPENSE', 'Expense recorded: Diesel');
        }
        if (url === `${PAGE}/documents`) {
          if (!online) throw new TypeError('Failed to fetch');
          const form = init?.body as FormData;
          actions.push({ url, body: form });
          return recorded(String(form.get('clientActionId')), 'DOCUMENT', 'Photo added: Waybill');
        }
        return new Response(
          JSON.stringify({ message: 'This driver link is not valid. Ask your transporter for a new one.' }),
          {
            status: 404,
          },
        );
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the trip, and once allowed sends the phone’s position, keeping it while offline', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gps = fakeGeolocation();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<PublicApp origin="http://localhost" pathname={`/driver/${TOKEN}`} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Femi' })).toBeVisible();
    const trip = within(screen.getByRole('region', { name: 'Your trip' }));
    expect(trip.getByText('TRP-2026-000014')).toBeVisible();
    expect(trip.getByText('Container(s) Loaded')).toBeVisible();
    expect(trip.getByText('APM Terminals, Apapa')).toBeVisible();
    expect(trip.getByText('Ikeja, Lagos')).toBeVisible();
    expect(screen.getByText('Eko Haulage Ltd · LSR 397 IO')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Share my location' }));
    await act(async () => gps.report(6.6018, 3.3515, Date.now()));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual([expect.objectContaining({ latitude: 6.6018, longitude: 3.3515, accuracyM: 8 })]);
    expect(await screen.findByText(/Sharing your location · last sent/)).toBeVisible();

    // Offline: the next positions wait on the phone, then go together when the network returns.
    online = false;
    gps.report(6.62, 3.36, Date.now());
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    gps.report(6.64, 3.378, Date.now() + 30_000);
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText('2 waiting to be sent: 2 positions')).toBeVisible();
    online = true;
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect((sent[1] as { latitude: number }[]).map((p) => p.latitude)).toEqual([6.62, 6.64]);
  });

  it('records the next step, then asks for the handover code to record Delivered', async () => {
    const user = userEvent.setup();
    render(<PublicApp origin="http://localhost" pathname={`/driver/${TOKEN}`} />);
    await user.click(await screen.findByRole('button', { name: 'Mark as At Delivery Location' }));
    expect(await screen.findByText('Recorded: AT_DELIVERY_LOCATION')).toBeVisible();
    expect(actions).toEqual([
      {
        url: `${PAGE}/status`,
        body: {
          clientActionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          tripStatus: 'AT_DELIVERY_LOCATION',
        },
      },
    ]);
    const trip = within(screen.getByRole('region', { name: 'Your trip' }));
    expect(trip.getByText('At Delivery Location')).toBeVisible();

    // Delivered needs the consignee's code: checked on the phone, then by the server.
    const deliver = await screen.findByRole('button', { name: 'Mark as Delivered' });
    await user.click(deliver);
    expect(screen.getByText('Enter the 6-digit handover code')).toBeVisible();
    expect(actions).toHaveLength(1);
    answerStatus = () =>
      new Response(JSON.stringify({ message: 'The handover code is wrong; 4 tries left' }), { status: 422 });
    await user.type(screen.getByLabelText('Handover code from the consignee'), '12a3456');
    expect(screen.getByLabelText('Handover code from the consignee')).toHaveValue('123456');
    await user.click(deliver);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Mark as Delivered: not recorded. The handover code is wrong; 4 tries left',
    );
    expect(actions[1]!.body).toMatchObject({ tripStatus: 'DELIVERED', handoverCode: '123456' });
    // Refused, so the step is still to take.
    expect(screen.getByRole('button', { name: 'Mark as Delivered' })).toBeVisible();
  });

  it('keeps a step taken offline on the phone, shows it waiting, and sends it once when back online', async () => {
    const user = userEvent.setup();
    render(<PublicApp origin="http://localhost" pathname={`/driver/${TOKEN}`} />);
    const button = await screen.findByRole('button', { name: 'Mark as At Delivery Location' });
    online = false;
    await user.click(button);
    expect(await screen.findByText('1 waiting to be sent: Mark as At Delivery Location')).toBeVisible();
    // The phone counts the step as taken and offers the next one.
    expect(await screen.findByRole('button', { name: 'Mark as Delivered' })).toBeVisible();
    const waiting = JSON.parse(window.localStorage.getItem(`freightlane.driver.${TOKEN}`)!) as {
      clientActionId: string;
    }[];
    expect(waiting).toHaveLength(1);

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Recorded: AT_DELIVERY_LOCATION')).toBeVisible();
    expect(actions.map((a) => (a.body as { clientActionId: string }).clientActionId)).toEqual([
      waiting[0]!.clientActionId,
    ]);
    expect(screen.queryByText(/waiting to be sent/)).toBeNull();
  });

  it('reports an issue with what happened and a description', async () => {
    const user = userEvent.setup();
    render(<PublicApp origin="http://localhost" pathname={`/driver/${TOKEN}`} />);
    const issue = within(await screen.findByRole('region', { name: 'Report an issue' }));
    await user.click(issue.getByRole('button', { name: 'Send report' }));
    expect(issue.getByText('Describe what happened')).toBeVisible();
    await user.selectOptions(issue.getByLabelText('What happened'), 'Checkpoint / police delay');
    await user.type(issue.getByLabelText('Description'), 'Held at Ojota checkpoint');
    await user.click(issue.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Issue reported: Breakdown')).toBeVisible();
    expect(actions).toEqual([
      {
        url: `${PAGE}/issues`,
        body: {
          clientActionId: expect.any(String),
          issueType: 'CHECKPOINT_DELAY',
          description: 'Held at Ojota checkpoint',
        },
      },
    ]);
    expect(issue.getByLabelText('Description')).toHaveValue('');
  });

  it('adds a photo from the camera with what it shows', async () => {
    const user = userEvent.setup();
    render(<PublicApp origin="http://localhost" pathname={`/driver/${TOKEN}`} />);
    const photo = within(await screen.findByRole('region', { name: 'Add a photo' }));
    await user.selectOptions(photo.getByLabelText('What the photo shows'), 'Waybill');
    const input = photo.getByLabelText('Take or choose a photo');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    await user.upload(
      input,
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'waybill.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('Photo added: Waybill')).toBeVisible();
    const form = actions[0]!.body as FormData;
    expect(actions[0]!.url).toBe(`${PAGE}/documents`);
    expect(form.get('kind')).toBe('WAYBILL');
    expect((form.get('file') as File).name).toBe('waybill.jpg');
  });

  it('shows the trip’s money, records diesel as litres and price, and answers the owner’s question', async () => {
    const user = userEvent.setup();
    render(<PublicApp origin="http://localhost" pathname={`/driver/${TOKEN}`} />);
    const money = within(await screen.findByRole('region', { name: 'Money for the road' }));
    expect(money.getByText('₦50,000.00')).toBeVisible();
    expect(money.getByText('You hold ₦35,000.00 of the company’s money')).toBeVisible();
    expect(money.getByText('Park or union levy: ₦3,000.00')).toBeVisible();
    expect(money.getByText('Question: Send the union ticket')).toBeVisible();

    const form = within(screen.getByRole('region', { name: 'Record money spent' }));
    await user.click(form.getByRole('button', { name: 'Record expense' }));
    expect(form.getByText('Enter the litres, like 150 or 150.5')).toBeVisible();
    expect(actions).toEqual([]);
    await user.type(form.getByLabelText('Litres'), '120.5');
    await user.type(form.getByLabelText('Price a litre (₦)'), '1,250');
    expect(form.getByText('Total: ₦150,625.00')).toBeVisible();
    await user.click(form.getByRole('button', { name: 'Record expense' }));
    expect(await screen.findByText('Expense recorded: Diesel')).toBeVisible();
    const sentForm = actions[0]!.body as FormData;
    expect(actions[0]!.url).toBe(`${PAGE}/expenses`);
    expect(sentForm.get('tripId')).toBe('t1');
    expect(sentForm.get('kind')).toBe('DIESEL');
    expect(sentForm.get('litres')).toBe('120.5');
    expect(sentForm.get('pricePerLitreKobo')).toBe('125000');
    expect(sentForm.get('amountKobo')).toBeNull();
    expect(sentForm.get('spentAt')).toMatch(/^\d{4}-\d\d-\d\dT/);

    await user.type(money.getByLabelText('Your answer'), 'The ticket blew away at Ojota');
    await user.click(money.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Answer sent')).toBeVisible();
    expect(actions[1]!.url).toBe(`${PAGE}/expenses/e1111111-1111-4111-8111-111111111111/reply`);
    expect((actions[1]!.body as FormData).get('note')).toBe('The ticket blew away at Ojota');
  });

  it('opens without network with the trip as last seen, and the installed app’s start goes back to the link', async () => {
    const first = render(<PublicApp origin="http://localhost" pathname={`/driver/${TOKEN}`} />);
    await screen.findByRole('heading', { level: 1, name: 'Hello, Femi' });
    first.unmount();
    online = false;
    window.history.replaceState(null, '', '/driver/');
    render(<PublicApp origin="http://localhost" pathname="/driver/" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Femi' })).toBeVisible();
    expect(screen.getByText('No network: this is the trip as the phone last saw it.')).toBeVisible();
    expect(window.location.pathname).toBe(`/driver/${TOKEN}`);
    expect(
      within(screen.getByRole('region', { name: 'Your trip' })).getByText('Container(s) Loaded'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark as At Delivery Location' })).toBeVisible();
  });

  it('says when the link is not valid', async () => {
    render(<PublicApp origin="http://localhost" pathname={`/driver/${'c'.repeat(32)}`} />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Share my location' })).toBeNull();
  });
});
