import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { fakeMediaQueryList } from '../../../test/fakes';
import { renderRoute, seedSession } from '../../../test/render';
import { pageOf } from '../../../test/marketplace-fixtures';
import { companySummary } from '../test-fixtures';

const LIST = 'GET /api/v1/admin/companies';

function pretendDesktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query.includes('min-width')),
  );
}

/** The first render loads the page's lazy chunk, which can take a while on a busy machine. */
// Choosing from three selects and typing a search takes a few seconds on a busy machine.

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

describe('the admin company list', () => {
  it('opens on the companies awaiting review, one card per company on a phone', async () => {
    const api = mockApi({
      [LIST]: {
        body: pageOf([
          companySummary(),
          companySummary({ id: 'c2', name: 'Lekki Foods Plc', type: 'CUSTOMER', documentCount: 1 }),
        ]),
      },
    });
    seedSession('role_admin', 'Bisi');
    renderRoute('/admin/companies');
    const list = await screen.findByRole('list', { name: 'Companies' });
    const [kano, lekki] = within(list).getAllByRole('listitem');
    expect(within(kano!).getByRole('link', { name: 'Kano Haulage Ltd' })).toHaveAttribute(
      'href',
      '/admin/companies/7b0c5d2e-4a39-4a0e-9a34-0c1f5f1d2a10',
    );
    expect(kano).toHaveTextContent('Ownermusa@kano-haulage.ng');
    expect(lekki).toHaveTextContent('TypeCustomer');
    expect(lekki).toHaveTextContent('Documents1');
    expect(screen.queryByRole('table')).toBeNull();
    expect(queryOf(api.calls(LIST)[0]!.url)).toEqual({ status: 'PENDING_REVIEW', page: '0', size: '20' });
    expect(screen.getByText('1–2 of 2 companies')).toBeVisible();
    expect(document.title).toBe('Companies · Freightlane');
  });

  it('shows a table from 48em up and filters by status, type and search', async () => {
    pretendDesktop();
    const api = mockApi({ [LIST]: { body: pageOf([companySummary()]) } });
    seedSession('role_admin');
    const { user, router } = renderRoute('/admin/companies');
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(within(table).getByRole('columnheader', { name: 'Owner' })).toBeVisible();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('musa@kano-haulage.ng');

    await user.click(screen.getByRole('textbox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'All statuses' }));
    await waitFor(() => expect(queryOf(api.calls(LIST).at(-1)!.url)).toEqual({ page: '0', size: '20' }));

    await user.click(screen.getByRole('textbox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Transporters' }));
    await waitFor(() => expect(queryOf(api.calls(LIST).at(-1)!.url)).toMatchObject({ type: 'TRANSPORTER' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'kano');
    await waitFor(() => expect(queryOf(api.calls(LIST).at(-1)!.url)).toMatchObject({ q: 'kano' }));
    expect(router.state.location.search).toBe('?status=ALL&type=TRANSPORTER&q=kano');
  });

  it('filters suspended companies and marks them', async () => {
    pretendDesktop();
    const api = mockApi({
      [LIST]: { body: pageOf([companySummary({ suspendedAt: '2026-11-21T10:00:00.000Z' })]) },
    });
    seedSession('role_admin');
    const { user, router } = renderRoute('/admin/companies');
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(within(table).getByText('Suspended')).toBeVisible();
    await user.click(screen.getByRole('textbox', { name: 'Suspension' }));
    await user.click(screen.getByRole('option', { name: 'Suspended only' }));
    await waitFor(() => expect(queryOf(api.calls(LIST).at(-1)!.url)).toMatchObject({ suspended: 'true' }));
    expect(router.state.location.search).toBe('?suspended=true');
  });

  it('says when nobody waits for review and offers every company instead', async () => {
    const api = mockApi({
      [LIST]: (request) => ({
        body: queryOf(request.url).status
          ? pageOf([])
          : pageOf([companySummary({ verificationStatus: 'VERIFIED' })]),
      }),
    });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/companies');
    expect(await screen.findByText(/No companies are waiting for review/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show all companies' }));
    const link = await screen.findByRole('link', { name: 'Kano Haulage Ltd' });
    expect(within(link.closest('li')!).getByText('Verified')).toBeVisible();
    expect(queryOf(api.calls(LIST).at(-1)!.url).status).toBeUndefined();
  });

  it('pages through the list', async () => {
    const api = mockApi({
      [LIST]: (request) => {
        const page = Number(queryOf(request.url).page);
        return {
          body: pageOf([companySummary({ id: `c${page}`, name: `Company on page ${page + 1}` })], {
            totalElements: 21,
            totalPages: 2,
            number: page,
          }),
        };
      },
    });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/companies');
    await screen.findByRole('link', { name: 'Company on page 1' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Company on page 2' })).toBeVisible();
    expect(queryOf(api.calls(LIST).at(-1)!.url).page).toBe('1');
    expect(screen.getByText('21–21 of 21 companies')).toBeVisible();
  });

  it('sends anyone but an admin to their own home', async () => {
    mockApi({
      'GET /api/v1/user/me': { status: 500, body: { message: 'not needed' } },
      'GET /api/v1/company/documents/validate': { status: 500, body: { message: 'not needed' } },
    });
    seedSession('role_customer');
    const { router } = renderRoute('/admin/companies');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('puts the number awaiting review on the back office home', async () => {
    const api = mockApi({ [LIST]: { body: pageOf([companySummary()], { totalElements: 4, size: 1 }) } });
    seedSession('role_admin', 'Bisi');
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Companies awaiting review: 4' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Review companies' })).toHaveAttribute(
      'href',
      '/admin/companies',
    );
    expect(queryOf(api.calls(LIST)[0]!.url)).toMatchObject({ status: 'PENDING_REVIEW', size: '1' });
  });
});
