import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderRoute, seedSession } from '../../../test/render';

describe('admin home', () => {
  it('links each card to its working page, none marked Soon', async () => {
    seedSession('role_admin');
    mockApi({
      'GET /api/v1/admin/companies': {
        body: { content: [], totalElements: 2, totalPages: 2, page: 0, size: 1 },
      },
    });
    renderRoute('/admin');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Review companies' })).toHaveAttribute(
      'href',
      '/admin/companies',
    );
    expect(within(main).getByRole('link', { name: 'Find users' })).toHaveAttribute('href', '/admin/users');
    expect(within(main).getByRole('link', { name: 'Open trips' })).toHaveAttribute('href', '/trips');
    expect(within(main).getByRole('link', { name: 'Open issues' })).toHaveAttribute('href', '/trips/issues');
    expect(within(main).getByRole('link', { name: 'Open payments' })).toHaveAttribute('href', '/payments');
    expect(within(main).getByRole('link', { name: 'Open payouts' })).toHaveAttribute(
      'href',
      '/admin/payouts',
    );
    expect(within(main).getByRole('link', { name: 'Open reference data' })).toHaveAttribute(
      'href',
      '/admin/reference',
    );
    expect(within(main).getByRole('link', { name: 'Open the audit log' })).toHaveAttribute(
      'href',
      '/admin/audit-log',
    );
    expect(within(main).queryByText('Soon')).not.toBeInTheDocument();
  });
});
