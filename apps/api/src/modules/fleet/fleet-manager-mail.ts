import { INVITATION_TTL_DAYS } from '../user';
import { renderEmail } from '../../lib/mail-layout';

export function fleetManagerInvitationEmail(invite: {
  firstName: string;
  companyName: string;
  inviterName: string;
  url: string;
}) {
  return renderEmail({
    subject: `${invite.companyName} invited you to manage its fleet on Freightlane`,
    greeting: `Hello ${invite.firstName},`,
    paragraphs: [
      `${invite.inviterName} of ${invite.companyName} has made you a fleet manager on Freightlane. You will manage the company's trucks, drivers, motor boys and trips.`,
      `Choose your password to accept the invitation. The link works once and expires in ${INVITATION_TTL_DAYS} days.`,
    ],
    action: { label: 'Choose your password', url: invite.url },
    after: [
      'Then sign in with this e-mail address. If the link has expired, use "Forgot password" on the sign-in page with this e-mail address.',
      'If you do not know this company, ignore this e-mail and no account will be activated.',
    ],
  });
}
