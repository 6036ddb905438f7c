import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureApiAuth } from '../../../lib/api';
import { mockApi } from '../../../test/api-mock';
import { createTestQueryClient } from '../../../test/render';
import { useChangeTripStatus } from './trip-detail-api';

const TRIP_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const STATUS = `PATCH /api/v1/trips/${TRIP_ID}/status`;

afterEach(() => configureApiAuth(null));

function renderChangeStatus() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useChangeTripStatus(TRIP_ID), { wrapper }).result;
}

describe('useChangeTripStatus', () => {
  it('renews an expired session once and sends the change again', async () => {
    let token = 'old';
    const api = mockApi({
      [STATUS]: (request) =>
        request.headers.authorization === 'Bearer new'
          ? { body: { id: TRIP_ID } }
          : { status: 401, body: { message: 'Token expired' } },
    });
    const refresh = vi.fn(async () => {
      token = 'new';
      return true;
    });
    configureApiAuth({ getAccessToken: () => token, refresh, onSessionExpired: vi.fn() });

    const result = renderChangeStatus();
    await expect(result.current.mutateAsync({ tripStatus: 'LOADED', note: undefined })).resolves.toEqual({
      id: TRIP_ID,
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(api.calls(STATUS).map((r) => [r.headers.authorization, r.body])).toEqual([
      ['Bearer old', { tripStatus: 'LOADED' }],
      ['Bearer new', { tripStatus: 'LOADED' }],
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
    configureApiAuth({ getAccessToken: () => 'token', refresh: vi.fn(), onSessionExpired: vi.fn() });

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
