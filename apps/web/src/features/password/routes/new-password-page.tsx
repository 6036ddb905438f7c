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
import { TextWith } from '../../account';
import { useResetPassword } from '../api/password-api';
import { usePasswordText } from '../text';

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
  const t = usePasswordText();
  return (
    <Checkbox
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      required
      error={error}
      label={
        <TextWith
          say={(values) => t('newPassword.agree', values)}
          parts={{
            terms: (
              <Anchor component={Link} to={PATHS.terms} target="_blank" rel="noopener noreferrer">
                {t('newPassword.terms')}
              </Anchor>
            ),
          }}
        />
      }
    />
  );
}

/**
 * /reset/password?token=…: choose a new password. An invited fleet manager's link adds `invitation=1`:
 * they accept the terms here, as everyone else did at sign-up.
 */
export function NewPasswordPage() {
  const t = usePasswordText();
  usePageTitle(t('newPassword.pageTitle'));
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
      setPasswordError(rule.error.issues[0]?.message ?? t('newPassword.chooseAnother'));
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
      <OnboardingLayout title={t('newPassword.heading')} action="signin" narrow>
        <Alert color="red" role="alert" title={t('newPassword.incompleteTitle')}>
          {t('newPassword.incomplete')}
        </Alert>
        <Anchor component={Link} to="/resetpassword">
          {t('newPassword.requestLink')}
        </Anchor>
      </OnboardingLayout>
    );
  }

  return (
    <OnboardingLayout title={t('newPassword.heading')} action="signin" narrow>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Text>{t('newPassword.intro')}</Text>
          <PasswordField
            label={t('newPassword.password')}
            autoComplete="new-password"
            required
            description={t('newPassword.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setPasswordError(null);
            }}
            error={passwordError}
          />
          <PasswordField
            label={t('newPassword.confirm')}
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={mismatch ? t('newPassword.mismatch') : null}
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
            {t('newPassword.save')}
          </Button>
          <Text size="sm" c="dimmed">
            <TextWith
              say={(values) => t('newPassword.linkExpired', values)}
              parts={{
                link: (
                  <Anchor component={Link} to="/resetpassword" size="sm">
                    {t('newPassword.requestNew')}
                  </Anchor>
                ),
              }}
            />
          </Text>
        </Stack>
      </form>

      <NoticeDialog
        opened={dialog?.kind === 'success'}
        title={t('newPassword.successTitle')}
        onClose={() => {
          setDialog(null);
          navigate('/signin', { replace: true });
        }}
      >
        {t('newPassword.successText')}
      </NoticeDialog>

      <NoticeDialog
        opened={dialog?.kind === 'failure'}
        title={t('newPassword.failureTitle')}
        onClose={() => {
          // The spec: closing the failure dialog clears the auth state.
          store.clear();
          setDialog(null);
        }}
      >
        <Text>{t('newPassword.failureText')}</Text>
        {dialog?.kind === 'failure' && dialog.detail ? (
          <Text size="sm" c="dimmed" mt="xs">
            {dialog.detail}
          </Text>
        ) : null}
      </NoticeDialog>
    </OnboardingLayout>
  );
}
