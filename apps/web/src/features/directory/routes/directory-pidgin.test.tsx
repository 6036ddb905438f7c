import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { APP_LANGUAGE_KEY } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { transporterCard } from '../../../test/scorecard-fixtures';
import {
  DIRECTORY,
  EKO_ID,
  directoryPage,
  ekoProfile,
  ekoRow,
  gardenCityRow,
  profilePath,
  scorecardPath,
} from '../test-fixtures';

describe('Find transporters in Pidgin', () => {
  it('shows the filters, the transporters and the invitation in Pidgin', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      fakeMediaQueryList(query, query.includes('min-width')),
    );
    mockApi({ [DIRECTORY]: { body: directoryPage([ekoRow(), gardenCityRow()]) } });
    seedSession('role_customer');
    window.localStorage.setItem(APP_LANGUAGE_KEY, 'pcm');
    renderRoute('/transporters');

    expect(await screen.findByRole('heading', { level: 1, name: 'Find transporter' })).toBeVisible();
    expect(screen.getByText(/^Transporters wey Freightlane don check/)).toBeVisible();
    expect(screen.getByRole('search', { name: 'Filter the transporters' })).toBeVisible();
    expect(screen.getByLabelText('Trucks, at least')).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Find transporter' });
    const [, eko, gardenCity] = within(table).getAllByRole('row');
    expect(eko).toHaveTextContent('Dem don verify am since 12 Mar 2025');
    expect(gardenCity).toHaveTextContent('No trip for the last 12 months');
    expect(
      within(gardenCity!).getByRole('button', {
        name: 'Invite Garden City Logistics Ltd as preferred partner',
      }),
    ).toHaveTextContent('Invite am as preferred partner');
  });

  it("shows a transporter's profile in Pidgin", async () => {
    mockApi({
      [profilePath(EKO_ID)]: { body: ekoProfile() },
      [scorecardPath(EKO_ID)]: { body: transporterCard() },
    });
    seedSession('role_customer');
    window.localStorage.setItem(APP_LANGUAGE_KEY, 'pcm');
    renderRoute(`/companies/${EKO_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Eko Haulage Ltd' })).toBeVisible();
    expect(screen.getByText('E don dey Freightlane since 1 Feb 2025')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Routes wey dem don run' })).toHaveTextContent(
      'Ogun → Lagos1 trip',
    );
    expect(screen.getByText('3 trucks wey dey work')).toBeVisible();
  });
});
