import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { pageOf } from '../../../test/marketplace-fixtures';
import { renderRoute, seedSession } from '../../../test/render';
import { LINE_ID, lineSummary, shippingLine } from '../test-fixtures';

const LIST = 'GET /api/v1/admin/shipping-lines';
/** The first render loads the page's lazy chunk, which can take a while on a busy machine. */
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

describe('the shipping lines list', () => {
  it('shows one card per line on a phone, with its tariffs and status, and searches', async () => {
    const api = mockApi({
      [LIST]: {
        body: pageOf([
          lineSummary(),
          lineSummary({ id: 'l2', code: 'GRIMALDI', name: 'Grimaldi Lines', active: false, tariffCount: 0 }),
        ]),
      },
    });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/reference/shipping-lines');
    const link = await screen.findByRole('link', { name: 'Maersk' });
    expect(link).toHaveAttribute('href', `/admin/reference/shipping-lines/${LINE_ID}`);
    const [maersk, grimaldi] = within(screen.getByRole('list', { name: 'Shipping lines' })).getAllByRole(
      'listitem',
    );
    expect(maersk).toHaveTextContent('CodeMAERSK');
    expect(maersk).toHaveTextContent('Tariffs4 of 4 sizes');
    expect(within(grimaldi!).getByText('Retired')).toBeVisible();
    expect(grimaldi).toHaveTextContent('CodeGRIMALDI');
    expect(grimaldi).toHaveTextContent('TariffsNo tariffs yet');
    expect(document.title).toBe('Shipping lines · Freightlane');
    expect(screen.getByRole('link', { name: 'Shipping lines' })).toHaveAttribute('aria-current', 'page');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'grim');
    await waitFor(() => expect(queryOf(api.calls(LIST).at(-1)!.url)).toMatchObject({ q: 'grim', page: '0' }));
  }, 20_000);

  it('says why it is empty and offers to clear the search', async () => {
    mockApi({ [LIST]: { body: pageOf([]) } });
    seedSession('role_admin');
    const { user, router } = renderRoute('/admin/reference/shipping-lines?q=zzz');
    expect(await screen.findByText(/No shipping line matches “zzz”/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('adds a line: checks the code under its field, sends it in capitals and opens the line', async () => {
    const api = mockApi({
      [LIST]: { body: pageOf([lineSummary()]) },
      'POST /api/v1/admin/shipping-lines': (request) => ({
        status: 201,
        body: shippingLine({
          ...(request.body as { code: string; name: string }),
          id: 'new-line',
          tariffs: [],
        }),
      }),
      'GET /api/v1/admin/shipping-lines/new-line': {
        body: shippingLine({ id: 'new-line', code: 'AFRICA-EXPRESS', name: 'Africa Express', tariffs: [] }),
      },
    });
    seedSession('role_admin');
    const { user, router } = renderRoute('/admin/reference/shipping-lines');
    await user.click(await screen.findByRole('button', { name: 'Add a shipping line' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a shipping line' }));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Africa Express');
    const code = dialog.getByRole('textbox', { name: 'Code' });
    await user.type(code, 'africa express');
    await user.tab();
    expect(await dialog.findByText('Use letters, digits and single dashes only, e.g. CMA-CGM')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, 'africa-express');
    await user.click(dialog.getByRole('button', { name: 'Add shipping line' }));
    await waitFor(() => expect(api.calls('POST /api/v1/admin/shipping-lines')).toHaveLength(1));
    expect(api.calls('POST /api/v1/admin/shipping-lines')[0]!.body).toEqual({
      code: 'AFRICA-EXPRESS',
      name: 'Africa Express',
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/reference/shipping-lines/new-line'),
    );
    expect(
      await screen.findByText('Africa Express is added. Set its free days and rates next.'),
    ).toBeVisible();
  }, 20_000);

  it("puts the server's refusal of a taken code under the field", async () => {
    mockApi({
      [LIST]: { body: pageOf([lineSummary()]) },
      'POST /api/v1/admin/shipping-lines': {
        status: 409,
        body: {
          message: 'Another shipping line has the code MAERSK',
          errors: [{ field: 'code', message: 'Another shipping line has this code' }],
        },
      },
    });
    seedSession('role_admin');
    const { user } = renderRoute('/admin/reference/shipping-lines');
    await user.click(await screen.findByRole('button', { name: 'Add a shipping line' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Maersk Line');
    await user.type(dialog.getByRole('textbox', { name: 'Code' }), 'MAERSK');
    await user.click(dialog.getByRole('button', { name: 'Add shipping line' }));
    expect(await dialog.findByText('Another shipping line has this code')).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();
  }, 20_000);
});
