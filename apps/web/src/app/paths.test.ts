import { describe, expect, it } from 'vitest';
import { isOpenPage, returnPathAfterSignIn } from './paths';
import { redirectAfterSessionCheck } from './start-session';

describe('redirectAfterSessionCheck (a refresh token in sessionStorage but the check fails)', () => {
  it.each(['/home', '/transporterhome', '/admin', '/profile', '/company', '/', '/signup'])(
    'sends the user from %s to /signin',
    (path) => {
      expect(redirectAfterSessionCheck({ status: 'expired' }, path)).toBe('/signin');
    },
  );

  it.each([
    '/tripprogress/TRK-1',
    '/ongoingtripprogress/abc',
    '/terms',
    '/unsubscribe',
    '/activate/account/',
    '/resetpassword',
    '/reset/password',
  ])('leaves %s open (the link must keep working)', (path) => {
    expect(redirectAfterSessionCheck({ status: 'expired' }, path)).toBeNull();
  });

  it('does nothing for an anonymous or authenticated start', () => {
    expect(redirectAfterSessionCheck({ status: 'anonymous' }, '/home')).toBeNull();
  });
});

describe('isOpenPage', () => {
  it('matches whole path segments only', () => {
    expect(isOpenPage('/terms')).toBe(true);
    expect(isOpenPage('/termsx')).toBe(false);
    expect(isOpenPage('/tripprogress')).toBe(true);
  });
});

describe('returnPathAfterSignIn', () => {
  it('returns to the profile, the company page or the own home', () => {
    expect(returnPathAfterSignIn('/company', '/home')).toBe('/company');
    expect(returnPathAfterSignIn('/profile?tab=phone', '/home')).toBe('/profile?tab=phone');
    expect(returnPathAfterSignIn('/home', '/home')).toBe('/home');
  });

  it("goes home instead of another role's page or anything odd", () => {
    expect(returnPathAfterSignIn('/admin', '/home')).toBe('/home');
    expect(returnPathAfterSignIn('//evil.example/company', '/home')).toBe('/home');
    expect(returnPathAfterSignIn('https://evil.example', '/home')).toBe('/home');
    expect(returnPathAfterSignIn(undefined, '/transporterhome')).toBe('/transporterhome');
  });
});
