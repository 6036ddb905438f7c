import { screen, waitFor, within } from '@testing-library/react';
import { lagosToday } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type RecordedRequest } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { shownDayFirst } from '../../../test/typed-date';
import { dieselEntry } from '../test-fixtures';

const URL = '/api/v1/admin/diesel-prices';
const PATH = '/admin/reference/diesel-prices';

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('the diesel price', () => {
  it('lists the prices recorded, the latest date first', async () => {
    pretendDesktop();
    mockApi({
      [`GET ${URL}`]: {
        body: [
          dieselEntry(),
          dieselEntry({
            id: 'e2',
            koboPerLitre: 118_000,
            asOf: '2026-11-14',
            recordedAt: '2026-11-14T16:40:00.000Z',
            recordedBy: null,
          }),
        ],
      },
    });
    seedSession('role_admin');
    renderRoute(PATH);
    const table = await screen.findByRole('table', { name: 'Recorded diesel prices' });
    expect(document.title).toBe('Diesel price · Freightlane');
    const [, latest, older] = within(table).getAllByRole('row');
    expect(latest).toHaveTextContent('28 Nov 2026₦1,250.50Bisi Ade28 Nov 2026, 10:15');
    expect(older).toHaveTextContent('14 Nov 2026₦1,180.00—14 Nov 2026, 17:40');
    expect(screen.getByRole('link', { name: 'Diesel price' })).toHaveAttribute('aria-current', 'page');
    // The day the price was seen starts at today.
    expect(screen.getByLabelText(/^Seen on/)).toHaveValue(shownDayFirst(lagosToday()));
  });

  it('records a price typed in naira as kobo, for the date chosen', async () => {
    let saved = false;
    const api = mockApi({
      [`GET ${URL}`]: () => ({
        body: saved ? [dieselEntry({ koboPerLitre: 131_025, asOf: '2026-11-27' })] : [],
      }),
      [`POST ${URL}`]: (request: RecordedRequest) => {
        saved = true;
        return { status: 201, body: dieselEntry(request.body as object) };
      },
    });
    seedSession('role_admin');
    const { user } = renderRoute(PATH);
    expect(await screen.findByText(/No diesel price is recorded yet/)).toBeVisible();
    const price = screen.getByLabelText(/^Price per litre/);
    await user.type(price, 'about 1300');
    await user.click(screen.getByRole('button', { name: 'Record price' }));
    expect(await screen.findByText('Enter the price in naira, e.g. 1,250.50')).toBeVisible();
    expect(api.calls(`POST ${URL}`)).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '1,310.25');
    const date = screen.getByLabelText(/^Seen on/);
    await user.clear(date);
    await user.type(date, '27/11/2026');
    await user.click(screen.getByRole('button', { name: 'Record price' }));
    await waitFor(() => expect(api.calls(`POST ${URL}`)).toHaveLength(1));
    expect(api.calls(`POST ${URL}`)[0]!.body).toEqual({ koboPerLitre: 131_025, asOf: '2026-11-27' });
    expect(await screen.findByText('Diesel at ₦1,310.25 a litre on 27 Nov 2026 is recorded.')).toBeVisible();
    // The list holds it now, and the form is ready for the next.
    const list = await screen.findByRole('list', { name: 'Recorded diesel prices' });
    expect(within(list).getByText('₦1,310.25')).toBeVisible();
    expect(price).toHaveValue('');
  });

  it("puts the server's refusal under the date", async () => {
    mockApi({
      [`GET ${URL}`]: { body: [] },
      [`POST ${URL}`]: {
        status: 400,
        body: {
          message: 'The date cannot be in the future',
          code: 'BAD_REQUEST',
          errors: [{ field: 'asOf', message: 'The date cannot be in the future' }],
        },
      },
    });
    seedSession('role_admin');
    const { user } = renderRoute(PATH);
    await user.type(await screen.findByLabelText(/^Price per litre/), '1250');
    await user.click(screen.getByRole('button', { name: 'Record price' }));
    const date = screen.getByLabelText(/^Seen on/);
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('The date cannot be in the future').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByText('Diesel price not recorded')).toBeVisible();
  });

  it('is for admins only', async () => {
    mockApi({});
    seedSession('role_customer');
    const { router } = renderRoute(PATH);
    await waitFor(() => expect(router.state.location.pathname).not.toBe(PATH));
  });
});
