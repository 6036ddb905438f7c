import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { APP_LANGUAGE_KEY } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { LANE_RATES, laneRate, laneRatesPage } from '../test-fixtures';

describe('the lane rates in Pidgin', () => {
  it('shows the lanes, the diesel price and the filters in Pidgin', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      fakeMediaQueryList(query, query.includes('min-width')),
    );
    mockApi({ [LANE_RATES]: { body: laneRatesPage([laneRate()]) } });
    seedSession('role_transporter', 'Musa');
    window.localStorage.setItem(APP_LANGUAGE_KEY, 'pcm');
    renderRoute('/lane-rates');

    expect(await screen.findByText('Diesel na ₦1,250.50 for one litre (as of 28 Nov 2026)')).toBeVisible();
    expect(screen.getByText('We update am 28 Nov 2026, 11:00')).toBeVisible();
    expect(screen.getByText(/^Wetin dem award trucks for each lane for the last 90 days/)).toBeVisible();
    expect(screen.getByRole('search', { name: 'Filter the lanes' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Lane rates' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('APM Terminals Apapa');
  });
});
