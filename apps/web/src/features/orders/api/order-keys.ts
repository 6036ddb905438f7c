import type { OrderStatus } from '@freightlane/domain';

export interface OrderListParams {
  status?: OrderStatus;
  q?: string;
  page: number;
}

/** The query keys of the customer's orders: every one starts with ['orders']. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: OrderListParams) => [...orderKeys.lists(), params] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  trucksNearPickup: (orderId: string) => [...orderKeys.all, 'trucks-near-pickup', orderId] as const,
};
