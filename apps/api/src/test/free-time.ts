import { call, type TestApp } from './test-app';

/** The customer's facts about a trip's container, kept through the API: nothing known unless `facts` says. */
export async function keepFreeTime(
  t: TestApp,
  customerToken: string,
  tripId: string,
  facts: Record<string, unknown>,
): Promise<void> {
  const res = await call(
    t.app,
    'PUT',
    `/api/v1/trips/${tripId}/free-time`,
    {
      dischargeDate: null,
      expectedEmptyReturnDate: null,
      depositKobo: null,
      depositStatus: 'NOT_PAID',
      depositRefundedOn: null,
      ...facts,
    },
    { token: customerToken },
  );
  if (res.status !== 200)
    throw new Error(`keeping free time failed: ${res.status} ${JSON.stringify(res.body)}`);
}
