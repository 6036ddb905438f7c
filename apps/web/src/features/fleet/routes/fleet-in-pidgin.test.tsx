import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_LANGUAGE_KEY } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { pageOf } from '../../../test/marketplace-fixtures';
import { profileFixture } from '../../../test/profile-fixture';
import { renderRoute, seedSession } from '../../../test/render';
import { truck } from '../test-fixtures';

// The page's code and the Pidgin catalogs are loaded lazily, which takes a moment on a cold start.

describe('the fleet in Pidgin', () => {
  it('shows the trucks list in the language the transporter chose', async () => {
    mockApi({
      'GET /api/v1/fleet/trucks': { body: pageOf([truck()], { totalElements: 1 }) },
      'GET /api/v1/user/me': { body: { status: 'Successful', data: profileFixture({ language: 'pcm' }) } },
    });
    window.localStorage.setItem(APP_LANGUAGE_KEY, 'pcm');
    seedSession('role_transporter');
    renderRoute('/fleet/trucks');

    expect(await screen.findByRole('link', { name: 'Add truck' })).toBeVisible();
    expect(screen.getByText('Your trucks, their papers and the ones wey fit carry trip.')).toBeVisible();
    const list = within(await screen.findByRole('list', { name: 'Trucks' }));
    expect(list.getByText('E dey work')).toBeVisible();
    expect(list.getByRole('button', { name: 'Stop LSR 123 XY' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Find' })).toHaveAttribute(
      'placeholder',
      'Plate, make or model',
    );
  });
});
