import type { SignupUserType } from '@freightlane/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { OnboardingLayout } from '../../../components/onboarding-layout';
import { usePageTitle } from '../../../lib/use-page-title';
import { CheckEmailPanel } from '../components/check-email-panel';
import { SignUpForm } from '../components/sign-up-form';
import { useAccountText } from '../text';

export function SignUpPage() {
  const t = useAccountText();
  const [params] = useSearchParams();
  const [email, setEmail] = useState<string | null>(null);
  usePageTitle(email ? t('signUpPage.checkEmail') : t('signUpPage.title'));
  const defaultType: SignupUserType =
    params.get('type')?.toUpperCase() === 'TRANSPORTER' ? 'TRANSPORTER' : 'CUSTOMER';

  return (
    <OnboardingLayout title={email ? t('signUpPage.checkEmail') : t('signUpPage.heading')} action="signin">
      {email ? (
        <CheckEmailPanel email={email} onStartOver={() => setEmail(null)} />
      ) : (
        <SignUpForm defaultType={defaultType} onSignedUp={setEmail} />
      )}
    </OnboardingLayout>
  );
}
