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

/**
 * To the owner of an address someone tried to sign up with again. Sign-up answers such an attempt as it
 * answers a new address, so only the mailbox learns that the account exists.
 */
export function signupAttemptEmail(firstName: string, signInUrl: string, resetUrl: string) {
  return renderEmail({
    subject: 'Someone tried to sign up with your e-mail address',
    greeting: `Hello ${firstName},`,
    paragraphs: [
      'Someone just tried to open a new Freightlane account with this e-mail address. You already have an account, so no new one was created and nothing about your account has changed.',
      'If it was you, sign in to your existing account.',
    ],
    action: { label: 'Sign in', url: signInUrl },
    after: ['If it was not you, you can ignore this e-mail.'],
    footer: [{ text: 'Forgot your password?', link: { label: 'Reset your password', url: resetUrl } }],
  });
}
