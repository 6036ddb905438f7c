import { Alert, Button, Stack, Text } from '@mantine/core';
import { activateRequest } from '@freightlane/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OnboardingLayout } from '../../../components/onboarding-layout';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, errorMessage } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { useActivateAccount } from '../api/account-api';
import { ResendActivationForm } from '../components/resend-activation-form';
import { TextWith } from '../components/text-with';
import { useAccountText } from '../text';

type Outcome =
  | { kind: 'pending' }
  | { kind: 'activated'; message: string; email: string }
  /** The link cannot work (expired, used, invalid, incomplete): offer a fresh one. */
  | { kind: 'bad-link'; message: string | null }
  /** The server could not be reached or failed: the link may still be good. */
  | { kind: 'error'; message: string };

const TOKEN_CODES = ['TOKEN_EXPIRED', 'TOKEN_USED', 'TOKEN_INVALID'];

/** /activate/account/?token=…: activates on load, then says what happened and what to do next. */
export function ActivateAccountPage() {
  const t = useAccountText();
  usePageTitle(t('activate.pageTitle'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { mutateAsync: activate } = useActivateAccount();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const startedFor = useRef<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const key = `${token}#${attempt}`;
    // The token is single-use: never send it twice for one attempt (React runs effects twice in dev).
    if (startedFor.current === key) return;
    startedFor.current = key;
    const parsed = activateRequest.safeParse({ token });
    if (!parsed.success) {
      // Without the domain's message the page says its own, in the reader's language.
      const message = token ? (parsed.error.issues[0]?.message ?? null) : null;
      setOutcome({ kind: 'bad-link', message });
      return;
    }
    // mutateAsync settles even if React remounts the page meanwhile (StrictMode does in dev).
    activate(parsed.data)
      .then((response) =>
        setOutcome({ kind: 'activated', message: response.message, email: response.data.email }),
      )
      .catch((error: unknown) => {
        const badLink =
          error instanceof ApiError &&
          (TOKEN_CODES.includes(error.code ?? '') || (error.status >= 400 && error.status < 500));
        setOutcome({ kind: badLink ? 'bad-link' : 'error', message: errorMessage(error) });
      });
  }, [token, attempt, activate]);

  const title =
    outcome.kind === 'activated'
      ? t('activate.active')
      : outcome.kind === 'pending'
        ? t('activate.pending')
        : t('activate.failed');

  return (
    // On success the page's own Sign in button is the next step; the header does not repeat it.
    <OnboardingLayout title={title} action={outcome.kind === 'activated' ? null : 'signin'}>
      {outcome.kind === 'pending' ? <PageLoader label={t('activate.loading')} /> : null}

      {outcome.kind === 'activated' ? (
        <Stack gap="md">
          <Alert color="green" icon={<IconCircleCheck aria-hidden />}>
            {outcome.message}
          </Alert>
          <Text>
            <TextWith
              say={(values) => t('activate.signInWith', values)}
              parts={{ email: <strong>{outcome.email}</strong> }}
            />
          </Text>
          <Button component={Link} to="/signin" size="md">
            {t('activate.signIn')}
          </Button>
        </Stack>
      ) : null}

      {outcome.kind === 'bad-link' ? (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {outcome.message ?? (token ? t('activate.badLink') : t('activate.noToken'))}
          </Alert>
          <Text>{t('activate.newLink')}</Text>
          <ResendActivationForm />
        </Stack>
      ) : null}

      {outcome.kind === 'error' ? (
        <Stack gap="md">
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {outcome.message}
          </Alert>
          <Button
            onClick={() => {
              setOutcome({ kind: 'pending' });
              setAttempt((n) => n + 1);
            }}
          >
            {t('activate.retry')}
          </Button>
        </Stack>
      ) : null}
    </OnboardingLayout>
  );
}
