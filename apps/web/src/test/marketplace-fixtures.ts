import type { Liner, OrderItem, Page, Terminal } from '@freightlane/domain';

/** API answers shared by the orders, bids, trips and admin tests, in the shapes of the domain contracts. */

export const APAPA_TERMINAL: Terminal = {
  id: '0b6c3c1e-5f0a-4a57-9d7e-0f4f5b1f2a01',
  code: 'APMT',
  name: 'APM Terminals Apapa',
  operator: 'APM Terminals',
  kind: 'PORT_TERMINAL',
  port: 'Apapa',
  city: 'Apapa',
  lga: 'Apapa',
  state: 'Lagos',
};

export const MAERSK: Liner = { id: '6f1d3a0e-1c2b-4b8d-9a55-7d2e1c3b4a02', code: 'MAEU', name: 'Maersk' };

/** A 40 ft container of an order, not yet awarded. */
export function containerItem(
  position: number,
  containerNumber: string,
  overrides: Partial<OrderItem> = {},
): OrderItem {
  return {
    id: `item-${position}`,
    position,
    containerNumber,
    containerSize: 'FTS_40',
    liner: MAERSK,
    deliveryOrderValidityDate: '2026-12-01',
    description: null,
    quantity: null,
    weightTonnes: null,
    truckType: null,
    awardedBidId: null,
    tripId: null,
    tripNumber: null,
    ...overrides,
  };
}

/** The API's zero-based page envelope around `content`. */
export function pageOf<T>(
  content: T[],
  {
    number = 0,
    size = 20,
    totalElements = content.length,
    totalPages = Math.ceil(totalElements / size),
  }: Partial<Omit<Page<T>, 'content'>> = {},
): Page<T> {
  return { content, totalElements, totalPages, number, size };
}
