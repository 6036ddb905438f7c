import type { SessionCheck } from '../lib/session';
import { isOpenPage, PATHS } from '../lib/paths';

/**
 * The spec: when a refresh token is in sessionStorage but the check fails, storage is cleared and
 * the user goes to /signin. Pages opened from links (tracking, terms, unsubscribe, activation,
 * password reset) stay where they are; only the stale session is dropped.
 */
export function redirectAfterSessionCheck(check: SessionCheck, pathname: string): string | null {
  if (check.status !== 'expired') return null;
  if (pathname === PATHS.signIn || isOpenPage(pathname)) return null;
  return PATHS.signIn;
}
