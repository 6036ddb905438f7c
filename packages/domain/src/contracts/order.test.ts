import { describe, expect, it } from 'vitest';
import { createOrderRequest } from './order';
import { locationText } from '../place-text';
import { toPage } from './page';
import { placeBidRequest } from './bid';
import { tripListQuery } from './trip';

const terminal = { kind: 'TERMINAL', terminalId: '6f1c2a4e-8b7d-4c3e-9a1b-2c3d4e5f6a7b' } as const;
const base = {
  cargoType: 'IMPORT_LINER_OWNED',
  clientName: 'Dangote Sugar',
  reference: 'BL-445',
  containers: [
    {
      containerNumber: 'csqu 305438-3',
      linerId: '0b6a1c2d-3e4f-4a5b-8c7d-9e0f1a2b3c4d',
      deliveryOrderValidityDate: '2026-12-10',
    },
  ],
  pickup: terminal,
  recipient: {
    kind: 'ADDRESS',
    address: { street: '12 Creek Road', lga: 'Apapa', city: 'Apapa', state: 'Lagos' },
  },
  bidDetails: { pickupDate: '2026-12-01', biddingClosesAt: '2026-11-28T12:00:00+01:00' },
};

const fields = (input: unknown) => {
  const r = createOrderRequest.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('createOrderRequest', () => {
  it('normalises container numbers and fills the defaults', () => {
    const order = createOrderRequest.parse(base);
    expect(order.containers[0]).toMatchObject({ containerNumber: 'CSQU3054383', containerSize: 'FTS_20' });
    expect(order.generalCargos).toEqual([]);
    expect(order.preferredPartnersOnly).toBe(false);
    expect(order.bidDetails.targetAmountKobo).toBeNull();
    expect(order.recipient).toMatchObject({ address: { neighborhood: '' } });
  });

  it('names the field of a bad check digit', () => {
    const bad = { ...base, containers: [{ ...base.containers[0], containerNumber: 'CSQU3054384' }] };
    expect(fields(bad)).toEqual(['containers.0.containerNumber']);
  });

  it('needs containers for container cargo and truck loads for general cargo', () => {
    expect(fields({ ...base, containers: [] })).toEqual(['containers']);
    expect(fields({ ...base, cargoType: 'GENERAL_CARGO' })).toEqual(['generalCargos', 'containers']);
    const general = {
      ...base,
      cargoType: 'GENERAL_CARGO',
      containers: [],
      generalCargos: [
        { description: 'Bagged cement', quantity: 600, weightTonnes: 30, truckType: 'FLATBED' },
      ],
    };
    expect(fields(general)).toEqual([]);
  });

  it('refuses the same container twice', () => {
    expect(fields({ ...base, containers: [base.containers[0], base.containers[0]] })).toEqual([
      'containers.1.containerNumber',
    ]);
  });

  it('refuses fractional kobo and unknown fields', () => {
    expect(fields({ ...base, bidDetails: { ...base.bidDetails, targetAmountKobo: 10.5 } })).toEqual([
      'bidDetails.targetAmountKobo',
    ]);
    expect(fields({ ...base, surprise: true })).toEqual(['']);
  });

  it('refuses an address state outside the 36 states and FCT', () => {
    const recipient = { kind: 'ADDRESS', address: { ...base.recipient.address, state: 'Lagoss' } };
    expect(fields({ ...base, recipient })).toEqual(['recipient.address.state']);
  });
});

describe('bids and lists', () => {
  it('prices a bid in whole kobo', () => {
    const r = placeBidRequest.safeParse({ orderId: terminal.terminalId, amountKobo: 0, trucksAvailable: 0 });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['amountKobo', 'trucksAvailable']);
  });

  it('reads tripStatusList as a comma list of known statuses', () => {
    expect(tripListQuery.parse({ tripStatusList: 'STARTED,LOADED' }).tripStatusList).toEqual([
      'STARTED',
      'LOADED',
    ]);
    expect(tripListQuery.safeParse({ tripStatusList: 'STARTED,FLYING' }).success).toBe(false);
    expect(tripListQuery.parse({ completed: 'false' })).toMatchObject({
      completed: false,
      page: 0,
      size: 20,
    });
  });

  it('builds the Spring-style page envelope', () => {
    expect(toPage(['a', 'b'], 41, { page: 2, size: 20 })).toEqual({
      content: ['a', 'b'],
      totalElements: 41,
      totalPages: 3,
      number: 2,
      size: 20,
    });
  });

  it('shows a place as terminal operator and city, else address city and state, else N/A', () => {
    const apmt = {
      id: 't',
      code: 'APMT-APAPA',
      name: 'APM Terminals Apapa',
      operator: 'APM Terminals',
      kind: 'PORT_TERMINAL' as const,
      port: 'Apapa',
      city: 'Apapa',
      lga: 'Apapa',
      state: 'Lagos',
    };
    expect(locationText({ terminal: apmt, address: null })).toBe('APM Terminals, Apapa');
    expect(
      locationText({
        terminal: null,
        address: { street: '1 Oba Akran', neighborhood: '', lga: 'Ikeja', city: 'Ikeja', state: 'Lagos' },
      }),
    ).toBe('Ikeja, Lagos');
    expect(locationText(null)).toBe('N/A');
  });
});
