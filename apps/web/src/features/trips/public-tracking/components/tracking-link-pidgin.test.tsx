import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_LANGUAGE_KEY } from '../../../../i18n/app-language';
import { mockApi } from '../../../../test/api-mock';
import { renderRoute, seedSession } from '../../../../test/render';
import { startedTrip, TRACKING_ID, TRIP_DETAIL, TRIP_ID } from '../../test-fixtures';

// The whole trip page renders, which takes seconds under jsdom.

describe('the tracking link card in Pidgin', () => {
  it('says what the link does and sends the WhatsApp message in Pidgin', async () => {
    mockApi({ [TRIP_DETAIL]: { body: startedTrip() } });
    seedSession('role_customer');
    window.localStorage.setItem(APP_LANGUAGE_KEY, 'pcm');
    renderRoute(`/trips/${TRIP_ID}`);

    const card = await screen.findByRole('region', { name: 'Tracking link' });
    expect(card).toHaveTextContent('Anybody wey get this link fit follow the trip without sign in');
    expect(card).toHaveTextContent('E no dey expire');
    expect(within(card).getByRole('button', { name: 'Stop link' })).toBeVisible();
    const url = `${window.location.origin}/tripprogress/${TRACKING_ID}`;
    expect(within(card).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Follow trip TRP-2026-000123 for Freightlane: ${url}`)}`,
    );
    expect(within(card).getByRole('link', { name: /^Open link.*e go open for new tab/ })).toBeVisible();
  });
});
