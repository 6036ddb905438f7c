import { Alert } from '@mantine/core';
import { useSession } from '../../../lib/session-context';
import { OnboardingLayout } from '../../../components/onboarding-layout';
import { usePageTitle } from '../../../lib/use-page-title';
import { SignInForm } from '../components/sign-in-form';

const ACCOUNT_DELETED_NOTICE =
  'Your name, e-mail address and phone number are erased and you are signed out on every device. Thank you for using Freightlane.';

export function SignInPage() {
  usePageTitle('Sign In');
  const state = useSession();
  const expired = state.status === 'signed-out' && state.reason === 'expired';
  const deleted = state.status === 'signed-out' && state.reason === 'account-deleted';
  return (
    <OnboardingLayout title="Sign in to Freightlane" action="signup">
      {expired ? (
        <Alert color="orange" role="status">
          Your session has expired. Please sign in again.
        </Alert>
      ) : null}
      {deleted ? (
        <Alert color="green" role="status" title="Your account is deleted">
          {ACCOUNT_DELETED_NOTICE}
        </Alert>
      ) : null}
      <SignInForm />
    </OnboardingLayout>
  );
}
