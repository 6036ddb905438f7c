import { screen, waitFor, within } from '@testing-library/react';
import { driverPhoneLinkSchema } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { apiFixture } from '../../../test/api-fixture';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { driver, DRIVER_ID } from '../test-fixtures';
import { whatsAppLink } from './driver-phone-link-card';

const DRIVER = `/api/v1/fleet/drivers/${DRIVER_ID}`;
const LINK = `${DRIVER}/phone-link`;

const linkWith = (token: string, lastPositionAt: string | null = null) =>
  apiFixture(driverPhoneLinkSchema, {
    url: `https://freightlane.ng/driver/${token}`,
    osmandUrl: 'https://freightlane.ng/api/v1/driver/osmand',
    token,
    createdAt: '2026-11-24T09:00:00.000Z',
    lastPositionAt,
  });

describe('a driver’s phone tracking link', () => {
  it('creates a link, shows it to copy or send on WhatsApp, renews it and turns it off', async () => {
    let current: ReturnType<typeof linkWith> | null = null;
    let issued = 0;
    const api = mockApi({
      [`GET ${DRIVER}`]: { body: driver() },
      [`GET ${LINK}`]: () =>
        current ? { body: current } : { status: 404, body: { message: 'Phone link not found' } },
      [`POST ${LINK}`]: () => {
        issued += 1;
        current = linkWith(`token${issued}`.padEnd(32, 'x'));
        return { status: 201, body: current };
      },
      [`DELETE ${LINK}`]: () => {
        current = null;
        return { status: 204 };
      },
    });
    seedSession('role_transporter');
    const { user } = renderRoute(`/fleet/drivers/${DRIVER_ID}`);
    const card = within(await screen.findByRole('region', { name: 'Phone tracking' }));
    expect(await card.findByText(/No tracker on the truck\? Give Musa Ibrahim a private link/)).toBeVisible();

    await user.click(card.getByRole('button', { name: 'Create phone link' }));
    const url = `https://freightlane.ng/driver/${'token1'.padEnd(32, 'x')}`;
    expect(await card.findByDisplayValue(url)).toBeVisible();
    expect(card.getByText('No position from the phone yet.')).toBeVisible();
    expect(card.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
      'href',
      whatsAppLink(driver().phoneNumber, `Your Freightlane trip link: ${url}`),
    );
    expect(card.getByText(/server address https:\/\/freightlane\.ng\/api\/v1\/driver\/osmand/)).toBeVisible();

    await user.click(card.getByRole('button', { name: 'New link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Make a new link?' }));
    expect(dialog.getByText(/The link Musa has now stops working/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Okay' }));
    expect(
      await card.findByDisplayValue(`https://freightlane.ng/driver/${'token2'.padEnd(32, 'x')}`),
    ).toBeVisible();

    await user.click(card.getByRole('button', { name: 'Turn off' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Turn off the link?' })).getByRole('button', {
        name: 'Okay',
      }),
    );
    await waitFor(() => expect(api.calls(`DELETE ${LINK}`)).toHaveLength(1));
    expect(await card.findByRole('button', { name: 'Create phone link' })).toBeVisible();
    expect(await screen.findByText('Musa Ibrahim’s phone link is turned off.')).toBeVisible();
  });

  it('says when the phone last sent a position', async () => {
    mockApi({
      [`GET ${DRIVER}`]: { body: driver() },
      [`GET ${LINK}`]: { body: linkWith('a'.repeat(32), '2026-11-24T13:05:00.000Z') },
    });
    seedSession('role_transporter');
    renderRoute(`/fleet/drivers/${DRIVER_ID}`);
    const card = within(await screen.findByRole('region', { name: 'Phone tracking' }));
    expect(await card.findByText('Last position from the phone: 24 Nov 2026, 14:05')).toBeVisible();
  });

  it('writes the WhatsApp link with the number’s digits and the text encoded', () => {
    expect(whatsAppLink('+2348031234567', 'Link: https://x.ng/a b')).toBe(
      'https://wa.me/2348031234567?text=Link%3A%20https%3A%2F%2Fx.ng%2Fa%20b',
    );
  });
});
