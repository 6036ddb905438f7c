import { Alert } from '@mantine/core';
import { useSession } from '../../../lib/session-context';
import { OnboardingLayout } from '../../../components/onboarding-layout';
import { usePageTitle } from '../../../lib/use-page-title';
import { SignInForm } from '../components/sign-in-form';
import { useAuthText } from '../text';

export function SignInPage() {
  const t = useAuthText();
  usePageTitle(t('page.title'));
  const state = useSession();
  const expired = state.status === 'signed-out' && state.reason === 'expired';
  const deleted = state.status === 'signed-out' && state.reason === 'account-deleted';
  return (
    <OnboardingLayout title={t('page.heading')} action="signup">
      {expired ? (
        <Alert color="orange" role="status">
          {t('page.expired')}
        </Alert>
      ) : null}
      {deleted ? (
        <Alert color="green" role="status" title={t('page.deletedTitle')}>
          {t('page.deleted')}
        </Alert>
      ) : null}
      <SignInForm />
    </OnboardingLayout>
  );
}
