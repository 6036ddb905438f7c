import { homePathForRole, type Role } from '@freightlane/domain';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PATHS, returnPathAfterSignIn } from '../lib/paths';
import { useSession } from '../lib/session-context';

/** Pages that need a signed-in state; anyone else goes to /signin (and comes back after). */
export function RequireSignedIn() {
  const state = useSession();
  const location = useLocation();
  if (state.status !== 'signed-in') {
    const from = `${location.pathname}${location.search}`;
    // Only an ended session comes back to where it was; one the person ended themselves starts afresh.
    const leftOnPurpose = state.reason === 'signed-out' || state.reason === 'account-deleted';
    return <Navigate to={PATHS.signIn} replace state={leftOnPurpose ? undefined : { from }} />;
  }
  return <Outlet />;
}

/** Sign-up, sign-in and new-password pages: a signed-in user is sent to the home for their role. */
export function RedirectSignedIn() {
  const state = useSession();
  const location = useLocation();
  if (state.status === 'signed-in') {
    const from = (location.state as { from?: unknown } | null)?.from;
    return <Navigate to={returnPathAfterSignIn(from, state.session.role)} replace />;
  }
  return <Outlet />;
}

/** A home page belongs to its roles: anyone else opening it goes to their own home. */
export function OwnHomeOnly({ home, children }: { home: string; children: ReactNode }) {
  const state = useSession();
  if (state.status !== 'signed-in') return <Navigate to={PATHS.signIn} replace />;
  const own = homePathForRole(state.session.role);
  if (own !== home) return <Navigate to={own} replace />;
  return children;
}

/**
 * Pages of some roles only (as a layout route, or around one page): anyone else goes to their own
 * home. Only convenience: the API checks the role on every call.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children?: ReactNode }) {
  const state = useSession();
  if (state.status !== 'signed-in') return <Navigate to={PATHS.signIn} replace />;
  const role = state.session.role;
  if (!role || !roles.includes(role)) return <Navigate to={homePathForRole(role)} replace />;
  return children ?? <Outlet />;
}
