import { renderEmail } from '../../lib/mail-layout';

export function activationEmail(firstName: string, url: string) {
  return renderEmail({
    subject: 'Activate your Freightlane account',
    greeting: `Hello ${firstName},`,
    paragraphs: [
      'Welcome to Freightlane. Activate your account to start ordering haulage or bidding for jobs.',
      'The link works once and expires in 72 hours.',
    ],
    action: { label: 'Activate account', url },
    after: ['If you did not sign up for Freightlane, ignore this e-mail and no account will be activated.'],
  });
}

export function passwordResetEmail(firstName: string, url: string) {
  return renderEmail({
    subject: 'Reset your Freightlane password',
    greeting: `Hello ${firstName},`,
    paragraphs: [
      'Someone asked to reset the password of your Freightlane account. If it was you, choose a new password below.',
      'The link works once and expires in 1 hour.',
    ],
    action: { label: 'Choose a new password', url },
    after: ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
  });
}

export function passwordChangedEmail(firstName: string, signInUrl: string) {
  return renderEmail({
    subject: 'Your Freightlane password was changed',
    greeting: `Hello ${firstName},`,
    paragraphs: [
      'The password of your Freightlane account has just been changed, and every device was signed out.',
      'If you did not do this, reset your password at once and tell your Freightlane contact.',
    ],
    action: { label: 'Sign in', url: signInUrl },
  });
}
