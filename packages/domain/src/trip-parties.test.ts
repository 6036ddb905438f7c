import { describe, expect, it } from 'vitest';
import { sideOfRole, tripScopeOf, tripSideOf } from './trip-parties';

const trip = { customerCompanyId: 'c1', transporterCompanyId: 't1' };

describe('who sees a trip', () => {
  it('shows admins every trip, as the platform', () => {
    expect(tripScopeOf({ role: 'role_admin', companyId: 'x' })).toEqual({ side: 'all' });
    expect(tripSideOf({ role: 'role_admin', companyId: 'x' }, trip)).toBe('ADMIN');
  });

  it('shows a customer only its own trips', () => {
    expect(tripScopeOf({ role: 'role_customer', companyId: 'c1' })).toEqual({
      side: 'customer',
      companyId: 'c1',
    });
    expect(tripSideOf({ role: 'role_customer', companyId: 'c1' }, trip)).toBe('CUSTOMER');
    expect(tripSideOf({ role: 'role_customer', companyId: 't1' }, trip)).toBeNull();
  });

  it('lets a fleet manager act for the transporter like its owner', () => {
    for (const role of ['role_transporter', 'role_fleet_manager'] as const) {
      expect(tripScopeOf({ role, companyId: 't1' })).toEqual({ side: 'transporter', companyId: 't1' });
      expect(tripSideOf({ role, companyId: 't1' }, trip)).toBe('TRANSPORTER');
      expect(tripSideOf({ role, companyId: 'c1' }, trip)).toBeNull();
    }
  });

  it('shows a transporter no trip that has none yet', () => {
    expect(
      tripSideOf({ role: 'role_transporter', companyId: 't1' }, { ...trip, transporterCompanyId: null }),
    ).toBeNull();
  });

  it('names the side each role writes for', () => {
    expect(sideOfRole('role_fleet_manager')).toBe('TRANSPORTER');
    expect(sideOfRole(null)).toBeNull();
  });
});
