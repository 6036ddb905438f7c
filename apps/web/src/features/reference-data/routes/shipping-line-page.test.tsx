import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type MockReply, type RecordedRequest } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { LINE_ID, shippingLine } from '../test-fixtures';

const BASE = `/api/v1/admin/shipping-lines/${LINE_ID}`;

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

function open(routes: Record<string, MockReply | ((request: RecordedRequest) => MockReply)> = {}) {
  const api = mockApi({ [`GET ${BASE}`]: { body: shippingLine() }, ...routes });
  seedSession('role_admin');
  return { api, ...renderRoute(`/admin/reference/shipping-lines/${LINE_ID}`) };
}

describe('a shipping line and its tariffs', () => {
  it('shows the tariff table with each size, rates in naira and the sizes without one', async () => {
    pretendDesktop();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maersk' })).toBeVisible();
    expect(document.title).toBe('Maersk · Freightlane');
    expect(screen.getByText('Code MAERSK · Offered for new orders')).toBeVisible();
    const table = within(screen.getByRole('table', { name: 'Tariffs of Maersk' }));
    expect(table.getByRole('textbox', { name: '20 FT: free days' })).toHaveValue('7');
    expect(table.getByRole('textbox', { name: '20 FT: demurrage a day in naira' })).toHaveValue('38000.00');
    expect(table.getByRole('textbox', { name: '40 FT: detention a day in naira' })).toHaveValue('54000.00');
    expect(table.getByRole('textbox', { name: '45 FT: free days' })).toHaveValue('');
    expect(table.getAllByText('Not set')).toHaveLength(2);
    expect(table.getAllByText('20 Nov 2026, 10:30')).toHaveLength(2);
  });

  it('checks the figures under their fields and sends the sizes filled in, in kobo', async () => {
    pretendDesktop();
    const { api, user } = open({
      [`PUT ${BASE}/tariffs`]: (request) => ({
        body: shippingLine({
          tariffs: (request.body as { tariffs: object[] }).tariffs.map((t) => ({
            ...(t as object),
            updatedAt: '2026-11-21T10:00:00.000Z',
          })) as never,
        }),
      }),
    });
    const freeDays20 = await screen.findByRole('textbox', { name: '20 FT: free days' });
    await user.clear(freeDays20);
    await user.type(freeDays20, '61');
    await user.tab();
    expect(await screen.findByText('Free days must be at most 60')).toBeVisible();

    const demurrage45 = screen.getByRole('textbox', { name: '45 FT: demurrage a day in naira' });
    await user.type(demurrage45, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save tariffs' }));
    expect(await screen.findByText('Enter the rate in naira, e.g. 38000')).toBeVisible();
    expect(screen.getByText('Enter the free days')).toBeVisible();
    expect(screen.getByText('Enter the detention a day')).toBeVisible();
    expect(api.calls(`PUT ${BASE}/tariffs`)).toHaveLength(0);

    await user.clear(freeDays20);
    await user.type(freeDays20, '10');
    await user.clear(demurrage45);
    await user.type(screen.getByRole('textbox', { name: '45 FT: free days' }), '5');
    await user.type(demurrage45, '80,500.50');
    await user.type(screen.getByRole('textbox', { name: '45 FT: detention a day in naira' }), '62000');
    await user.click(screen.getByRole('button', { name: 'Save tariffs' }));
    await waitFor(() => expect(api.calls(`PUT ${BASE}/tariffs`)).toHaveLength(1));
    expect(api.calls(`PUT ${BASE}/tariffs`)[0]!.body).toEqual({
      tariffs: [
        {
          containerSize: 'FTS_20',
          freeDays: 10,
          demurrageKoboPerDay: 3_800_000,
          detentionKoboPerDay: 3_000_000,
        },
        {
          containerSize: 'FTS_40',
          freeDays: 7,
          demurrageKoboPerDay: 6_850_000,
          detentionKoboPerDay: 5_400_000,
        },
        {
          containerSize: 'FTS_45',
          freeDays: 5,
          demurrageKoboPerDay: 8_050_050,
          detentionKoboPerDay: 6_200_000,
        },
      ],
    });
    expect(await screen.findByText('The tariffs of Maersk are saved.')).toBeVisible();
  }, 20_000);

  it('gives a card per size on a phone', async () => {
    open({ [`GET ${BASE}`]: { body: shippingLine({ tariffs: [] }) } });
    expect(await screen.findByText('No tariffs yet', { selector: 'div *' })).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(screen.getByRole('group', { name: '40 FT High Cube' }));
    expect(card.getByRole('textbox', { name: 'Free days' })).toHaveValue('');
    expect(card.getByRole('textbox', { name: 'Demurrage a day (₦)' })).toBeVisible();
  });

  it('retires the line after a Yes and renames it', async () => {
    const { api, user } = open({
      [`PATCH ${BASE}`]: (request) => ({
        body: shippingLine(request.body as { active?: boolean; name?: string }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Retire' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Retire Maersk?' }));
    expect(dialog.getByText(/no longer choose it for new orders/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.calls(`PATCH ${BASE}`)).toHaveLength(1));
    expect(api.calls(`PATCH ${BASE}`)[0]!.body).toEqual({ active: false });
    expect(await screen.findByText('Maersk is retired.')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Bring back' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const rename = within(await screen.findByRole('dialog', { name: 'Rename Maersk' }));
    const name = rename.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.tab();
    expect(await rename.findByText('Name is required')).toBeVisible();
    await user.type(name, 'Maersk Line');
    await user.click(rename.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(`PATCH ${BASE}`)).toHaveLength(2));
    expect(api.calls(`PATCH ${BASE}`)[1]!.body).toEqual({ name: 'Maersk Line' });
  }, 20_000);
});
