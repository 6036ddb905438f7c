import { describe, expect, it } from 'vitest';
import { isOpenPage, returnPathAfterSignIn } from './paths';

describe('isOpenPage', () => {
  it('matches whole path segments only', () => {
    expect(isOpenPage('/terms')).toBe(true);
    expect(isOpenPage('/termsx')).toBe(false);
    expect(isOpenPage('/tripprogress')).toBe(true);
  });
});

describe('returnPathAfterSignIn', () => {
  it('returns to the profile, the company page or the own home', () => {
    expect(returnPathAfterSignIn('/company', 'role_customer')).toBe('/company');
    expect(returnPathAfterSignIn('/profile?tab=phone', 'role_customer')).toBe('/profile?tab=phone');
    expect(returnPathAfterSignIn('/home', 'role_customer')).toBe('/home');
    expect(returnPathAfterSignIn('/admin', 'role_admin')).toBe('/admin');
  });

  it.each(['role_customer', 'role_transporter', 'role_fleet_manager', 'role_admin'] as const)(
    'returns a %s to a trip, the schedule, the issues and the payments',
    (role) => {
      for (const page of [
        '/trips',
        '/trips/t-42?tab=documents',
        '/trips/schedule',
        '/trips/issues',
        '/payments',
        '/payments/inv-1',
        '/payments/callback?reference=FL-abc&trxref=FL-abc',
      ]) {
        expect(returnPathAfterSignIn(page, role)).toBe(page);
      }
    },
  );

  it('returns to the pages of a role only for that role', () => {
    expect(returnPathAfterSignIn('/fleet/trucks/tr-1', 'role_transporter')).toBe('/fleet/trucks/tr-1');
    expect(returnPathAfterSignIn('/fleet/drivers', 'role_fleet_manager')).toBe('/fleet/drivers');
    expect(returnPathAfterSignIn('/fleet/trucks', 'role_customer')).toBe('/home');
    expect(returnPathAfterSignIn('/fleet', 'role_admin')).toBe('/admin');
    expect(returnPathAfterSignIn('/orders/o-1', 'role_customer')).toBe('/orders/o-1');
    expect(returnPathAfterSignIn('/orders/o-1', 'role_transporter')).toBe('/transporterhome');
    expect(returnPathAfterSignIn('/bids/monitored', 'role_fleet_manager')).toBe('/bids/monitored');
    expect(returnPathAfterSignIn('/return-loads?page=2', 'role_fleet_manager')).toBe('/return-loads?page=2');
    expect(returnPathAfterSignIn('/return-loads', 'role_customer')).toBe('/home');
    expect(returnPathAfterSignIn('/transporters?pickupState=Lagos', 'role_customer')).toBe(
      '/transporters?pickupState=Lagos',
    );
    expect(returnPathAfterSignIn('/transporters', 'role_transporter')).toBe('/transporterhome');
    expect(returnPathAfterSignIn('/companies/c-1', 'role_fleet_manager')).toBe('/companies/c-1');
    expect(returnPathAfterSignIn('/admin/companies/c-1', 'role_admin')).toBe('/admin/companies/c-1');
    expect(returnPathAfterSignIn('/admin/users', 'role_transporter')).toBe('/transporterhome');
    expect(returnPathAfterSignIn('/admin/audit-log?q=suspended', 'role_admin')).toBe(
      '/admin/audit-log?q=suspended',
    );
    expect(returnPathAfterSignIn('/admin/audit-log', 'role_customer')).toBe('/home');
    expect(returnPathAfterSignIn('/earnings?tab=pending', 'role_fleet_manager')).toBe(
      '/earnings?tab=pending',
    );
    expect(returnPathAfterSignIn('/earnings', 'role_customer')).toBe('/home');
    expect(returnPathAfterSignIn('/admin/payouts', 'role_admin')).toBe('/admin/payouts');
    expect(returnPathAfterSignIn('/admin/payouts', 'role_transporter')).toBe('/transporterhome');
    // Without a role only the pages every role may see are returned to.
    expect(returnPathAfterSignIn('/fleet/trucks', null)).toBe('/transporterhome');
    expect(returnPathAfterSignIn('/trips/t-42', null)).toBe('/trips/t-42');
  });

  it("goes home instead of another role's page or anything odd", () => {
    expect(returnPathAfterSignIn('/admin', 'role_customer')).toBe('/home');
    expect(returnPathAfterSignIn('/tripsx', 'role_customer')).toBe('/home');
    expect(returnPathAfterSignIn('//evil.example/company', 'role_customer')).toBe('/home');
    expect(returnPathAfterSignIn('https://evil.example', 'role_customer')).toBe('/home');
    expect(returnPathAfterSignIn(undefined, 'role_transporter')).toBe('/transporterhome');
  });
});
