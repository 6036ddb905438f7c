import { describe, expect, it } from 'vitest';
import type { OngoingTripItem, TrackingTrip } from './contracts/public-tracking';
import {
  NOT_AVAILABLE,
  ONGOING_CONTAINER_COLUMNS,
  ONGOING_GENERAL_CARGO_COLUMNS,
  containerNumbersText,
  dayRangeText,
  deliveryFact,
  lastLocationText,
  lastSeenFact,
  lastSeenText,
  ongoingContainerRows,
  ongoingGeneralCargoRows,
  orNotAvailable,
  shareIdFromPath,
  shipmentDetails,
  shipmentProgress,
  timeAgoText,
  trackingIdFromUrl,
} from './public-tracking';

function trackingTrip(overrides: Partial<TrackingTrip> = {}): TrackingTrip {
  return {
    orderNumber: 'ORD-2026-000042',
    containerNumbers: ['MSKU1234565'],
    cargoType: 'IMPORT_LINER_OWNED',
    tripNumber: 'TRP-2026-000123',
    pickupTerminal: { operator: 'APM Terminals', city: 'Apapa' },
    pickupAddress: null,
    recipientTerminal: null,
    recipientAddress: { city: 'Ikeja', state: 'Lagos' },
    tripStatusLogs: [],
    ...overrides,
  };
}

function ongoingItem(overrides: Partial<OngoingTripItem> = {}): OngoingTripItem {
  return {
    cargoType: 'IMPORT_LINER_OWNED',
    consignments: [
      {
        containerNumber: 'MSKU1234565',
        containerSize: 'FTS_40',
        liner: { name: 'Maersk Line' },
        deliveryOrderValidityDate: '2026-12-10',
      },
    ],
    pickupDate: '2026-11-20',
    pickupTerminal: { operator: 'APM Terminals', city: 'Apapa' },
    pickupAddress: null,
    recipientTerminal: null,
    recipientAddress: { city: 'Ikeja', state: 'Lagos' },
    tripStatusLogs: [
      { tripStatus: 'STARTED', timeStamp: '2026-11-20 07:10:00' },
      { tripStatus: 'AT_PICKUP_LOCATION', timeStamp: '2026-11-20 09:30:00' },
      { tripStatus: 'LOADED', timeStamp: '2026-11-20 15:45:00' },
    ],
    currentLocation: { address: { lga: 'Apapa', state: 'Lagos' } },
    latestTripIssue: null,
    latestTripStatus: {
      tripStatus: 'LOADED',
      tripStatusDescription: 'Container(s) Loaded',
      timeStamp: '2026-11-20 15:45:00',
    },
    truckRegistrationNumber: 'LSR 123 XY',
    ...overrides,
  };
}

describe('the five-part tracking URL', () => {
  it('takes the last part of a URL with exactly five parts', () => {
    expect(trackingIdFromUrl('https://freightlane.ng/tripprogress/Xk3_9aZ-qL0wPz7yTt1bQw')).toBe(
      'Xk3_9aZ-qL0wPz7yTt1bQw',
    );
    expect(trackingIdFromUrl('http://localhost:3000/tripprogress/abc')).toBe('abc');
  });

  it('refuses fewer or more parts, or an empty last part', () => {
    expect(trackingIdFromUrl('https://freightlane.ng/tripprogress')).toBeNull();
    expect(trackingIdFromUrl('https://freightlane.ng/tripprogress/')).toBeNull();
    expect(trackingIdFromUrl('https://freightlane.ng/tripprogress/abc/')).toBeNull();
    expect(trackingIdFromUrl('https://freightlane.ng/tripprogress/abc/def')).toBeNull();
    expect(trackingIdFromUrl('')).toBeNull();
  });

  it('reads the share id of an ongoing-trips path from its last segment', () => {
    expect(shareIdFromPath('/ongoingtripprogress/s3cr3t-Id')).toBe('s3cr3t-Id');
    expect(shareIdFromPath('/ongoingtripprogress/')).toBeNull();
  });
});

describe('N/A and container numbers', () => {
  it('shows N/A for a missing or blank value', () => {
    expect(orNotAvailable(null)).toBe('N/A');
    expect(orNotAvailable(undefined)).toBe('N/A');
    expect(orNotAvailable('  ')).toBe('N/A');
    expect(orNotAvailable('TRP-1')).toBe('TRP-1');
    expect(NOT_AVAILABLE).toBe('N/A');
  });

  it('joins container numbers with slashes, skipping blanks', () => {
    expect(containerNumbersText(['MSKU1234565', 'TGHU7654321'])).toBe('MSKU1234565/TGHU7654321');
    expect(containerNumbersText(['MSKU1234565', '', null])).toBe('MSKU1234565');
    expect(containerNumbersText([])).toBe('N/A');
  });
});

