import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_LANGUAGE_KEY } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import {
  RETURN_LOADS,
  RETURN_LOAD_SETTINGS,
  returnLoadMatch,
  returnLoadTrip,
  returnLoadsAnswer,
} from '../../../test/return-load-fixtures';

describe('the Return loads page in Pidgin', () => {
  it('shows the radius, how it works and each truck’s matches in Pidgin', async () => {
    mockApi({
      [RETURN_LOADS]: {
        body: returnLoadsAnswer([
          returnLoadTrip({ matches: [returnLoadMatch({ returnLoadsWelcome: true, alreadyBid: true })] }),
        ]),
      },
      [RETURN_LOAD_SETTINGS]: { body: { radiusKm: 50 } },
    });
    seedSession('role_transporter', 'Musa');
    window.localStorage.setItem(APP_LANGUAGE_KEY, 'pcm');
    renderRoute('/return-loads');

    // The first test of the file also waits for the page's chunk.
    expect(await screen.findByText('Look inside')).toBeVisible();
    expect(screen.getByText('km from each delivery')).toBeVisible();
    expect(screen.getByText('From 5 reach 200 km.')).toBeVisible();
    expect(
      screen.getByText(
        /^We dey show open orders wey their pickup dey inside 50 km from where your truck dey deliver/,
      ),
    ).toBeVisible();
    const truck = await screen.findByRole('region', { name: 'TRP-2026-000123 · Truck LSR 123 XY' });
    expect(within(truck).getByText('E go free near Fagge, Kano on 27 Nov 2026')).toBeVisible();
    const [match] = within(truck).getAllByRole('listitem');
    expect(within(match!).getByText('Return loads dey welcome')).toBeVisible();
    expect(within(match!).getByText('You don bid')).toBeVisible();
    expect(match).toHaveTextContent('How farE dey 12 km away');
  });

  it('says in Pidgin when no truck is out on a trip', async () => {
    mockApi({ [RETURN_LOADS]: { body: returnLoadsAnswer([], { trucksConsidered: 0 }) } });
    seedSession('role_fleet_manager', 'Bola');
    window.localStorage.setItem(APP_LANGUAGE_KEY, 'pcm');
    renderRoute('/return-loads');
    expect(await screen.findByText(/^None of your trucks dey on live trip now/)).toBeVisible();
    expect(screen.getByText('Look inside 50 km from each delivery')).toBeVisible();
    expect(screen.getByText('Na only your company owner account fit change this distance.')).toBeVisible();
  });
});
