import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CUSTOMER_RATING_TAGS,
  RATING_TAG_LABELS,
  ratingSchema,
  TRANSPORTER_RATING_TAGS,
  tripRatingsSchema,
  type Rating,
  type TripRatings,
} from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { AppLanguageProvider } from '../../../i18n/app-language';
import { formatDate } from '../../../lib/format';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi, type MockReply, type RecordedRequest } from '../../../test/api-mock';
import { createTestStore, seedSession, TestProviders } from '../../../test/render';
import { statusLog, TRIP_ID, tripDetail } from '../test-fixtures';
import { TripRatingCard } from './trip-rating-card';

const RATINGS = `GET /api/v1/trips/${TRIP_ID}/ratings`;
const RATE = `POST /api/v1/trips/${TRIP_ID}/ratings`;
const CHANGE = `PUT /api/v1/trips/${TRIP_ID}/ratings/mine`;
const DAY_MS = 24 * 3600 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** Delivered two days ago: Kano Haulage Ltd carried Okafor Imports Ltd's container. */
const delivered = tripDetail({
  tripStatusLogs: [statusLog('DELIVERED', inDays(-2))],
  latestTripStatus: { tripStatus: 'DELIVERED', timeStamp: inDays(-2) },
});

function rating(overrides: Partial<Rating> = {}): Rating {
  return apiFixture(ratingSchema, {
    id: 'a9999999-9999-4999-8999-999999999999',
    tripId: TRIP_ID,
    raterSide: 'customer',
    score: 4,
    tags: ['ON_TIME', 'GOOD_COMMUNICATION'],
    comment: 'Driver called ahead at the gate.',
    commentHidden: false,
    createdAt: inDays(-1),
    updatedAt: inDays(-1),
    ...overrides,
  });
}

/** Open for 28 more days, nobody has rated yet. */
function ratings(overrides: Partial<TripRatings> = {}): TripRatings {
  return apiFixture(tripRatingsSchema, {
    canRate: true,
    rateUntil: inDays(28),
    mine: null,
    theirs: null,
    theirsGiven: false,
    theirsShowsAt: null,
    editableUntil: null,
    ...overrides,
  });
}

type Handler = MockReply | ((request: RecordedRequest) => MockReply);

function renderCard(
  side: 'CUSTOMER' | 'TRANSPORTER',
  initial: TripRatings,
  extra: Record<string, Handler> = {},
  locale: 'en-NG' | 'pcm' = 'en-NG',
) {
  const state = { current: initial };
  const api = mockApi({ [RATINGS]: () => ({ body: state.current }), ...extra });
  seedSession(side === 'CUSTOMER' ? 'role_customer' : 'role_transporter');
  const store = createTestStore();
  store.start();
  const user = userEvent.setup();
  render(
    <TestProviders store={store}>
      <AppLanguageProvider initialLocale={locale}>
        <TripRatingCard trip={delivered} side={side} />
      </AppLanguageProvider>
    </TestProviders>,
  );
  return { api, state, user };
}

/** The card once its ratings are read (the loading card carries the same heading). */
async function card(name: string | RegExp) {
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the ratings' })).toBeNull());
  return within(await screen.findByRole('region', { name }));
}

