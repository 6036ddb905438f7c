import { screen, waitFor, within } from '@testing-library/react';
import { adminRatingSchema, type AdminRating } from '@freightlane/domain';
import { describe, expect, it, vi } from 'vitest';
import { apiFixture } from '../../../../test/api-fixture';
import { mockApi } from '../../../../test/api-mock';
import { fakeMediaQueryList } from '../../../../test/fakes';
import { pageOf } from '../../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../../test/render';

const RATING_ID = '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a';
const TRIP_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const LIST = 'GET /api/v1/admin/ratings';
const VISIBILITY = `PUT /api/v1/admin/ratings/${RATING_ID}/comment-visibility`;

function adminRating(overrides: Partial<AdminRating> = {}): AdminRating {
  return apiFixture(adminRatingSchema, {
    id: RATING_ID,
    tripId: TRIP_ID,
    tripNumber: 'TRP-2026-000123',
    raterSide: 'customer',
    raterCompanyId: 'c1',
    raterCompanyName: 'Okafor Imports Ltd',
    ratedCompanyId: 'c2',
    ratedCompanyName: 'Kano Haulage Ltd',
    score: 1,
    tags: ['LATE', 'HARD_TO_REACH'],
    comment: 'Useless people, never again.',
    commentHidden: false,
    commentHiddenAt: null,
    commentHiddenReason: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    updatedAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  });
}

const PRAISE = adminRating({
  id: 'rating-2',
  tripNumber: 'TRP-2026-000120',
  tripId: 'trip-120',
  raterSide: 'transporter',
  raterCompanyName: 'Kano Haulage Ltd',
  ratedCompanyName: 'Okafor Imports Ltd',
  score: 5,
  tags: ['QUICK_PAYMENT'],
  comment: null,
  createdAt: '2026-11-25T10:00:00.000Z',
});

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

describe('the back office ratings', () => {
  it('lists the ratings newest first, and filters those with a comment', async () => {
    pretendDesktop();
    const api = mockApi({ [LIST]: { body: pageOf([adminRating(), PRAISE]) } });
    seedSession('role_admin', 'Bisi');
    const { user } = renderRoute('/admin/ratings');
    const table = await screen.findByRole('table', { name: 'Ratings' });
    expect(document.title).toBe('Ratings · Freightlane');
    expect(api.calls(LIST)[0]!.url).toBe('/api/v1/admin/ratings?page=0&size=20');
    const [, abusive, praise] = within(table).getAllByRole('row');
    expect(within(abusive!).getByRole('link', { name: 'TRP-2026-000123' })).toHaveAttribute(
      'href',
      `/trips/${TRIP_ID}`,
    );
    expect(abusive).toHaveTextContent('Okafor Imports Ltd → Kano Haulage Ltd');
    expect(abusive).toHaveTextContent('Customer rates transporter');
    expect(within(abusive!).getByRole('img', { name: '1 of 5 stars' })).toBeVisible();
    expect(abusive).toHaveTextContent('LateHard to reach');
    expect(abusive).toHaveTextContent('26 Nov 2026');
    expect(abusive).toHaveTextContent('Useless people, never again.');
    expect(within(abusive!).getByRole('button', { name: /^Hide comment/ })).toBeVisible();
    expect(praise).toHaveTextContent('Transporter rates customer');
    expect(praise).toHaveTextContent('Quick payment');
    expect(praise).toHaveTextContent('No comment');
    expect(within(praise!).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'With a comment' }));
    await waitFor(() =>
      expect(api.calls(LIST).at(-1)!.url).toBe('/api/v1/admin/ratings?withComment=true&page=0&size=20'),
    );
  });

  it('hides a comment only with a reason, and shows it again', async () => {
    pretendDesktop();
    let current = adminRating();
    const api = mockApi({
      [LIST]: () => ({ body: pageOf([current]) }),
      [VISIBILITY]: (request) => {
        const body = request.body as { hidden: boolean; reason?: string };
        current = adminRating(
          body.hidden
            ? {
                commentHidden: true,
                commentHiddenAt: '2026-11-27T09:00:00.000Z',
                commentHiddenReason: body.reason,
              }
            : {},
        );
        return { body: current };
      },
    });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/ratings');
    await user.click(
      await screen.findByRole('button', {
        name: 'Hide comment: trip TRP-2026-000123, by Okafor Imports Ltd',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Hide this comment?' });
    expect(dialog).toHaveTextContent('The score and tags stay.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide comment' }));
    expect(await within(dialog).findByText('Give the reason for hiding the comment')).toBeVisible();
    expect(api.calls(VISIBILITY)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Insults, not a judgement of the trip');
    await user.click(within(dialog).getByRole('button', { name: 'Hide comment' }));
    await waitFor(() => expect(api.calls(VISIBILITY)).toHaveLength(1));
    expect(api.calls(VISIBILITY)[0]!.body).toEqual({
      hidden: true,
      reason: 'Insults, not a judgement of the trip',
    });
    expect(await screen.findByText('The comment on trip TRP-2026-000123 is hidden.')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Ratings' });
    expect(await within(table).findByText('Hidden')).toBeVisible();
    expect(table).toHaveTextContent('27 Nov 2026: Insults, not a judgement of the trip');

    await user.click(
      within(table).getByRole('button', {
        name: 'Show comment: trip TRP-2026-000123, by Okafor Imports Ltd',
      }),
    );
    await waitFor(() => expect(api.calls(VISIBILITY)).toHaveLength(2));
    expect(api.calls(VISIBILITY)[1]!.body).toEqual({ hidden: false });
    expect(await screen.findByText('The comment on trip TRP-2026-000123 shows again.')).toBeVisible();
    await waitFor(() => expect(within(table).queryByText('Hidden')).toBeNull());
  });
});
