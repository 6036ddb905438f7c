import { Alert } from '@mantine/core';
import { useSession } from '../../../lib/session-context';
import { OnboardingLayout } from '../../../components/onboarding-layout';
import { usePageTitle } from '../../../lib/use-page-title';
import { SignInForm } from '../components/sign-in-form';

export function SignInPage() {
  usePageTitle('Sign in');
  const state = useSession();
  const expired = state.status === 'signed-out' && state.reason === 'expired';
  return (
    <OnboardingLayout title="Sign in to Freightlane" action="signup">
      {expired ? (
        <Alert color="orange" role="status">
          Your session has expired. Please sign in again.
        </Alert>
      ) : null}
      <SignInForm />
    </OnboardingLayout>
  );
}