describe('Shipment Details', () => {
  it('lists the six rows in the spec order with terminal and address texts', () => {
    expect(shipmentDetails(trackingTrip({ containerNumbers: ['MSKU1234565', 'TGHU7654321'] }))).toEqual([
      { label: 'Order Number', value: 'ORD-2026-000042' },
      { label: 'Container Number(s)', value: 'MSKU1234565/TGHU7654321' },
      { label: 'Cargo Type', value: 'Import LOC' },
      { label: 'Trip ID', value: 'TRP-2026-000123' },
      { label: 'Pickup Location', value: 'APM Terminals, Apapa' },
      { label: 'Delivery Location', value: 'Ikeja, Lagos' },
    ]);
  });

  it('shows N/A for every missing value', () => {
    const rows = shipmentDetails(
      trackingTrip({
        orderNumber: null,
        containerNumbers: [],
        pickupTerminal: null,
        pickupAddress: null,
        recipientTerminal: null,
        recipientAddress: null,
      }),
    );
    expect(rows.filter((r) => r.value === 'N/A').map((r) => r.label)).toEqual([
      'Order Number',
      'Container Number(s)',
      'Pickup Location',
      'Delivery Location',
    ]);
  });

  it('prefers the terminal over the address', () => {
    const [, , , , pickup] = shipmentDetails(
      trackingTrip({
        pickupTerminal: { operator: 'Tin Can Island Container Terminal', city: 'Apapa' },
        pickupAddress: { city: 'Ikeja', state: 'Lagos' },
      }),
    );
    expect(pickup!.value).toBe('Tin Can Island Container Terminal, Apapa');
  });
});

describe('Shipment Progress', () => {
  const labels = (trip: TrackingTrip) => shipmentProgress(trip).map((s) => s.label);

  it('shows six steps for Import LOC and General Cargo', () => {
    const six = [
      'Trip Started',
      'At Pick-Up Location',
      'Container(s) Loaded',
      'At Delivery Location',
      'Delivered',
      'Empty Dropped Off',
    ];
    expect(labels(trackingTrip({ cargoType: 'IMPORT_LINER_OWNED' }))).toEqual(six);
    expect(labels(trackingTrip({ cargoType: 'GENERAL_CARGO' }))).toEqual(six);
  });

  it.each(['IMPORT_SHIPPER_OWNED', 'EMPTY_CONTAINER', 'EXPORT'] as const)(
    'hides Empty Dropped Off for %s, Delivered being the last step',
    (cargoType) => {
      const steps = labels(trackingTrip({ cargoType }));
      expect(steps).not.toContain('Empty Dropped Off');
      expect(steps.at(-1)).toBe('Delivered');
    },
  );

  it('ticks a step once a log with its status exists, with the Lagos time and date', () => {
    const steps = shipmentProgress(
      trackingTrip({
        tripStatusLogs: [
          { tripStatus: 'STARTED', timeStamp: '2026-11-21 07:05:00' },
          { tripStatus: 'AT_PICKUP_LOCATION', timeStamp: '2026-11-21 09:40:00' },
        ],
      }),
    );
    expect(steps.map((s) => [s.label, s.done, s.time, s.date])).toEqual([
      ['Trip Started', true, '07:05', '21 Nov 2026'],
      ['At Pick-Up Location', true, '09:40', '21 Nov 2026'],
      ['Container(s) Loaded', false, null, null],
      ['At Delivery Location', false, null, null],
      ['Delivered', false, null, null],
      ['Empty Dropped Off', false, null, null],
    ]);
  });

  it('ticks the pickup and delivery steps for the EXPORT variants', () => {
    const steps = shipmentProgress(
      trackingTrip({
        cargoType: 'EXPORT',
        tripStatusLogs: [
          { tripStatus: 'STARTED', timeStamp: '2026-11-21 07:05:00' },
          { tripStatus: 'AT_WAREHOUSE_LOCATION', timeStamp: '2026-11-21 08:00:00' },
          { tripStatus: 'LOADED', timeStamp: '2026-11-21 10:00:00' },
          { tripStatus: 'AT_DROP_OFF_LOCATION', timeStamp: '2026-11-21 13:30:00' },
        ],
      }),
    );
    expect(steps.map((s) => [s.label, s.done])).toEqual([
      ['Trip Started', true],
      ['At Pick-Up Location', true],
      ['Container(s) Loaded', true],
      ['At Delivery Location', true],
      ['Delivered', false],
    ]);
    expect(steps[3]!.time).toBe('13:30');
  });

  it('reads ISO timestamps with a zone in Lagos time', () => {
    const [started] = shipmentProgress(
      trackingTrip({ tripStatusLogs: [{ tripStatus: 'STARTED', timeStamp: '2026-11-21T23:30:00Z' }] }),
    );
    expect([started!.time, started!.date]).toEqual(['00:30', '22 Nov 2026']);
  });
});

