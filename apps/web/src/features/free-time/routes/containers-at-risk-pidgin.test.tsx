import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { APP_LANGUAGE_KEY } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { AT_RISK, atRiskPage, containerAtRisk, freeTime } from '../test-fixtures';

describe('the containers at risk in Pidgin', () => {
  it('counts the days over and what is at stake in Pidgin', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      fakeMediaQueryList(query, query.includes('min-width')),
    );
    const over = containerAtRisk({
      freeTime: freeTime({
        daysLeft: -2,
        level: 'OVER',
        demurrageDays: 2,
        detentionDays: 0,
        deposit: { amountKobo: null, status: 'NOT_PAID', refundedOn: null },
      }),
    });
    mockApi({ [AT_RISK]: { body: atRiskPage([over], 9_000_000) } });
    seedSession('role_customer');
    window.localStorage.setItem(APP_LANGUAGE_KEY, 'pcm');
    renderRoute('/containers/at-risk');

    expect(await screen.findByRole('heading', { name: 'Containers wey fit cost you' })).toBeVisible();
    expect(await screen.findByText('All the money wey fit go')).toBeVisible();
    expect(screen.getByText(/for 1 container$/)).toBeVisible();
    const table = screen.getByRole('table', { name: 'Containers wey fit cost you' });
    expect(within(table).getByRole('columnheader', { name: 'Days remain' })).toBeVisible();
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('2 days don pass');
    expect(row).toHaveTextContent('2 days of demurrage');
    expect(row).toHaveTextContent('Dem never pay');
  });
});
