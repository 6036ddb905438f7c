import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';

describe('the reference data page', () => {
  it('leads to each kind of reference data', async () => {
    mockApi({});
    seedSession('role_admin');
    renderRoute('/admin/reference');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: 'Reference data' })).toBeVisible();
    expect(document.title).toBe('Reference data · Freightlane');
    for (const [name, href] of [
      ['Open shipping lines', '/admin/reference/shipping-lines'],
      ['Open terminals', '/admin/reference/terminals'],
      ['Open tracking companies', '/admin/reference/tracking-companies'],
      ['Open platform terms', '/admin/reference/platform-terms'],
      ['Open diesel price', '/admin/reference/diesel-prices'],
    ]) {
      expect(main.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('is for admins only', async () => {
    mockApi({});
    seedSession('role_customer');
    const { router } = renderRoute('/admin/reference/terminals');
    await screen.findByRole('main');
    expect(router.state.location.pathname).not.toBe('/admin/reference/terminals');
  });
});
