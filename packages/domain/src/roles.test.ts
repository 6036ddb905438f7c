import { describe, expect, it } from 'vitest';
import { homePathForRole, roleFromScope, ROLE_OF_USER_TYPE, USER_TYPES } from './roles';

describe('homePathForRole', () => {
  it('sends customers to /home', () => {
    expect(homePathForRole('role_customer')).toBe('/home');
  });

  it('sends admins to the back office at /admin', () => {
    expect(homePathForRole('role_admin')).toBe('/admin');
  });

  it.each([['role_transporter'], ['role_fleet_manager'], [null], [undefined], [''], ['ROLE_CUSTOMER']])(
    'sends %j to /transporterhome',
    (role) => {
      expect(homePathForRole(role)).toBe('/transporterhome');
    },
  );

  it('has a home for the role of every user type', () => {
    expect(USER_TYPES.map((t) => homePathForRole(ROLE_OF_USER_TYPE[t]))).toEqual([
      '/home',
      '/transporterhome',
      '/transporterhome',
      '/admin',
    ]);
  });
});

describe('roleFromScope', () => {
  it.each([['role_customer'], ['role_transporter'], ['role_fleet_manager'], ['role_admin']] as const)(
    'reads %s from a scope holding only that key',
    (role) => {
      expect(roleFromScope({ [role]: true })).toBe(role);
    },
  );

  it('finds the role_ key among other scope entries', () => {
    expect(roleFromScope({ openid: true, profile: true, role_transporter: true, email: true })).toBe(
      'role_transporter',
    );
  });

  it('answers null when there is no role_ key', () => {
    expect(roleFromScope({})).toBeNull();
    expect(roleFromScope({ openid: true, customer: true })).toBeNull();
  });

  it('answers null for a role_ key that is not a known role', () => {
    expect(roleFromScope({ role_unknown: true })).toBeNull();
    expect(roleFromScope({ role_: true })).toBeNull();
  });

  it.each([[null], [undefined], ['role_customer'], [42], [true]])(
    'answers null for the non-object %j',
    (scope) => {
      expect(roleFromScope(scope)).toBeNull();
    },
  );
});

describe('roleFromScope with an unknown role key beside a known one', () => {
  it('answers the known role', () => {
    expect(roleFromScope({ role_unknown: true, role_admin: true })).toBe('role_admin');
  });
});
