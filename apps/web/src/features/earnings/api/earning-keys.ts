import type { PayoutStatus } from '@freightlane/domain';

export interface EarningListParams {
  /** Only trips whose payout is in this state; every paid trip when missing. */
  status?: PayoutStatus;
  page: number;
}

/** The query keys of a transporter's earnings: every one starts with ['earnings']. */
export const earningKeys = {
  all: ['earnings'] as const,
  list: (params: EarningListParams) => [...earningKeys.all, 'list', params] as const,
  summary: () => [...earningKeys.all, 'summary'] as const,
};
