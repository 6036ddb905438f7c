import type { BidStatus, CargoType, NigerianState } from '@freightlane/domain';

export interface OpenOrdersFilters {
  cargoType: CargoType | null;
  pickupState: NigerianState | null;
  page: number;
}

export interface BidHistoryFilters {
  status: BidStatus | null;
  page: number;
}

export interface WonTripsFilters {
  q: string;
  page: number;
}

/** The query keys of the market and the company's bids: every one starts with ['bids']. */
export const bidKeys = {
  all: ['bids'] as const,
  openOrders: () => [...bidKeys.all, 'open-orders'] as const,
  openOrdersPage: (filters: OpenOrdersFilters) => [...bidKeys.openOrders(), filters] as const,
  monitored: () => [...bidKeys.all, 'monitored'] as const,
  monitoredPage: (page: number) => [...bidKeys.monitored(), page] as const,
  marketOrder: (orderId: string) => [...bidKeys.all, 'order', orderId] as const,
  history: (filters: BidHistoryFilters) => [...bidKeys.all, 'history', filters] as const,
  won: (filters: WonTripsFilters) => [...bidKeys.all, 'won', filters] as const,
};
