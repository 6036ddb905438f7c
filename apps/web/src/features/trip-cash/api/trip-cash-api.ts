import type {
  DriverBalance,
  ExpenseReviewRequest,
  TripAdvanceRequest,
  TripExpense,
  TripMoney,
  TripSettlementRequest,
} from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api';
import { useApi, useSessionStore } from '../../../lib/session-context';
import { uploadFile } from '../../../lib/upload-file';

const tripPath = (tripId: string) => `/api/v1/trips/${encodeURIComponent(tripId)}`;

/** Every query key of the cash starts with ['trip-cash'], so a change refreshes the trip and the balances. */
export const tripCashKeys = {
  all: ['trip-cash'] as const,
  trip: (tripId: string) => ['trip-cash', 'trip', tripId] as const,
  driver: (driverId: string, page: number) => ['trip-cash', 'driver', driverId, page] as const,
};

/** GET /api/v1/trips/{id}/money: the trip's advances, expenses, balance, settlement and profit. */
export function useTripMoney(tripId: string) {
  const api = useApi();
  return useQuery({
    queryKey: tripCashKeys.trip(tripId),
    queryFn: ({ signal }) => api.get<TripMoney>(`${tripPath(tripId)}/money`, { signal }),
  });
}

/** After a change: the answer is the trip's account as it now stands; the drivers' balances are read again. */
function useCashChanged(tripId: string) {
  const queryClient = useQueryClient();
  return (answer: TripMoney) => {
    queryClient.setQueryData(tripCashKeys.trip(tripId), answer);
    void queryClient.invalidateQueries({ queryKey: ['trip-cash', 'driver'] });
  };
}

/** POST /api/v1/trips/{id}/advances. */
export function useGiveAdvance(tripId: string) {
  const api = useApi();
  const changed = useCashChanged(tripId);
  return useMutation({
    mutationFn: (body: TripAdvanceRequest) => api.post<TripMoney>(`${tripPath(tripId)}/advances`, body),
    onSuccess: changed,
  });
}

/** DELETE /api/v1/trips/{id}/advances/{advanceId}. */
export function useRemoveAdvance(tripId: string) {
  const api = useApi();
  const changed = useCashChanged(tripId);
  return useMutation({
    mutationFn: (advanceId: string) =>
      api.request<TripMoney>(`${tripPath(tripId)}/advances/${encodeURIComponent(advanceId)}`, {
        method: 'DELETE',
      }),
    onSuccess: changed,
  });
}

export interface RecordExpenseVariables {
  /** The form's text fields, as the API reads them (kobo, litres). */
  fields: Record<string, string>;
  receipt: File | null;
  onProgress: (percent: number) => void;
}

/** POST /api/v1/trips/{id}/expenses (multipart, the receipt optional): recorded by the office, approved. */
export function useRecordExpense(tripId: string) {
  const session = useSessionStore();
  const changed = useCashChanged(tripId);
  return useMutation({
    mutationFn: ({ fields, receipt, onProgress }: RecordExpenseVariables) =>
      uploadFile<TripMoney>({
        url: `${tripPath(tripId)}/expenses`,
        file: receipt,
        fields,
        session,
        onProgress,
      }),
    onSuccess: changed,
  });
}

/** POST /api/v1/trips/{id}/expenses/{expenseId}/review. */
export function useReviewExpense(tripId: string) {
  const api = useApi();
  const changed = useCashChanged(tripId);
  return useMutation({
    mutationFn: ({ expenseId, body }: { expenseId: string; body: ExpenseReviewRequest }) =>
      api.post<TripMoney>(`${tripPath(tripId)}/expenses/${encodeURIComponent(expenseId)}/review`, body),
    onSuccess: changed,
  });
}

/** POST /api/v1/trips/{id}/settlement. */
export function useSettleTrip(tripId: string) {
  const api = useApi();
  const changed = useCashChanged(tripId);
  return useMutation({
    mutationFn: (body: TripSettlementRequest) => api.post<TripMoney>(`${tripPath(tripId)}/settlement`, body),
    onSuccess: changed,
  });
}

/** GET /api/v1/trips/expenses/{expenseId}/receipt, saved under the receipt's own name. */
export function downloadReceipt(api: ApiClient, expense: Pick<TripExpense, 'id' | 'receipt'>): Promise<void> {
  return api.downloadFile(
    `/api/v1/trips/expenses/${encodeURIComponent(expense.id)}/receipt`,
    expense.receipt?.fileName ?? 'receipt',
  );
}

export const DRIVER_BALANCE_PAGE_SIZE = 10;

/** GET /api/v1/fleet/drivers/{id}/balance: the driver's running balance, the trips behind it a page at a time. */
export function useDriverBalance(driverId: string, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: tripCashKeys.driver(driverId, page),
    queryFn: ({ signal }) =>
      api.get<DriverBalance>(
        `/api/v1/fleet/drivers/${encodeURIComponent(driverId)}/balance?page=${page}&size=${DRIVER_BALANCE_PAGE_SIZE}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
