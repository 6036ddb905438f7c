import { screen, waitFor, within } from '@testing-library/react';
import type { PreferredPartner, Transporter } from '@freightlane/domain';
import { describe, expect, it } from 'vitest';
import { AppLanguageProvider } from '../../../i18n/app-language';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';
import { PartnersPage } from './partners-page';

const KANO = '11111111-1111-4111-8111-111111111111';
const ONNE = '22222222-2222-4222-8222-222222222222';

const KANO_PARTNER: PreferredPartner = {
  transporterCompanyId: KANO,
  name: 'Kano Haulage Ltd',
  state: 'Kano',
  addedAt: '2026-11-01T09:00:00.000Z',
};

/** A small in-memory server for the partners endpoints. */
function mockPartnersApi(initial: PreferredPartner[]) {
  let partners = [...initial];
  const transporters: Omit<Transporter, 'preferred'>[] = [
    { id: KANO, name: 'Kano Haulage Ltd', state: 'Kano' },
    { id: ONNE, name: 'Onne Express Logistics', state: 'Rivers' },
  ];
  return mockApi({
    'GET /api/v1/preferred-partners': () => ({ body: partners }),
    'GET /api/v1/transporters': (request) => {
      const q = (new URL(request.url, 'http://localhost').searchParams.get('q') ?? '').toLowerCase();
      return {
        body: transporters
          .filter((t) => t.name.toLowerCase().includes(q))
          .map((t) => ({ ...t, preferred: partners.some((p) => p.transporterCompanyId === t.id) })),
      };
    },
    'POST /api/v1/preferred-partners': (request) => {
      const { transporterCompanyId } = request.body as { transporterCompanyId: string };
      const transporter = transporters.find((t) => t.id === transporterCompanyId)!;
      const added = {
        transporterCompanyId,
        name: transporter.name,
        state: transporter.state,
        addedAt: '2026-11-21T12:00:00.000Z',
      };
      partners = [...partners, added];
      return { status: 201, body: added };
    },
    [`DELETE /api/v1/preferred-partners/${KANO}`]: () => {
      partners = partners.filter((p) => p.transporterCompanyId !== KANO);
      return { status: 204 };
    },
  });
}

describe('preferred partners', () => {
  it('explains what preferred partners are when there are none', async () => {
    mockPartnersApi([]);
    seedSession('role_customer');
    renderRoute('/partners');
    expect(await screen.findByRole('heading', { name: 'No preferred partners yet' })).toBeVisible();
    expect(screen.getByText(/you can let only them bid/)).toBeVisible();
    expect(document.title).toBe('Preferred partners · Freightlane');
  });

  it('finds a transporter and adds them', async () => {
    const api = mockPartnersApi([KANO_PARTNER]);
    seedSession('role_customer');
    const { user } = renderRoute('/partners');
    const list = await screen.findByRole('region', { name: 'Your preferred partners (1)' });
    expect(within(list).getByText('Kano Haulage Ltd')).toBeVisible();

    const search = screen.getByRole('region', { name: 'Add a partner' });
    expect(await within(search).findByText('Preferred')).toBeVisible();
    await user.type(screen.getByLabelText('Find a transporter'), 'onne');
    await waitFor(() => expect(api.requests.at(-1)?.url).toBe('/api/v1/transporters?q=onne'));
    await waitFor(() => expect(within(search).queryByText('Kano Haulage Ltd')).toBeNull());
    await user.click(await within(search).findByRole('button', { name: 'Add Onne Express Logistics' }));
    expect(await screen.findByText('Onne Express Logistics is now a preferred partner.')).toBeVisible();
    expect(api.calls('POST /api/v1/preferred-partners')[0]?.body).toEqual({ transporterCompanyId: ONNE });
    expect(await screen.findByRole('region', { name: 'Your preferred partners (2)' })).toBeVisible();
    await waitFor(() =>
      expect(within(search).queryByRole('button', { name: 'Add Onne Express Logistics' })).toBeNull(),
    );
  });

  it('removes a partner after asking', async () => {
    const api = mockPartnersApi([KANO_PARTNER]);
    seedSession('role_customer');
    const { user } = renderRoute('/partners');
    await user.click(await screen.findByRole('button', { name: 'Remove Kano Haulage Ltd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this partner?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(api.calls(`DELETE /api/v1/preferred-partners/${KANO}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Kano Haulage Ltd' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('heading', { name: 'No preferred partners yet' })).toBeVisible();
    expect(api.calls(`DELETE /api/v1/preferred-partners/${KANO}`)).toHaveLength(1);
  });

  it('is a customer page: a transporter goes to their own home', async () => {
    mockPartnersApi([]);
    seedSession('role_transporter');
    const { router } = renderRoute('/partners');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transporterhome'));
  });

  it('speaks Pidgin in an app shown in Pidgin', async () => {
    mockPartnersApi([KANO_PARTNER]);
    seedSession('role_customer');
    const element = (
      <AppLanguageProvider initialLocale="pcm">
        <PartnersPage />
      </AppLanguageProvider>
    );
    const { user } = renderRoute('/partners', { routes: [{ path: '/partners', element }] });
    expect(await screen.findByRole('heading', { name: 'Your preferred partners (1)' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Partners wey you like' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove Kano Haulage Ltd' }));
    expect(await screen.findByRole('dialog', { name: 'You wan remove this partner?' })).toHaveTextContent(
      'Kano Haulage Ltd no go fit bid again for orders wey you keep for preferred partners.',
    );
  });
});
