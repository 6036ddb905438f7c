import { screen, waitFor, within } from '@testing-library/react';
import { TRIP_STATUS_LABELS, tripAlertSchema, type TripAlert, type TripDetail } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { TRIP_DETAIL, TRIP_ID, tripDetail } from '../test-fixtures';

// Each test renders the whole trip page, which takes seconds under jsdom.

const ALERT_ID = 'd4444444-4444-4444-8444-444444444444';
const ACKNOWLEDGE = `POST /api/v1/trips/alerts/${ALERT_ID}/acknowledge`;

/** The truck set off at 23:04 Lagos time on 24 Nov near Ikeja. */
function nightAlert(overrides: Partial<TripAlert> = {}): TripAlert {
  return apiFixture(tripAlertSchema, {
    id: ALERT_ID,
    kind: 'NIGHT_MOVEMENT',
    description: 'The truck moved during the night hours (22:00 to 05:00, Lagos time).',
    raisedAt: '2026-11-24T22:04:00.000Z',
    location: { state: 'Lagos', lga: 'Ikeja', description: 'Near Ikeja' },
    acknowledgedAt: null,
    acknowledgedBy: null,
    ...overrides,
  });
}

/** A loaded trip on the road with its alerts: no issue, so its status words are its own. */
const onTheRoad = (alerts: TripAlert[]): TripDetail =>
  tripDetail({
    latestTripStatus: { tripStatus: 'LOADED', timeStamp: '2026-11-24T20:00:00.000Z' },
    alerts,
  });

describe('the tracking alerts on the trip page', () => {
  it('lists the alerts with their time and place, apart from the issues, and leaves the status alone', async () => {
    mockApi({ [TRIP_DETAIL]: { body: onTheRoad([nightAlert()]) } });
    seedSession('role_customer');
    renderRoute(`/trips/${TRIP_ID}`);

    const card = within(await screen.findByRole('region', { name: 'Tracking alerts' }));
    expect(card.getByText('Moving at night')).toBeVisible();
    expect(card.getByText('24 Nov 2026, 23:04 · Near Ikeja, Lagos')).toBeVisible();
    expect(card.getByText(/Alerts do not delay the trip\. 1 not marked seen yet\./)).toBeVisible();
    // The customer reads it; marking it seen is the transporter's.
    expect(card.queryByRole('button', { name: /seen/ })).toBeNull();
    expect(card.getByText('Not marked seen by the transporter yet')).toBeVisible();

    const issues = within(screen.getByRole('region', { name: 'Issues' }));
    expect(issues.getByText(/No issues reported/)).toBeVisible();
    expect(screen.queryByText('DELAYED')).toBeNull();
    expect(screen.getAllByText(TRIP_STATUS_LABELS.LOADED).length).toBeGreaterThan(0);
  });

  it('lets the transporter mark an alert seen, and shows who saw it', async () => {
    let current = onTheRoad([nightAlert()]);
    const seen = nightAlert({
      acknowledgedAt: '2026-11-25T06:10:00.000Z',
      acknowledgedBy: 'Bola Adeyemi (Kano Haulage Ltd)',
    });
    const api = mockApi({
      [TRIP_DETAIL]: () => ({ body: current }),
      [ACKNOWLEDGE]: () => {
        current = onTheRoad([seen]);
        return { body: seen };
      },
    });
    seedSession('role_fleet_manager');
    const { user } = renderRoute(`/trips/${TRIP_ID}`);

    const card = within(await screen.findByRole('region', { name: 'Tracking alerts' }));
    await user.click(card.getByRole('button', { name: 'Mark moving at night of 24 Nov 2026, 23:04 seen' }));
    await waitFor(() => expect(api.calls(ACKNOWLEDGE)).toHaveLength(1));
    expect(await card.findByText('Seen 25 Nov 2026, 07:10 by Bola Adeyemi (Kano Haulage Ltd)')).toBeVisible();
    expect(card.queryByRole('button', { name: /seen/ })).toBeNull();
    expect(card.queryByText(/not marked seen yet/)).toBeNull();
  });

  it('is not shown on a trip without alerts', async () => {
    mockApi({ [TRIP_DETAIL]: { body: onTheRoad([]) } });
    seedSession('role_transporter');
    renderRoute(`/trips/${TRIP_ID}`);
    expect(await screen.findByRole('region', { name: 'Issues' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Tracking alerts' })).toBeNull();
  });
});