describe('the trip rating card', () => {
  it('asks the customer how the transporter was, with five stars and the transporter tags only', async () => {
    renderCard('CUSTOMER', ratings());
    const form = await card('How was Kano Haulage Ltd?');
    expect(
      form.getByText('Your rating stays hidden from Kano Haulage Ltd until they rate too, or for 7 days.'),
    ).toBeVisible();
    expect(form.getByText('You can change it for 7 days.')).toBeVisible();
    expect(form.getByText(`You can rate this trip until ${formatDate(inDays(28))}.`)).toBeVisible();

    const stars = form.getByRole('radiogroup', { name: 'Your score' });
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars']);
    expect(form.getAllByRole('checkbox')).toHaveLength(TRANSPORTER_RATING_TAGS.length);
    for (const tag of TRANSPORTER_RATING_TAGS) {
      expect(form.getByRole('checkbox', { name: RATING_TAG_LABELS[tag] })).toBeInTheDocument();
    }
    for (const tag of CUSTOMER_RATING_TAGS) {
      expect(form.queryByRole('checkbox', { name: RATING_TAG_LABELS[tag] })).toBeNull();
    }
    expect(form.getByText('0 of 1000 characters')).toBeVisible();
  });

  it('offers the transporter the customer tags, about the customer', async () => {
    renderCard('TRANSPORTER', ratings());
    const form = await card('How was Okafor Imports Ltd?');
    expect(form.getByRole('checkbox', { name: 'Quick payment' })).toBeInTheDocument();
    expect(form.getByRole('checkbox', { name: 'Long wait' })).toBeInTheDocument();
    expect(form.queryByRole('checkbox', { name: 'On time' })).toBeNull();
    expect(form.queryByRole('checkbox', { name: 'Cargo damaged' })).toBeNull();
  });

  it('needs a score, then posts the score, tags and comment and shows the rating given', async () => {
    const { api, state, user } = renderCard('CUSTOMER', ratings(), {
      [RATE]: (request) => {
        const body = request.body as Rating;
        const given = rating({
          score: body.score,
          tags: body.tags,
          comment: body.comment,
          createdAt: new Date().toISOString(),
        });
        state.current = ratings({ canRate: false, mine: given, editableUntil: inDays(7) });
        return { status: 201, body: given };
      },
    });
    const form = await card('How was Kano Haulage Ltd?');
    await user.click(form.getByRole('button', { name: 'Submit rating' }));
    expect(await form.findByText('Choose from 1 to 5 stars.')).toBeVisible();
    expect(api.calls(RATE)).toHaveLength(0);

    await user.click(form.getByRole('radio', { name: '4 of 5 stars' }));
    expect(form.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();
    expect(form.queryByText('Choose from 1 to 5 stars.')).toBeNull();
    await user.click(form.getByRole('checkbox', { name: 'On time' }));
    await user.click(form.getByRole('checkbox', { name: 'Careful with the cargo' }));
    await user.click(form.getByLabelText('Comment (optional)'));
    const comment = '  Smooth trip, driver called ahead.  ';
    await user.paste(comment);
    expect(form.getByText(`${comment.length} of 1000 characters`)).toBeVisible();
    await user.click(form.getByRole('button', { name: 'Submit rating' }));

    await waitFor(() => expect(api.calls(RATE)).toHaveLength(1));
    expect(api.calls(RATE)[0]!.body).toEqual({
      score: 4,
      tags: ['ON_TIME', 'CAREFUL_WITH_CARGO'],
      comment: 'Smooth trip, driver called ahead.',
    });
    const done = await card('Trip rating');
    expect(await screen.findByText('Thank you. Your rating of Kano Haulage Ltd is saved.')).toBeVisible();
    const mine = within(done.getByRole('region', { name: 'Your rating of Kano Haulage Ltd' }));
    expect(mine.getByRole('img', { name: '4 of 5 stars' })).toBeVisible();
    expect(mine.getByText('Careful with the cargo')).toBeVisible();
    expect(mine.getByText('Smooth trip, driver called ahead.')).toBeVisible();
  });

  it('moves the score with the arrow keys, as a radio group does', async () => {
    const { user } = renderCard('CUSTOMER', ratings());
    const form = await card('How was Kano Haulage Ltd?');
    await user.click(form.getByRole('radio', { name: '2 of 5 stars' }));
    await user.keyboard('{ArrowRight}');
    expect(form.getByRole('radio', { name: '3 of 5 stars' })).toBeChecked();
    expect(form.getByRole('radio', { name: '3 of 5 stars' })).toHaveFocus();
  });

  it('takes at most five tags: the others wait until one is taken off', async () => {
    const { user } = renderCard('CUSTOMER', ratings());
    const form = await card('How was Kano Haulage Ltd?');
    expect(form.getByText('0 of 5 chosen.')).toBeInTheDocument();
    for (const name of [
      'On time',
      'Careful with the cargo',
      'Good communication',
      'Always tracked',
      'Professional crew',
    ]) {
      await user.click(form.getByRole('checkbox', { name }));
    }
    expect(form.getByText('5 of 5 chosen.')).toBeInTheDocument();
    expect(form.getByRole('checkbox', { name: 'Late' })).toBeDisabled();
    expect(form.getByRole('checkbox', { name: 'Tracking off' })).toBeDisabled();
    expect(form.getByRole('checkbox', { name: 'On time' })).toBeEnabled();

    await user.click(form.getByRole('checkbox', { name: 'On time' }));
    expect(form.getByRole('checkbox', { name: 'Late' })).toBeEnabled();
  });

  it('shows the refusal of the server in the form', async () => {
    const { user } = renderCard('CUSTOMER', ratings(), {
      [RATE]: {
        status: 400,
        body: {
          message: 'Late payment is not a tag for rating a transporter',
          code: 'BAD_REQUEST',
          errors: [{ field: 'tags.0', message: 'Late payment is not a tag for rating a transporter' }],
        },
      },
    });
    const form = await card('How was Kano Haulage Ltd?');
    await user.click(form.getByRole('radio', { name: '2 of 5 stars' }));
    await user.click(form.getByRole('button', { name: 'Submit rating' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Late payment is not a tag for rating a transporter',
    );
    expect(form.getByRole('radio', { name: '2 of 5 stars' })).toBeChecked();
  });

  it('shows a 409 and the ratings as they now are when a colleague rated first', async () => {
    const colleagues = rating({ score: 5, tags: [], comment: null });
    const { state, user } = renderCard('CUSTOMER', ratings(), {
      [RATE]: () => {
        state.current = ratings({ canRate: false, mine: colleagues, editableUntil: inDays(6) });
        return {
          status: 409,
          body: {
            message: 'Your company has already rated this trip; change that rating instead',
            code: 'CONFLICT',
          },
        };
      },
    });
    const form = await card('How was Kano Haulage Ltd?');
    await user.click(form.getByRole('radio', { name: '3 of 5 stars' }));
    await user.click(form.getByRole('button', { name: 'Submit rating' }));
    const now = await card('Trip rating');
    expect(await now.findByRole('alert')).toHaveTextContent(
      'Your company has already rated this trip; change that rating instead',
    );
    expect(now.getByRole('img', { name: '5 of 5 stars' })).toBeVisible();
  });

  it('lets the rater change its rating while editable, and puts the change', async () => {
    const mine = rating();
    const { api, state, user } = renderCard(
      'CUSTOMER',
      ratings({ canRate: false, mine, editableUntil: inDays(6) }),
      {
        [CHANGE]: (request) => {
          const body = request.body as Rating;
          const changed = rating({ ...body, updatedAt: new Date().toISOString() });
          state.current = ratings({ canRate: false, mine: changed, editableUntil: inDays(6) });
          return { body: changed };
        },
      },
    );
    const view = await card('Trip rating');
    const yours = within(view.getByRole('region', { name: 'Your rating of Kano Haulage Ltd' }));
    expect(yours.getByRole('img', { name: '4 of 5 stars' })).toBeVisible();
    expect(yours.getByText('On time')).toBeVisible();
    expect(yours.getByText('Good communication')).toBeVisible();
    expect(yours.getByText('Driver called ahead at the gate.')).toBeVisible();
    expect(
      yours.getByText(
        `You can change it until ${formatDate(inDays(6))}. Kano Haulage Ltd sees it when they rate too, or on ${formatDate(inDays(6))}.`,
      ),
    ).toBeVisible();
    expect(view.getByText('Kano Haulage Ltd has not rated this trip yet.')).toBeVisible();

    await user.click(yours.getByRole('button', { name: 'Edit your rating' }));
    expect(yours.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();
    expect(yours.getByRole('checkbox', { name: 'On time' })).toBeChecked();
    expect(yours.getByLabelText('Comment (optional)')).toHaveValue('Driver called ahead at the gate.');
    await user.click(yours.getByRole('radio', { name: '3 of 5 stars' }));
    await user.click(yours.getByRole('checkbox', { name: 'On time' }));
    await user.click(yours.getByRole('checkbox', { name: 'Late' }));
    await user.clear(yours.getByLabelText('Comment (optional)'));
    await user.click(yours.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.calls(CHANGE)).toHaveLength(1));
    expect(api.calls(CHANGE)[0]!.body).toEqual({
      score: 3,
      tags: ['GOOD_COMMUNICATION', 'LATE'],
      comment: null,
    });
    expect(await screen.findByText('Your rating of Kano Haulage Ltd is changed.')).toBeVisible();
    expect(await yours.findByRole('img', { name: '3 of 5 stars' })).toBeVisible();
    expect(yours.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('says the other side rated while its rating stays hidden', async () => {
    renderCard('TRANSPORTER', ratings({ theirsGiven: true, theirsShowsAt: '2026-12-09T10:00:00.000Z' }));
    const form = await card('How was Okafor Imports Ltd?');
    expect(
      form.getByText(
        'Okafor Imports Ltd has rated this trip. Their rating shows when you rate too, or on 9 Dec 2026.',
      ),
    ).toBeVisible();
    expect(form.queryByRole('img', { name: /of 5 stars/ })).toBeNull();
  });

  it('shows both ratings once both sides rated, and neither may change', async () => {
    const theirs = rating({
      raterSide: 'customer',
      score: 2,
      tags: ['LATE', 'HARD_TO_REACH'],
      comment: 'Two days late and nobody picked up.',
    });
    const mine = rating({ raterSide: 'transporter', score: 5, tags: ['QUICK_PAYMENT'], comment: null });
    renderCard(
      'TRANSPORTER',
      ratings({ canRate: false, mine, theirs, theirsGiven: true, editableUntil: null }),
    );
    const view = await card('Trip rating');
    const theirsView = within(view.getByRole('region', { name: 'How Okafor Imports Ltd rated you' }));
    expect(theirsView.getByRole('img', { name: '2 of 5 stars' })).toBeVisible();
    expect(theirsView.getByText('Late')).toBeVisible();
    expect(theirsView.getByText('Hard to reach')).toBeVisible();
    expect(theirsView.getByText('Two days late and nobody picked up.')).toBeVisible();
    const mineView = within(view.getByRole('region', { name: 'Your rating of Okafor Imports Ltd' }));
    expect(mineView.getByRole('img', { name: '5 of 5 stars' })).toBeVisible();
    expect(mineView.getByText('Quick payment')).toBeVisible();
    expect(view.queryByRole('button', { name: 'Edit your rating' })).toBeNull();
    expect(
      view.getByText('Both sides have rated, so both ratings show and neither can change.'),
    ).toBeVisible();
  });

  it('says when ratings closed for a side that did not rate', async () => {
    const closedOn = inDays(-1);
    renderCard('CUSTOMER', ratings({ canRate: false, rateUntil: closedOn }));
    const view = await card('Trip rating');
    expect(view.getByText(`Ratings for this trip closed on ${formatDate(closedOn)}.`)).toBeVisible();
    expect(view.getByText('Kano Haulage Ltd did not rate this trip.')).toBeVisible();
    expect(view.queryByRole('radiogroup')).toBeNull();
  });

  it('says a comment was hidden by Freightlane, keeping the score and tags', async () => {
    const theirs = rating({
      raterSide: 'transporter',
      score: 1,
      tags: ['LONG_WAIT'],
      comment: null,
      commentHidden: true,
    });
    const mine = rating({ commentHidden: true, comment: null });
    renderCard('CUSTOMER', ratings({ canRate: false, mine, theirs, theirsGiven: true }));
    const view = await card('Trip rating');
    expect(view.getAllByText('Comment hidden by Freightlane')).toHaveLength(2);
    expect(view.getByRole('img', { name: '1 of 5 stars' })).toBeVisible();
    expect(view.getByText('Long wait')).toBeVisible();
  });

  it('tells a rater changing a rating whose comment was hidden that a new one stays hidden too', async () => {
    const mine = rating({ commentHidden: true, comment: null });
    const { user } = renderCard('CUSTOMER', ratings({ canRate: false, mine, editableUntil: inDays(6) }));
    const view = await card('Trip rating');
    await user.click(view.getByRole('button', { name: 'Edit your rating' }));
    expect(view.getByLabelText('Comment (optional)')).toHaveValue('');
    expect(
      view.getByText(
        'Freightlane hid your comment. What you write now stays hidden too, unless Freightlane shows it. 0 of 1000 characters',
      ),
    ).toBeVisible();
  });

  it('speaks Pidgin when the app is shown in Pidgin', async () => {
    renderCard('CUSTOMER', ratings({ theirsGiven: true }), {}, 'pcm');
    const form = await card('How Kano Haulage Ltd do for this trip?');
    expect(form.getByText('You fit change am for 7 days.')).toBeVisible();
    expect(form.getByRole('radio', { name: '3 star out of 5' })).toBeInTheDocument();
    expect(form.getByRole('checkbox', { name: 'E reach on time' })).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Send rating' })).toBeVisible();
  });
});
