import type {
  MarketOrder,
  MarketOrderDetail,
  MyBid,
  Page,
  PlaceBidRequest,
  ReviseBidRequest,
  WonTrip,
  bidHistoryItemSchema,
} from '@freightlane/domain';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { useApi } from '../../../lib/session-context';
import { dashboardKeys } from '../../dashboard';
import { bidKeys, type BidHistoryFilters, type OpenOrdersFilters, type WonTripsFilters } from './bid-keys';

export type BidHistoryItem = z.infer<typeof bidHistoryItemSchema>;

/** A query string from the set values only, e.g. `?cargoType=EXPORT&page=0`. */
function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const BIDS_PAGE_SIZE = 20;

/** GET /api/v1/bids/open-orders: orders this transporter may bid on, newest first. */
export function useOpenOrders(filters: OpenOrdersFilters) {
  const api = useApi();
  return useQuery({
    queryKey: bidKeys.openOrdersPage(filters),
    queryFn: () =>
      api.get<Page<MarketOrder>>(
        `/api/v1/bids/open-orders${queryString({ ...filters, size: BIDS_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/bids/monitored: the company's watch list. */
export function useMonitoredOrders(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: bidKeys.monitoredPage(page),
    queryFn: () =>
      api.get<Page<MarketOrder>>(`/api/v1/bids/monitored${queryString({ page, size: BIDS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/bids/open-orders/{orderId}: the order in full, with this company's bid. */
export function useMarketOrder(orderId: string) {
  const api = useApi();
  return useQuery({
    queryKey: bidKeys.marketOrder(orderId),
    queryFn: () => api.get<MarketOrderDetail>(`/api/v1/bids/open-orders/${encodeURIComponent(orderId)}`),
  });
}

/** GET /api/v1/bids: this company's own bids, newest change first. */
export function useBidHistory(filters: BidHistoryFilters) {
  const api = useApi();
  return useQuery({
    queryKey: bidKeys.history(filters),
    queryFn: () =>
      api.get<Page<BidHistoryItem>>(`/api/v1/bids${queryString({ ...filters, size: BIDS_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/bids/won: one row per trip this company won. */
export function useWonTrips(filters: WonTripsFilters) {
  const api = useApi();
  return useQuery({
    queryKey: bidKeys.won(filters),
    queryFn: () =>
      api.get<Page<WonTrip>>(
        `/api/v1/bids/won${queryString({ q: filters.q.trim(), page: filters.page, size: BIDS_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

type Snapshot = [QueryKey, unknown][];

function setWatchedInPages(queryClient: QueryClient, key: QueryKey, orderId: string, watched: boolean) {
  queryClient.setQueriesData<Page<MarketOrder>>({ queryKey: key }, (page) =>
    page ? { ...page, content: page.content.map((o) => (o.id === orderId ? { ...o, watched } : o)) } : page,
  );
}

/** PUT (watch) or DELETE (unwatch) /api/v1/bids/monitored/{orderId}; the toggle answers at once. */
export function useWatchOrder() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, watch }: { orderId: string; watch: boolean }) =>
      api.request<void>(`/api/v1/bids/monitored/${encodeURIComponent(orderId)}`, {
        method: watch ? 'PUT' : 'DELETE',
      }),
    onMutate: async ({ orderId, watch }): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: bidKeys.all });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: bidKeys.openOrders() }),
        ...queryClient.getQueriesData({ queryKey: bidKeys.monitored() }),
        ...queryClient.getQueriesData({ queryKey: bidKeys.marketOrder(orderId) }),
      ];
      setWatchedInPages(queryClient, bidKeys.openOrders(), orderId, watch);
      setWatchedInPages(queryClient, bidKeys.monitored(), orderId, watch);
      queryClient.setQueryData<MarketOrderDetail>(bidKeys.marketOrder(orderId), (order) =>
        order ? { ...order, watched: watch } : order,
      );
      return snapshot;
    },
    onError: (_error, _variables, snapshot) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: (_data, _error, { orderId }) => {
      void queryClient.invalidateQueries({ queryKey: bidKeys.openOrders() });
      void queryClient.invalidateQueries({ queryKey: bidKeys.monitored() });
      void queryClient.invalidateQueries({ queryKey: bidKeys.marketOrder(orderId) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.transporter() });
    },
  });
}

/** After any change to a bid: the order shows it at once, every list and figure catches up. */
function useOnBidSaved(orderId: string) {
  const queryClient = useQueryClient();
  return (bid: MyBid) => {
    queryClient.setQueryData<MarketOrderDetail>(bidKeys.marketOrder(orderId), (order) =>
      order ? { ...order, myBid: bid } : order,
    );
    void queryClient.invalidateQueries({ queryKey: bidKeys.all });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.transporter() });
  };
}

/** POST /api/v1/bids */
export function usePlaceBid(orderId: string) {
  const api = useApi();
  const onSaved = useOnBidSaved(orderId);
  return useMutation({
    mutationFn: (body: PlaceBidRequest) => api.post<MyBid>('/api/v1/bids', body),
    onSuccess: onSaved,
  });
}

/** PATCH /api/v1/bids/{id} */
export function useReviseBid(orderId: string) {
  const api = useApi();
  const onSaved = useOnBidSaved(orderId);
  return useMutation({
    mutationFn: ({ bidId, body }: { bidId: string; body: ReviseBidRequest }) =>
      api.request<MyBid>(`/api/v1/bids/${encodeURIComponent(bidId)}`, { method: 'PATCH', body }),
    onSuccess: onSaved,
  });
}

/** POST /api/v1/bids/{id}/withdraw */
export function useWithdrawBid(orderId: string) {
  const api = useApi();
  const onSaved = useOnBidSaved(orderId);
  return useMutation({
    mutationFn: (bidId: string) => api.post<MyBid>(`/api/v1/bids/${encodeURIComponent(bidId)}/withdraw`),
    onSuccess: onSaved,
  });
}

/** GET /api/v1/orders/{id}/quote-document, saved under its own file name. */
export function useDownloadQuoteDocument() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ orderId, fileName }: { orderId: string; fileName: string }) =>
      api.downloadFile(`/api/v1/orders/${encodeURIComponent(orderId)}/quote-document`, fileName),
  });
}
