import { describe, expect, it } from 'vitest';
import english from '../catalog/en-NG.json';
import { activeNavItem, navigationFor } from './navigation';

/** The lit item's label as an English reader sees it. */
function activeLabel(role: Parameters<typeof navigationFor>[0], pathname: string): string | undefined {
  const key = activeNavItem(navigationFor(role), pathname)?.label;
  return key === undefined ? undefined : english[key];
}

describe('activeNavItem', () => {
  it.each([
    ['/transporterhome', 'Home'],
    ['/trips', 'Trips'],
    ['/trips/4b1f0c2e-trip', 'Trips'],
    ['/trips/schedule', 'Schedule'],
    ['/trips/issues', 'Issues'],
    ['/fleet', 'Fleet'],
    ['/fleet/trucks', 'Fleet'],
    ['/fleet/drivers/d1', 'Fleet'],
    ['/bids', 'New bids'],
    ['/bids/monitored', 'Monitored bids'],
    ['/bids/orders/o1', 'New bids'],
    ['/return-loads', 'Return loads'],
    ['/payments', 'Payments'],
    ['/payments/invoice-1', 'Payments'],
    ['/earnings', 'Earnings'],
  ])("lights one item of a transporter's sidebar on %s: %s", (pathname, label) => {
    expect(activeLabel('role_transporter', pathname)).toBe(label);
  });

  it('lights the most specific item of the back office', () => {
    expect(activeLabel('role_admin', '/admin')).toBe('Home');
    expect(activeLabel('role_admin', '/admin/companies/c1')).toBe('Companies');
    expect(activeLabel('role_admin', '/admin/users')).toBe('Users');
    expect(activeLabel('role_admin', '/admin/users/u1')).toBe('Users');
    expect(activeLabel('role_admin', '/admin/audit-log')).toBe('Audit log');
    expect(activeLabel('role_admin', '/admin/reference/terminals/t1')).toBe('Reference data');
    expect(activeLabel('role_admin', '/admin/payouts')).toBe('Payouts');
  });

  it('matches whole path segments only and lights nothing on pages without an item', () => {
    expect(activeLabel('role_customer', '/ordersx')).toBeUndefined();
    expect(activeLabel('role_customer', '/orders/new')).toBe('Orders');
    expect(activeLabel('role_customer', '/no/such/page')).toBeUndefined();
  });

  it("lights Containers at risk in a customer's sidebar", () => {
    expect(activeLabel('role_customer', '/containers/at-risk')).toBe('Containers at risk');
  });
});