describe('when the cargo is expected', () => {
  const loaded: TrackingTrip['tripStatusLogs'] = [
    { tripStatus: 'STARTED', timeStamp: '2026-12-01 07:05:00' },
    { tripStatus: 'AT_PICKUP_LOCATION', timeStamp: '2026-12-01 09:40:00' },
    { tripStatus: 'LOADED', timeStamp: '2026-12-01 11:00:00' },
  ];

  it("gives the lane's range, typically by and at the latest by, before the transporter's date", () => {
    expect(
      deliveryFact(
        trackingTrip({
          tripStatusLogs: loaded,
          eta: { typical: '2026-12-03 14:30:00', worst: '2026-12-04 09:15:00' },
          expectedDeliveryDate: '2026-12-06',
        }),
      ),
    ).toEqual({
      text: 'Expected 3–4 Dec 2026',
      detail: 'Typically by 3 Dec, 14:30; at the latest by 4 Dec, 09:15 (from this route’s past trips)',
    });
  });

  it("gives the transporter's date when the lane has no history", () => {
    expect(
      deliveryFact(trackingTrip({ tripStatusLogs: loaded, expectedDeliveryDate: '2026-12-04' })),
    ).toEqual({
      text: 'Expected 4 Dec 2026',
      detail: 'Date given by the transporter',
    });
  });

  it('gives the delivery time once delivered, whatever was expected', () => {
    const delivered = [
      ...loaded,
      { tripStatus: 'AT_DELIVERY_LOCATION', timeStamp: '2026-12-02 08:00:00' },
      { tripStatus: 'DELIVERED', timeStamp: '2026-12-02 10:45:00' },
      { tripStatus: 'EMPTY_DROP_OFF', timeStamp: '2026-12-03 16:20:00' },
    ] as const;
    expect(
      deliveryFact(trackingTrip({ tripStatusLogs: [...delivered], expectedDeliveryDate: '2026-12-04' })),
    ).toEqual({ text: 'Delivered 2 Dec 2026, 10:45', detail: null });
  });

  it('says nothing when nothing is known', () => {
    expect(deliveryFact(trackingTrip({ tripStatusLogs: loaded }))).toBeNull();
    expect(deliveryFact(trackingTrip({ expectedDeliveryDate: 'soon' }))).toBeNull();
  });

  it.each([
    ['2026-12-03 08:00:00', '2026-12-03 17:00:00', '3 Dec 2026'],
    ['2026-12-03 08:00:00', '2026-12-04 17:00:00', '3–4 Dec 2026'],
    ['2026-11-30 08:00:00', '2026-12-02 17:00:00', '30 Nov – 2 Dec 2026'],
    ['2026-12-31 08:00:00', '2027-01-01 17:00:00', '31 Dec 2026 – 1 Jan 2027'],
    // 23:30 UTC is the next day in Lagos.
    ['2026-12-03T23:30:00Z', '2026-12-04T10:00:00Z', '4 Dec 2026'],
  ])('names a span of days once: %s to %s is %s', (from, to, text) => {
    expect(dayRangeText(from, to)).toBe(text);
  });
});

describe('where the truck was last seen', () => {
  const now = Date.parse('2026-11-21T16:10:00Z'); // 17:10 in Lagos

  it('gives the LGA and state, the Lagos time and how long ago', () => {
    const fact = lastSeenFact(
      trackingTrip({ lastSeen: { lga: 'Ikeja', state: 'Lagos', at: '2026-11-21 14:05:00' } }),
      now,
    );
    expect(fact).toEqual({
      place: 'Ikeja, Lagos',
      at: '21 Nov 2026, 14:05',
      ago: '3 h ago',
      iso: '2026-11-21T13:05:00.000Z',
    });
    expect(lastSeenText(fact!)).toBe('Last seen in Ikeja, Lagos · 21 Nov 2026, 14:05 (3 h ago)');
  });

  it('says nothing without a place or a readable time', () => {
    expect(lastSeenFact(trackingTrip(), now)).toBeNull();
    expect(
      lastSeenFact(trackingTrip({ lastSeen: { lga: 'Ikeja', state: 'Lagos', at: 'today' } }), now),
    ).toBeNull();
  });

  it.each([
    [-2 * 60_000, 'just now'],
    [30_000, 'just now'],
    [5 * 60_000, '5 min ago'],
    [59 * 60_000, '59 min ago'],
    [60 * 60_000, '1 h ago'],
    [47 * 3600_000, '47 h ago'],
    [50 * 3600_000, '2 d ago'],
  ])('says %i ms ago as %s', (ms, text) => {
    expect(timeAgoText(now - ms, now)).toBe(text);
  });
});

