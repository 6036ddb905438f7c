import { createOrderRequest } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { emptyOrderDraft, type OrderDraftValues } from './order-draft';
import {
  biddingClosesAtIso,
  formPathOfServerField,
  orderDraftIssues,
  stepFields,
  stepOfPath,
  toCreateOrderRequest,
} from './order-form';

/** 21 Nov 2026, 13:00 in Lagos. */
const NOW = new Date('2026-11-21T12:00:00Z');
const TERMINAL_ID = '0b6c3c1e-5f0a-4a57-9d7e-0f4f5b1f2a01';
const LINER_ID = '6f1d3a0e-1c2b-4b8d-9a55-7d2e1c3b4a02';

function containerDraft(): OrderDraftValues {
  return {
    ...emptyOrderDraft(),
    cargoType: 'IMPORT_LINER_OWNED',
    clientName: '  Dangote Cement ',
    reference: 'BL-4471',
    containers: [
      {
        containerNumber: 'msku 123456-5',
        containerSize: 'FTS_40',
        linerId: LINER_ID,
        deliveryOrderValidityDate: '2026-12-01',
      },
      {
        containerNumber: 'TGHU7654320',
        containerSize: 'FTS_20',
        linerId: LINER_ID,
        deliveryOrderValidityDate: '2026-12-01',
      },
    ],
    pickup: { ...emptyOrderDraft().pickup, kind: 'TERMINAL', terminalId: TERMINAL_ID },
    recipient: {
      kind: 'ADDRESS',
      terminalId: '',
      address: { street: '4 Creek Road', neighborhood: '', lga: 'Apapa', city: 'Apapa', state: 'Lagos' },
    },
    bidDetails: {
      pickupDate: '2026-11-25',
      closingDate: '2026-11-24',
      closingTime: '17:30',
      targetPrice: '450,000.50',
    },
    preferredPartnersOnly: true,
    returnLoadsWelcome: true,
    quoteDocument: { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', fileName: 'quote.pdf', sizeBytes: 2048 },
  };
}

function messages(values: OrderDraftValues) {
  return Object.fromEntries(orderDraftIssues(values, NOW).map((issue) => [issue.path, issue.message]));
}

describe('order draft validation', () => {
  it('finds nothing wrong with a complete draft', () => {
    expect(orderDraftIssues(containerDraft(), NOW)).toEqual([]);
  });

  it('asks for the cargo type and the client name on an empty draft', () => {
    const found = messages(emptyOrderDraft());
    expect(found.cargoType).toBe('Choose a cargo type');
    expect(found.clientName).toBe('Client name is required');
    expect(found['pickup.terminalId']).toBe('Choose a terminal');
    expect(found['bidDetails.pickupDate']).toBe('Enter the pickup date');
  });

  it('checks container numbers with the ISO 6346 check digit and refuses duplicates', () => {
    const draft = containerDraft();
    draft.containers[0]!.containerNumber = 'MSKU1234566';
    draft.containers[1]!.containerNumber = 'ABC';
    expect(messages(draft)['containers.0.containerNumber']).toBe(
      'The check digit does not match; check the container number',
    );
    expect(messages(draft)['containers.1.containerNumber']).toBe(
      'Enter 4 letters ending in U, J or Z, then 7 digits, e.g. MSKU1234565',
    );
    const twice = containerDraft();
    twice.containers[1]!.containerNumber = 'MSKU1234565';
    expect(messages(twice)['containers.1.containerNumber']).toBe('This container is already on the order');
  });

  it('checks truck loads only for general cargo', () => {
    const draft: OrderDraftValues = {
      ...containerDraft(),
      cargoType: 'GENERAL_CARGO',
      generalCargos: [{ description: 'x', quantity: 'ten', weightTonnes: '120', truckType: '' }],
    };
    const found = messages(draft);
    expect(found['generalCargos.0.description']).toBe('Describe the cargo');
    expect(found['generalCargos.0.quantity']).toBe('Enter the quantity as a number');
    expect(found['generalCargos.0.weightTonnes']).toBe('A truck load is at most 100 tonnes');
    expect(found['generalCargos.0.truckType']).toBe('Choose the truck type');
    expect(Object.keys(found).some((path) => path.startsWith('containers'))).toBe(false);
  });

  it('checks an address with the LGA belonging to its state', () => {
    const draft = containerDraft();
    draft.recipient.address.lga = 'Port Harcourt';
    expect(messages(draft)['recipient.address.lga']).toBe('Choose an LGA of Lagos');
    draft.recipient.address = { street: '', neighborhood: '', lga: '', city: '', state: '' };
    const found = messages(draft);
    expect(found['recipient.address.street']).toBe('Street is required');
    expect(found['recipient.address.state']).toBe('Choose one of the 36 states or FCT');
  });

  it('keeps bidding in the future and no later than the pickup date', () => {
    const past = containerDraft();
    past.bidDetails.closingDate = '2026-11-21';
    past.bidDetails.closingTime = '12:59';
    expect(messages(past)['bidDetails.closingTime']).toBe('Bidding must close in the future');
    const late = containerDraft();
    late.bidDetails.closingDate = '2026-11-26';
    expect(messages(late)['bidDetails.closingDate']).toBe('Bidding must close on or before the pickup date');
    const pickupInPast = containerDraft();
    pickupInPast.bidDetails.pickupDate = '2026-11-20';
    expect(messages(pickupInPast)['bidDetails.pickupDate']).toBe('The pickup date cannot be in the past');
  });

  it('reads the target price as naira', () => {
    const draft = containerDraft();
    draft.bidDetails.targetPrice = '450.123';
    expect(messages(draft)['bidDetails.targetPrice']).toMatch(/^Enter an amount in naira/);
    draft.bidDetails.targetPrice = '0';
    expect(messages(draft)['bidDetails.targetPrice']).toBe('The amount must be more than ₦0.00');
    draft.bidDetails.targetPrice = '';
    expect(messages(draft)['bidDetails.targetPrice']).toBeUndefined();
  });
});

describe('the order request', () => {
  it('normalises container numbers, sends kobo and the Lagos closing time, and passes the contract', () => {
    const request = toCreateOrderRequest(containerDraft());
    expect(request).toEqual({
      cargoType: 'IMPORT_LINER_OWNED',
      clientName: 'Dangote Cement',
      reference: 'BL-4471',
      containers: [
        {
          containerNumber: 'MSKU1234565',
          containerSize: 'FTS_40',
          linerId: LINER_ID,
          deliveryOrderValidityDate: '2026-12-01',
        },
        {
          containerNumber: 'TGHU7654320',
          containerSize: 'FTS_20',
          linerId: LINER_ID,
          deliveryOrderValidityDate: '2026-12-01',
        },
      ],
      generalCargos: [],
      pickup: { kind: 'TERMINAL', terminalId: TERMINAL_ID },
      recipient: {
        kind: 'ADDRESS',
        address: { street: '4 Creek Road', neighborhood: '', lga: 'Apapa', city: 'Apapa', state: 'Lagos' },
      },
      bidDetails: {
        pickupDate: '2026-11-25',
        biddingClosesAt: '2026-11-24T17:30:00+01:00',
        targetAmountKobo: 45_000_050,
      },
      preferredPartnersOnly: true,
      returnLoadsWelcome: true,
      quoteDocumentId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    });
    expect(createOrderRequest.safeParse(request).success).toBe(true);
  });

  it('sends only truck loads for general cargo, with numbers, and no target price when none is given', () => {
    const draft: OrderDraftValues = {
      ...containerDraft(),
      cargoType: 'GENERAL_CARGO',
      generalCargos: [
        { description: 'Bagged cement', quantity: '1,200', weightTonnes: '30.5', truckType: 'FLATBED' },
      ],
      bidDetails: { ...containerDraft().bidDetails, targetPrice: ' ' },
    };
    const request = toCreateOrderRequest(draft);
    expect(request.containers).toEqual([]);
    expect(request.generalCargos).toEqual([
      { description: 'Bagged cement', quantity: 1200, weightTonnes: 30.5, truckType: 'FLATBED' },
    ]);
    expect(request.bidDetails.targetAmountKobo).toBeNull();
    expect(createOrderRequest.safeParse(request).success).toBe(true);
  });
});

describe('wizard steps and server errors', () => {
  it('names the fields each step checks', () => {
    expect(stepFields(1, 'EXPORT')).toEqual(['containers']);
    expect(stepFields(1, 'GENERAL_CARGO')).toEqual(['generalCargos']);
    expect(stepFields(2, 'EXPORT')).toContain('bidDetails.pickupDate');
  });

  it('puts a server field back on the step and field it was entered in', () => {
    expect(formPathOfServerField('bidDetails.biddingClosesAt')).toBe('bidDetails.closingDate');
    expect(formPathOfServerField('bidDetails.targetAmountKobo')).toBe('bidDetails.targetPrice');
    expect(formPathOfServerField('containers.1.containerNumber')).toBe('containers.1.containerNumber');
    expect(stepOfPath('clientName')).toBe(0);
    expect(stepOfPath('containers.1.containerNumber')).toBe(1);
    expect(stepOfPath('pickup.address.lga')).toBe(2);
    expect(stepOfPath('bidDetails.pickupDate')).toBe(2);
    expect(stepOfPath('bidDetails.closingDate')).toBe(3);
    expect(stepOfPath('recipient.terminalId')).toBe(3);
  });

  it('reads the Lagos closing date and time as the moment the API takes', () => {
    expect(new Date(biddingClosesAtIso('2026-11-24', '17:30')!).toISOString()).toBe(
      '2026-11-24T16:30:00.000Z',
    );
    expect(biddingClosesAtIso('2026-11-24', '')).toBeNull();
    expect(biddingClosesAtIso('2026-11-24', '09:05')).toBe('2026-11-24T09:05:00+01:00');
  });
});
