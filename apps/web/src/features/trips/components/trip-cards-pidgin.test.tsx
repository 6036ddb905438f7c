import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppLanguageProvider } from '../../../i18n/app-language';
import { createTestStore, seedSession, TestProviders } from '../../../test/render';
import { statusLog, tripDetail, tripIssue } from '../test-fixtures';
import { TripDocumentsCard } from './trip-documents-card';
import { TripIssuesCard } from './trip-issues-card';
import { TripStatusBadge } from './trip-status';
import { TripTimeline } from './trip-timeline';

/** A loaded trip held up by a breakdown, with nothing uploaded yet. */
const delayedTrip = tripDetail({
  tripStatusLogs: [statusLog('STARTED', '2026-11-25T07:00:00.000Z')],
  latestTripStatus: { tripStatus: 'STARTED', timeStamp: '2026-11-25T07:00:00.000Z' },
  hasOpenIssue: true,
  issues: [tripIssue({ issueType: 'BREAKDOWN', description: 'Tyre burst after Kara bridge' })],
});

describe('the trip page cards in Pidgin', () => {
  it('speak Pidgin when the app is shown in Pidgin', async () => {
    seedSession('role_transporter');
    const store = createTestStore();
    store.start();
    // The trip page's main cards, on their own: the page itself belongs to routes/.
    render(
      <TestProviders store={store}>
        <AppLanguageProvider initialLocale="pcm">
          <TripStatusBadge trip={delayedTrip} />
          <TripTimeline trip={delayedTrip} isAdmin={false} />
          <TripIssuesCard trip={delayedTrip} />
          <TripDocumentsCard trip={delayedTrip} />
        </AppLanguageProvider>
      </TestProviders>,
    );

    const issues = within(await screen.findByRole('region', { name: 'Wahala' }));
    expect(issues.getByText('1 never settle')).toBeVisible();
    expect(issues.getByRole('button', { name: 'Report wahala' })).toBeVisible();
    expect(screen.getByText('E DON DELAY')).toBeVisible();
    expect(screen.getByRole('region', { name: 'How the trip dey go' })).toBeVisible();
    expect(screen.getByText(/^No document yet\./)).toBeVisible();
  });
});
