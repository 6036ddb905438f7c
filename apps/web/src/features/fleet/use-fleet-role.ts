import { useSession } from '../../lib/session-context';

/** Only the company's owner account (role_transporter) invites fleet managers; the API checks it too. */
export function useCanInviteManagers(): boolean {
  const state = useSession();
  return state.status === 'signed-in' && state.session.role === 'role_transporter';
}
