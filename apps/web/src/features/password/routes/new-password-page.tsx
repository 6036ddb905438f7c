import { Alert, Anchor, Button, Checkbox, Stack, Text } from '@mantine/core';
import {
  ACCEPT_TERMS_MESSAGE,
  newPasswordField,
  passwordResetRequest,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '@freightlane/domain';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSessionStore } from '../../../lib/session-context';
import { NoticeDialog } from '../../../components/notice-dialog';
import { OnboardingLayout } from '../../../components/onboarding-layout';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useResetPassword } from '../api/password-api';

/** The spec's texts for this screen, word for word. */
export const NEW_PASSWORD_TEXT = {
  intro: 'Please enter your new password and save.',
  mismatch: 'Passwords do not match',
  successTitle: 'Password Reset Successfully',
  successText: 'Please login to your account. Thank you',
  failureTitle: 'Reset Failed',
  failureText: 'Problems resetting your password',
} as const;

type Dialog = { kind: 'success' } | { kind: 'failure'; detail: string | null } | null;

/** The consent that an invitation (and any account without one on record) gives with its first password. */
function TermsConsent({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error: string | null;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      required
      error={error}
      label={
        <>
          I agree to the{' '}
          <Anchor component={Link} to={PATHS.terms} target="_blank" rel="noopener noreferrer">
            Terms and Conditions
          </Anchor>
        </>
      }
    />
  );
}

/**
 * /reset/password?token=…: choose a new password. An invited fleet manager's link adds `invitation=1`:
 * they accept the terms here, as everyone else did at sign-up.
 */
export function NewPasswordPage() {
  usePageTitle('New password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // The server asks for consent from anyone who has none on record, whatever the link says.
  const [asksTerms, setAsksTerms] = useState(params.get('invitation') === '1');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const navigate = useNavigate();
  const store = useSessionStore();
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const bothFilled = password !== '' && confirmation !== '';
  const mismatch = bothFilled && password !== confirmation;
  const canSave = password !== '' && password === confirmation;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSave || resetPassword.isPending) return;
    const rule = newPasswordField.safeParse(password);
    if (!rule.success) {
      setPasswordError(rule.error.issues[0]?.message ?? 'Choose another password');
      return;
    }
    setPasswordError(null);
    if (asksTerms && !acceptTerms) {
      setTermsError(ACCEPT_TERMS_MESSAGE);
      return;
    }
    const body = passwordResetRequest.safeParse({
      resetToken: token,
      newPassword: password,
      ...(asksTerms ? { acceptTerms } : {}),
    });
    if (!body.success) {
      setDialog({ kind: 'failure', detail: body.error.issues[0]?.message ?? null });
      return;
    }
    try {
      const response = await resetPassword.mutateAsync(body.data);
      if (response?.status === 'Successful') setDialog({ kind: 'success' });
      else setDialog({ kind: 'failure', detail: response?.message ?? null });
    } catch (error) {
      const consent =
        error instanceof ApiError ? error.errors.find((e) => e.field === 'acceptTerms') : undefined;
      if (consent) {
        // Not a failed reset: the link is still good once the terms are accepted.
        setAsksTerms(true);
        setTermsError(consent.message);
        return;
      }
      setDialog({ kind: 'failure', detail: error instanceof ApiError ? error.message : null });
    }
  }

  if (!token) {
    return (
      <OnboardingLayout title="Choose a new password" action="signin" narrow>
        <Alert color="red" role="alert" title="This reset link is incomplete">
          The link has no reset token. Open the link from your e-mail again, or ask for a new one.
        </Alert>
        <Anchor component={Link} to="/resetpassword">
          Request a new password reset link
        </Anchor>
      </OnboardingLayout>
    );
  }

  return (
    <OnboardingLayout title="Choose a new password" action="signin" narrow>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Text>{NEW_PASSWORD_TEXT.intro}</Text>
          <PasswordField
            label="Password"
            autoComplete="new-password"
            required
            description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not a common password.`}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setPasswordError(null);
            }}
            error={passwordError}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={mismatch ? NEW_PASSWORD_TEXT.mismatch : null}
          />
          {asksTerms ? (
            <TermsConsent
              checked={acceptTerms}
              error={termsError}
              onChange={(checked) => {
                setAcceptTerms(checked);
                setTermsError(null);
              }}
            />
          ) : null}
          <Button type="submit" size="md" fullWidth disabled={!canSave} loading={resetPassword.isPending}>
            Save
          </Button>
          <Text size="sm" c="dimmed">
            Link expired?{' '}
            <Anchor component={Link} to="/resetpassword" size="sm">
              Request a new one
            </Anchor>
          </Text>
        </Stack>
      </form>

      <NoticeDialog
        opened={dialog?.kind === 'success'}
        title={NEW_PASSWORD_TEXT.successTitle}
        onClose={() => {
          setDialog(null);
          navigate('/signin', { replace: true });
        }}
      >
        {NEW_PASSWORD_TEXT.successText}
      </NoticeDialog>

      <NoticeDialog
        opened={dialog?.kind === 'failure'}
        title={NEW_PASSWORD_TEXT.failureTitle}
        onClose={() => {
          // The spec: closing the failure dialog clears the auth state.
          store.clear();
          setDialog(null);
        }}
      >
        <Text>{NEW_PASSWORD_TEXT.failureText}</Text>
        {dialog?.kind === 'failure' && dialog.detail ? (
          <Text size="sm" c="dimmed" mt="xs">
            {dialog.detail}
          </Text>
        ) : null}
      </NoticeDialog>
    </OnboardingLayout>
  );
}
