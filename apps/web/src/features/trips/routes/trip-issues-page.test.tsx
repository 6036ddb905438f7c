import { screen, waitFor, within } from '@testing-library/react';
import type { TripIssue } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { pageOf } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';
import { tripIssue } from '../test-fixtures';

// Each test clicks through several screens; a busy machine needs longer than the default 5 s.
const CLICK_JOURNEY_TIMEOUT_MS = 20_000;

function issue(overrides: Partial<TripIssue> = {}): TripIssue {
  return tripIssue({
    id: 'issue-1',
    trip: { id: 'trip-1', tripNumber: 'TRP-2026-000123' },
    issueType: 'BREAKDOWN',
    description: 'Gearbox failed after Berger',
    openingTimeStamp: '2026-11-25T13:05:00.000Z',
    location: { state: 'Ogun', lga: 'Obafemi Owode', description: 'Berger, Lagos-Ibadan Expressway' },
    ...overrides,
  });
}

const RESOLVED = issue({
  id: 'issue-2',
  trip: { id: 'trip-2', tripNumber: 'TRP-2026-000124' },
  issueType: 'CHECKPOINT_DELAY',
  description: 'Held at the Ota checkpoint',
  status: 'RESOLVED',
  location: null,
  resolvedAt: '2026-11-25T15:30:00.000Z',
  resolvedBy: 'Chidi Okafor (Okafor Imports Ltd)',
});

const ISSUES_URL = '/api/v1/trips/issues?sort=openingTimeStamp,DESC&sort=trip.id,ASC&page=0&size=20';

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('the trip issues page', { timeout: CLICK_JOURNEY_TIMEOUT_MS }, () => {
  it('lists the open issues in the spec’s order with their trip, type, time and who opened them', async () => {
    pretendDesktop();
    const api = mockApi({ 'GET /api/v1/trips/issues': { body: pageOf([issue()]) } });
    seedSession('role_transporter');
    renderRoute('/trips/issues');

    const table = await screen.findByRole('table', { name: 'Trip issues' });
    expect(document.title).toBe('Issues · Freightlane');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // The signed-in shell asks for the profile (GET /user/me) besides the page's own request.
    const listed = api.calls('GET /api/v1/trips/issues');
    expect(listed[0]?.url).toBe(`${ISSUES_URL}&status=OPEN`);
    const query = new URL(listed[0]!.url, 'http://localhost').searchParams;
    expect(query.getAll('sort')).toEqual(['openingTimeStamp,DESC', 'trip.id,ASC']);

    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'TRP-2026-000123' })).toHaveAttribute(
      'href',
      '/trips/trip-1',
    );
    expect(row).toHaveTextContent('Breakdown');
    expect(row).toHaveTextContent('Gearbox failed after Berger');
    expect(row).toHaveTextContent('Berger, Lagos-Ibadan Expressway, Obafemi Owode, Ogun');
    expect(row).toHaveTextContent('25 Nov 2026, 14:05');
    expect(row).toHaveTextContent('by Bola Adeyemi (Kano Haulage Ltd)');
    expect(within(row).getByText('Open')).toBeVisible();
  });

  it('shows every issue under All, resolved ones without a button', async () => {
    pretendDesktop();
    const api = mockApi({
      'GET /api/v1/trips/issues': (request) => ({
        body: pageOf(request.url.includes('status=OPEN') ? [issue()] : [issue(), RESOLVED]),
      }),
    });
    seedSession('role_customer');
    const { user, router } = renderRoute('/trips/issues');
    await screen.findByRole('table');
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('Held at the Ota checkpoint')).toBeVisible();
    expect(api.requests.at(-1)?.url).toBe(ISSUES_URL);
    expect(router.state.location.search).toBe('?show=all');

    const rows = within(screen.getByRole('table')).getAllByRole('row');
    const resolvedRow = rows[2]!;
    expect(resolvedRow).toHaveTextContent('Checkpoint / police delay');
    expect(resolvedRow).toHaveTextContent('Resolved 25 Nov 2026, 16:30 by Chidi Okafor (Okafor Imports Ltd)');
    expect(within(resolvedRow).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: /Mark resolved/ })).toBeVisible();
  });

  it('marks an issue resolved after confirming, calls the resolve address and loads the list again', async () => {
    let resolved = false;
    const api = mockApi({
      'GET /api/v1/trips/issues': () => ({ body: pageOf(resolved ? [] : [issue()]) }),
      'GET /api/v1/trips/issues/resolve/issue-1': () => {
        resolved = true;
        return { body: issue({ status: 'RESOLVED', resolvedAt: '2026-11-25T15:00:00.000Z' }) };
      },
    });
    seedSession('role_transporter');
    const { user } = renderRoute('/trips/issues');

    const card = (await screen.findByRole('link', { name: 'TRP-2026-000123' })).closest('li')!;
    await user.click(
      within(card).getByRole('button', { name: 'Mark resolved: Breakdown on TRP-2026-000123' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark this issue resolved?' });
    // Nothing is sent until the question is answered.
    expect(api.calls('GET /api/v1/trips/issues/resolve/issue-1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(/No open issues\./)).toBeVisible();
    expect(api.calls('GET /api/v1/trips/issues/resolve/issue-1')).toHaveLength(1);
    const lists = api.calls('GET /api/v1/trips/issues');
    expect(lists).toHaveLength(2);
    expect(lists[1]?.url).toBe(`${ISSUES_URL}&status=OPEN`);
    expect(screen.getByText('Breakdown on TRP-2026-000123 is resolved.')).toBeVisible();
  });

  it('keeps the issue and shows the server’s message when resolving fails, and sends nothing on No', async () => {
    const api = mockApi({
      'GET /api/v1/trips/issues': { body: pageOf([issue()]) },
      'GET /api/v1/trips/issues/resolve/issue-1': {
        status: 409,
        body: { message: 'This issue is already resolved' },
      },
    });
    seedSession('role_customer');
    const { user } = renderRoute('/trips/issues');
    const button = await screen.findByRole('button', { name: /Mark resolved/ });

    await user.click(button);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('GET /api/v1/trips/issues/resolve/issue-1')).toHaveLength(0);

    await user.click(button);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('This issue is already resolved')).toBeVisible();
    expect(screen.getByText('Gearbox failed after Berger')).toBeVisible();
  });

  it('pages through the issues', async () => {
    const api = mockApi({
      'GET /api/v1/trips/issues': (request) => {
        const page = Number(new URL(request.url, 'http://localhost').searchParams.get('page'));
        return {
          body: pageOf(page === 0 ? [issue()] : [RESOLVED], { number: page, totalElements: 21 }),
        };
      },
    });
    seedSession('role_admin');
    const { user, router } = renderRoute('/trips/issues?show=all');
    await screen.findByText('Gearbox failed after Berger');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Held at the Ota checkpoint')).toBeVisible();
    expect(api.requests.at(-1)?.url).toBe(
      '/api/v1/trips/issues?sort=openingTimeStamp,DESC&sort=trip.id,ASC&page=1&size=20',
    );
    expect(router.state.location.search).toBe('?show=all&page=2');
  });

  it('says when there are no open issues, and when they cannot be loaded', async () => {
    const api = mockApi({ 'GET /api/v1/trips/issues': { body: pageOf([]) } });
    seedSession('role_customer');
    const { user } = renderRoute('/trips/issues');
    expect(await screen.findByText(/No open issues\./)).toBeVisible();
    api.fetchMock.mockImplementation(async () =>
      Response.json({ message: 'Issues are unavailable' }, { status: 503 }),
    );
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('Issues are unavailable')).toBeVisible();
  });
});
