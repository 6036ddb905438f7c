import type { EarningListParams } from './earnings-api';

/** The query keys of a transporter's earnings: every one starts with ['earnings']. */
export const earningKeys = {
  all: ['earnings'] as const,
  list: (params: EarningListParams) => [...earningKeys.all, 'list', params] as const,
  summary: () => [...earningKeys.all, 'summary'] as const,
};
