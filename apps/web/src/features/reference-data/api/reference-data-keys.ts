import type { ReferenceStatus, TerminalKind } from '@freightlane/domain';

export interface ShippingLineFilter {
  q: string;
  /** null: active and retired alike. */
  status: ReferenceStatus | null;
  /** Zero-based, as the API counts. */
  page: number;
}

export interface TerminalFilter extends ShippingLineFilter {
  /** null: every kind. */
  kind: TerminalKind | null;
}

/** The query keys of the reference data: every one starts with ['reference-data']. */
export const referenceDataKeys = {
  all: ['reference-data'] as const,
  trackingCompanies: () => [...referenceDataKeys.all, 'tracking-companies'] as const,
  shippingLines: () => [...referenceDataKeys.all, 'shipping-lines'] as const,
  shippingLineList: (filter: ShippingLineFilter) =>
    [...referenceDataKeys.shippingLines(), 'list', filter] as const,
  shippingLine: (id: string) => [...referenceDataKeys.shippingLines(), 'detail', id] as const,
  terminals: () => [...referenceDataKeys.all, 'terminals'] as const,
  terminalList: (filter: TerminalFilter) => [...referenceDataKeys.terminals(), 'list', filter] as const,
  terminal: (id: string) => [...referenceDataKeys.terminals(), 'detail', id] as const,
  platformSettings: () => [...referenceDataKeys.all, 'platform-settings'] as const,
  dieselPrices: () => [...referenceDataKeys.all, 'diesel-prices'] as const,
};