describe('the ongoing trips tables', () => {
  it('has the spec columns in order', () => {
    expect(ONGOING_CONTAINER_COLUMNS).toHaveLength(14);
    expect(ONGOING_GENERAL_CARGO_COLUMNS).toEqual([
      'Cargo Type',
      'Collection Date',
      'Pick Up Location',
      'Delivery Location',
      'Truck NO',
      'Loading Date',
      'Arrival Date',
      'Offload Date',
      'Last Location',
      'Trip Status',
    ]);
  });

  it('fills a container row from the item', () => {
    expect(ongoingContainerRows([ongoingItem()])).toEqual([
      [
        'MSKU1234565',
        '40 FT',
        'Maersk Line',
        'LSR 123 XY',
        '20 Nov 2026',
        'APM Terminals, Apapa',
        'Ikeja, Lagos',
        '20 Nov 2026',
        'N/A',
        'N/A',
        '10 Dec 2026',
        'Apapa, Lagos',
        'N/A',
        'Container(s) Loaded',
      ],
    ]);
  });

  it('shows DELAYED while an issue is open', () => {
    const [row] = ongoingContainerRows([ongoingItem({ latestTripIssue: { issueStatus: 'OPEN' } })]);
    expect(row!.at(-1)).toBe('DELAYED');
  });

  it('takes the offload date from Empty Drop Off for Import LOC and from Delivered otherwise', () => {
    const logs = [
      { tripStatus: 'AT_DELIVERY_LOCATION' as const, timeStamp: '2026-11-22 10:00:00' },
      { tripStatus: 'DELIVERED' as const, timeStamp: '2026-11-22 12:00:00' },
      { tripStatus: 'EMPTY_DROP_OFF' as const, timeStamp: '2026-11-24 09:00:00' },
    ];
    const offload = ONGOING_CONTAINER_COLUMNS.indexOf('Offload Date');
    const arrival = ONGOING_CONTAINER_COLUMNS.indexOf('Arrival Date');
    const emptyDropOff = ONGOING_CONTAINER_COLUMNS.indexOf('Empty Drop Off Date');
    const [loc] = ongoingContainerRows([ongoingItem({ tripStatusLogs: logs })]);
    expect([loc![arrival], loc![offload], loc![emptyDropOff]]).toEqual([
      '22 Nov 2026',
      '24 Nov 2026',
      '24 Nov 2026',
    ]);
    const [soc] = ongoingContainerRows([
      ongoingItem({ cargoType: 'IMPORT_SHIPPER_OWNED', tripStatusLogs: logs.slice(0, 2) }),
    ]);
    expect(soc![offload]).toBe('22 Nov 2026');
  });

  it('puts general cargo in its own table and containers only in the first', () => {
    const general = ongoingItem({
      cargoType: 'GENERAL_CARGO',
      consignments: [
        { containerNumber: null, containerSize: null, liner: null, deliveryOrderValidityDate: null },
      ],
      currentLocation: null,
      truckRegistrationNumber: null,
    });
    expect(ongoingContainerRows([general])).toEqual([]);
    expect(ongoingGeneralCargoRows([general, ongoingItem()])).toEqual([
      [
        'General Cargo',
        '20 Nov 2026',
        'APM Terminals, Apapa',
        'Ikeja, Lagos',
        'N/A',
        '20 Nov 2026',
        'N/A',
        'N/A',
        'N/A',
        'Container(s) Loaded',
      ],
    ]);
  });

  it('gives the last location as LGA and state', () => {
    expect(lastLocationText({ currentLocation: { address: { lga: 'Ikeja', state: 'Lagos' } } })).toBe(
      'Ikeja, Lagos',
    );
    expect(lastLocationText({ currentLocation: { address: { lga: null, state: 'Ogun' } } })).toBe('Ogun');
    expect(lastLocationText({ currentLocation: null })).toBe('N/A');
  });
});
