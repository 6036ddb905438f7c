import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type MockReply, type RecordedRequest } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { pageOf } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';
import { TERMINAL_ID, terminal } from '../test-fixtures';

const LIST = 'GET /api/v1/admin/terminals';
const ONE = `/api/v1/admin/terminals/${TERMINAL_ID}`;
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

function open(path: string, routes: Record<string, MockReply | ((request: RecordedRequest) => MockReply)>) {
  const api = mockApi(routes);
  seedSession('role_admin');
  return { api, ...renderRoute(path) };
}

async function choose(user: UserEvent, label: string, option: string) {
  // A required field's label ends in an asterisk.
  await user.click(screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the terminals list', () => {
  it('shows a table from 48em up and filters by kind', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      fakeMediaQueryList(query, query.includes('min-width')),
    );
    const { api, user } = open('/admin/reference/terminals', {
      [LIST]: {
        body: pageOf([
          terminal(),
          terminal({
            id: 't2',
            code: 'KIRI-BAY',
            name: 'Kirikiri Bay',
            latitude: null,
            longitude: null,
            kind: 'HOLDING_BAY',
            active: false,
          }),
        ]),
      },
    });
    const table = within(await screen.findByRole('table', { name: 'Terminals' }));
    expect(table.getByRole('link', { name: 'APM Terminals Apapa' })).toHaveAttribute(
      'href',
      `/admin/reference/terminals/${TERMINAL_ID}`,
    );
    expect(table.getByText('6.4453, 3.3636')).toBeVisible();
    const bay = within(table.getByRole('link', { name: 'Kirikiri Bay' }).closest('tr')!);
    expect(bay.getByText('Holding bay')).toBeVisible();
    expect(bay.getByText('Not set')).toBeVisible();
    expect(bay.getByText('Retired')).toBeVisible();
    expect(document.title).toBe('Terminals · Freightlane');

    await choose(user, 'Kind', 'Holding bay');
    await waitFor(() => expect(queryOf(api.calls(LIST).at(-1)!.url)).toMatchObject({ kind: 'HOLDING_BAY' }));
  }, 20_000);

  it('says why it is empty and leads to Add a terminal', async () => {
    open('/admin/reference/terminals', { [LIST]: { body: pageOf([]) } });
    expect(await screen.findByText(/No terminals yet/)).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Add a terminal' })[0]).toHaveAttribute(
      'href',
      '/admin/reference/terminals/new',
    );
  });
});

describe('adding a terminal', () => {
  it('checks the place and position under their fields, then sends the terminal', async () => {
    const { api, user, router } = open('/admin/reference/terminals/new', {
      'POST /api/v1/admin/terminals': (request) => ({
        status: 201,
        body: terminal({ ...(request.body as object), id: 'new-terminal', active: true }),
      }),
      'GET /api/v1/admin/terminals/new-terminal': { body: terminal({ id: 'new-terminal' }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a terminal' })).toBeVisible();
    expect(document.title).toBe('Add a terminal · Freightlane');

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ikorodu Inland Container Depot');
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'ikorodu-icd');
    await user.type(screen.getByRole('textbox', { name: 'Operator' }), 'Ikorodu ICD Ltd');
    await choose(user, 'Kind', 'Inland depot');
    await user.type(screen.getByRole('textbox', { name: 'Port' }), 'Lagos');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Ikorodu');
    const latitude = screen.getByRole('textbox', { name: 'Latitude' });
    await user.type(latitude, '51.5');
    await user.tab();
    expect(await screen.findByText('A latitude in Nigeria is between 4 and 14')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add terminal' }));
    expect(await screen.findByText('Choose one of the 36 states or FCT')).toBeVisible();
    expect(api.calls('POST /api/v1/admin/terminals')).toHaveLength(0);

    await choose(user, 'State', 'Lagos');
    await choose(user, 'LGA', 'Ikorodu');
    await user.clear(latitude);
    await user.type(latitude, '6.6194');
    await user.click(screen.getByRole('button', { name: 'Add terminal' }));
    expect(await screen.findByText('Give both latitude and longitude, or neither')).toBeVisible();
    expect(api.calls('POST /api/v1/admin/terminals')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '3.5105');
    await user.click(screen.getByRole('button', { name: 'Add terminal' }));
    await waitFor(() => expect(api.calls('POST /api/v1/admin/terminals')).toHaveLength(1));
    expect(api.calls('POST /api/v1/admin/terminals')[0]!.body).toEqual({
      code: 'IKORODU-ICD',
      name: 'Ikorodu Inland Container Depot',
      operator: 'Ikorodu ICD Ltd',
      kind: 'INLAND_DEPOT',
      port: 'Lagos',
      city: 'Ikorodu',
      state: 'Lagos',
      lga: 'Ikorodu',
      latitude: 6.6194,
      longitude: 3.5105,
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/reference/terminals/new-terminal'),
    );
  }, 20_000);
});

describe('one terminal', () => {
  it("saves a change, and puts the server's refusal under its field", async () => {
    let reply: MockReply = {
      status: 400,
      body: {
        message: 'Choose an LGA of Lagos',
        errors: [{ field: 'lga', message: 'Choose an LGA of Lagos' }],
      },
    };
    const { api, user } = open(`/admin/reference/terminals/${TERMINAL_ID}`, {
      [`GET ${ONE}`]: { body: terminal() },
      [`PATCH ${ONE}`]: () => reply,
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('APMT-APAPA');
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('6.4453');
    await user.clear(name);
    await user.type(name, 'APM Terminals Apapa (Gate 2)');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText('Choose an LGA of Lagos')).not.toHaveLength(0);
    expect(api.calls(`PATCH ${ONE}`)[0]!.body).toEqual({
      name: 'APM Terminals Apapa (Gate 2)',
      operator: 'APM Terminals',
      kind: 'PORT_TERMINAL',
      port: 'Apapa',
      city: 'Apapa',
      state: 'Lagos',
      lga: 'Apapa',
      latitude: 6.4453,
      longitude: 3.3636,
    });

    reply = { body: terminal({ name: 'APM Terminals Apapa (Gate 2)' }) };
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('APM Terminals Apapa (Gate 2) is saved.')).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'APM Terminals Apapa (Gate 2)' }),
    ).toBeVisible();
  }, 20_000);

  it('retires it after a Yes', async () => {
    const { api, user } = open(`/admin/reference/terminals/${TERMINAL_ID}`, {
      [`GET ${ONE}`]: { body: terminal() },
      [`PATCH ${ONE}`]: { body: terminal({ active: false }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Retire' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Retire APM Terminals Apapa?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await waitFor(() => expect(api.calls(`PATCH ${ONE}`)).toHaveLength(1));
    expect(api.calls(`PATCH ${ONE}`)[0]!.body).toEqual({ active: false });
    expect(await screen.findByText(/Retired: not offered for new orders/)).toBeVisible();
  }, 20_000);
});
