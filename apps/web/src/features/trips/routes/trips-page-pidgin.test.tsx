import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { APP_LANGUAGE_KEY } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { pageOf, tripSummary } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';

describe('the trips list in Pidgin', () => {
  it('names the tabs, the columns and the stage clock in Pidgin', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      fakeMediaQueryList(query, query.includes('min-width')),
    );
    mockApi({ 'GET /api/v1/trips': { body: pageOf([tripSummary()]) } });
    seedSession('role_customer');
    // The language this browser last showed; the profile (not mocked) does not change it.
    window.localStorage.setItem(APP_LANGUAGE_KEY, 'pcm');
    renderRoute('/trips');

    const table = await screen.findByRole('table');
    expect(screen.getByRole('tab', { name: 'Dey road' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Never finish' })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Date' })).toBeVisible();
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('for this stage · since');
    expect(screen.getByText('1–1 out of 1 trip')).toBeVisible();
  });
});
