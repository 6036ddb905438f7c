import { describe, expect, it } from 'vitest';
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
