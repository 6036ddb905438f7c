import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { mockApi } from '../../../test/api-mock';
import { sessionValuesFor } from '../../../test/fakes';
import { createTestStore, seedSession, TestProviders } from '../../../test/render';
import { useChangeTripStatus } from './trip-detail-api';

const TRIP_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const STATUS = `PATCH /api/v1/trips/${TRIP_ID}/status`;

/** The hook under the app's providers, signed in as a transporter from storage. */
function renderChangeStatus() {
  const store = createTestStore();
  store.start();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders store={store}>{children}</TestProviders>
  );
  return renderHook(() => useChangeTripStatus(TRIP_ID), { wrapper }).result;
}

describe('useChangeTripStatus', () => {
  it('renews an expired session once and sends the change again', async () => {
    const values = seedSession('role_transporter');
    const next = sessionValuesFor('role_transporter', {
      nowS: Math.floor(Date.now() / 1000),
      jti: 'rotated',
    });
    const api = mockApi({
      [STATUS]: (request) =>
        request.headers.authorization === `Bearer ${next.accessToken}`
          ? { body: { id: TRIP_ID } }
          : { status: 401, body: { message: 'Token expired' } },
      'POST /api/v1/auth/refresh': { body: next },
    });

    const result = renderChangeStatus();
    await expect(result.current.mutateAsync({ tripStatus: 'LOADED', note: undefined })).resolves.toEqual({
      id: TRIP_ID,
    });
    expect(api.calls('POST /api/v1/auth/refresh')).toHaveLength(1);
    expect(api.calls(STATUS).map((r) => [r.headers.authorization, r.body])).toEqual([
      [`Bearer ${values.accessToken}`, { tripStatus: 'LOADED' }],
      [`Bearer ${next.accessToken}`, { tripStatus: 'LOADED' }],
    ]);
  });

  it('throws an ApiError that keeps the statuses the trip may move to now', async () => {
    mockApi({
      [STATUS]: {
        status: 409,
        body: {
          message: 'The trip is already loaded',
          code: 'CONFLICT',
          allowedNextStatuses: ['AT_DELIVERY_LOCATION'],
        },
      },
    });
    seedSession('role_transporter');

    const result = renderChangeStatus();
    const error: unknown = await result.current
      .mutateAsync({ tripStatus: 'LOADED', note: undefined })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'The trip is already loaded',
      details: { allowedNextStatuses: ['AT_DELIVERY_LOCATION'] },
    });
  });
});
