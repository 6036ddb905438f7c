import {
  orderDetailSchema,
  type AwardOrderRequest,
  type CreateOrderInput,
  type OrderDetail,
  type OrderSummary,
  type Page,
  type TrucksNearPickup,
} from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { dashboardKeys } from '../../dashboard';
import { tripKeys } from '../../trips';
import { orderKeys, type OrderListParams } from './order-keys';

export const ORDER_PAGE_SIZE = 20;

function orderListPath({ status, q, page }: OrderListParams): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (q?.trim()) query.set('q', q.trim());
  query.set('page', String(page));
  query.set('size', String(ORDER_PAGE_SIZE));
  return `/api/v1/orders?${query.toString()}`;
}

/** GET /api/v1/orders: the customer's orders, newest first, one page at a time. */
export function useOrders(params: OrderListParams) {
  const api = useApi();
  return useQuery({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => api.get<Page<OrderSummary>>(orderListPath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/orders/{id}: the order with its items, the bids received and the trips awarded. */
export function useOrder(orderId: string) {
  const api = useApi();
  return useQuery({
    queryKey: orderKeys.detail(orderId),
    queryFn: ({ signal }) =>
      api.get<OrderDetail>(`/api/v1/orders/${encodeURIComponent(orderId)}`, { signal }),
  });
}

/** After a change: the order as answered, the lists, and the customer's home and trips, which count orders. */
function useOrderChanged() {
  const queryClient = useQueryClient();
  return (answer: unknown, orderId?: string) => {
    const detail = orderDetailSchema.safeParse(answer);
    if (detail.success) queryClient.setQueryData(orderKeys.detail(detail.data.id), detail.data);
    else if (orderId) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    void queryClient.invalidateQueries({ queryKey: tripKeys.all });
  };
}

/** POST /api/v1/orders: places the order; bidding opens at once. */
export function useCreateOrder() {
  const api = useApi();
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: (body: CreateOrderInput) => api.post<OrderDetail>('/api/v1/orders', body),
    onSuccess: (order) => changed(order),
  });
}

/** POST /api/v1/orders/{id}/cancel: only while the order is open. */
export function useCancelOrder(orderId: string) {
  const api = useApi();
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<OrderDetail>(`/api/v1/orders/${encodeURIComponent(orderId)}/cancel`, { reason }),
    onSuccess: (order) => changed(order, orderId),
  });
}

/** POST /api/v1/orders/{id}/award: every item to one active bid; creates one trip per item. */
export function useAwardOrder(orderId: string) {
  const api = useApi();
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: (body: AwardOrderRequest) =>
      api.post<OrderDetail>(`/api/v1/orders/${encodeURIComponent(orderId)}/award`, body),
    onSuccess: (order) => changed(order, orderId),
  });
}

/** PUT /api/v1/orders/{id}/return-loads-welcome: marks or unmarks an open order for trucks coming back nearby. */
export function useSetReturnLoadsWelcome(orderId: string) {
  const api = useApi();
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: (returnLoadsWelcome: boolean) =>
      api.put<OrderDetail>(`/api/v1/orders/${encodeURIComponent(orderId)}/return-loads-welcome`, {
        returnLoadsWelcome,
      }),
    onSuccess: (order) => changed(order, orderId),
  });
}

/**
 * GET /api/v1/orders/{id}/trucks-near-pickup: how many trucks are expected free near an open order's pickup
 * before its pickup date. The API answers only for an open order (404 otherwise), so only one is asked.
 */
export function useTrucksNearPickup(orderId: string, open: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: orderKeys.trucksNearPickup(orderId),
    queryFn: ({ signal }) =>
      api.get<TrucksNearPickup>(`/api/v1/orders/${encodeURIComponent(orderId)}/trucks-near-pickup`, {
        signal,
      }),
    enabled: open,
  });
}
