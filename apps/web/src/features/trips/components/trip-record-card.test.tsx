import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tripRecordCheckSchema, type TripRecordCheck } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi, type MockReply } from '../../../test/api-mock';
import { createTestStore, seedSession, TestProviders } from '../../../test/render';
import { TRIP_ID } from '../test-fixtures';
import { TripRecordCard } from './trip-record-card';

const RECORD = `GET /api/v1/trips/${TRIP_ID}/record`;
const HEAD = 'a3f1'.repeat(16);

function check(overrides: Partial<TripRecordCheck> = {}): TripRecordCheck {
  return apiFixture(tripRecordCheckSchema, {
    intact: true,
    checkedAt: new Date().toISOString(),
    links: 12,
    head: HEAD,
    broken: null,
    ...overrides,
  });
}

function renderCard(reply: () => MockReply) {
  const api = mockApi({ [RECORD]: reply });
  seedSession('role_customer');
  const store = createTestStore();
  store.start();
  render(
    <TestProviders store={store}>
      <TripRecordCard trip={{ id: TRIP_ID, tripNumber: 'TRP-2026-000024' }} />
    </TestProviders>,
  );
  return { api, user: userEvent.setup() };
}

const card = async () => within(await screen.findByRole('region', { name: 'Trip record' }));

describe('the trip record card', () => {
  it('says the record is intact with its chain head, and offers the dossier', async () => {
    renderCard(() => ({ body: check() }));
    const c = await card();
    expect(await c.findByText('Record intact, checked now')).toBeVisible();
    expect(c.getByText(`12 links; chain head ${HEAD}`)).toBeVisible();
    expect(c.getByRole('button', { name: 'Download delivery dossier (PDF)' })).toBeEnabled();
  });

  it('says where the record broke', async () => {
    renderCard(() => ({
      body: check({ intact: false, broken: { link: 7, kind: 'STATUS', problem: 'CHANGED_OUTSIDE' } }),
    }));
    const c = await card();
    expect(await c.findByText('Record broken at link 7: it was changed outside Freightlane')).toBeVisible();
  });

  it('says a failed check failed, never "checking" for ever, and checks again on request', async () => {
    let fail = true;
    const { api, user } = renderCard(() =>
      fail ? { status: 503, body: { message: 'The database is not answering' } } : { body: check() },
    );
    const c = await card();
    expect(await c.findByText('The record could not be checked.')).toBeVisible();
    expect(c.queryByText('Checking the record…')).toBeNull();
    fail = false;
    await user.click(c.getByRole('button', { name: 'Try again' }));
    expect(await c.findByText('Record intact, checked now')).toBeVisible();
    await waitFor(() => expect(api.calls(RECORD).length).toBeGreaterThanOrEqual(2));
  });
});
