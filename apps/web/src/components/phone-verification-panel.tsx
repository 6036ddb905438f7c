import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  formatNigerianPhone,
  PHONE_CODE_RESEND_SECONDS,
  type PhoneVerificationResponse,
} from '@freightlane/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { notifySuccess } from '../lib/notify';
import { useComponentsText } from './text';

const SECOND = 1000;

/** Seconds until `at` (epoch ms), ticking every second while it is ahead. */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || at <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), SECOND);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / SECOND));
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export interface PhoneVerificationPanelProps {
  phoneNumber: string;
  verifiedAt: string | null;
  /** Texts a new code; resolves with the API's answer, rejects with its refusal. */
  send: () => Promise<PhoneVerificationResponse>;
  /** Checks a code; resolves once the number is verified. */
  check: (code: string) => Promise<PhoneVerificationResponse>;
  /** From when a new code may be asked for, when the page knows (an open code sent earlier). */
  resendAt?: string | null;
  /** Whether a code sent earlier is still open: the form opens ready for it. */
  codeOpen?: boolean;
  /** What the person does with the code, shown above the form. */
  hint: ReactNode;
  /** Said when the number is verified. */
  verifiedMessage: string;
}

/**
 * A phone number with whether it is verified, and for an unverified one a Verify button that opens a small
 * form: send a 6-digit code by SMS, type it in, send a new one once the minute has passed. The API's refusals
 * show as they come: a wrong or expired code under the field, anything else above the form. Give it the
 * number as its `key`, so a changed number starts again with no form open.
 */
export function PhoneVerificationPanel({
  phoneNumber,
  verifiedAt,
  send,
  check,
  resendAt = null,
  codeOpen = false,
  hint,
  verifiedMessage,
}: PhoneVerificationPanelProps) {
  const t = useComponentsText();
  const formId = useId();
  const [open, setOpen] = useState(codeOpen);
  const [sent, setSent] = useState(codeOpen);
  const [nextSendAt, setNextSendAt] = useState<number | null>(resendAt ? Date.parse(resendAt) : null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'send' | 'check' | null>(null);
  const wait = useSecondsUntil(nextSendAt);

  async function sendCode() {
    setBusy('send');
    setFormError(null);
    setCodeError(null);
    try {
      const answer = await send();
      setSent(true);
      setCode('');
      const next = answer.data.resendAt ? Date.parse(answer.data.resendAt) : null;
      setNextSendAt(next ?? Date.now() + PHONE_CODE_RESEND_SECONDS * SECOND);
      notifySuccess(answer.message);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
      // Too soon or too many: a code sent earlier may still be open, so its field shows.
      if (error instanceof ApiError && error.status === 429) setSent(true);
    } finally {
      setBusy(null);
    }
  }

  async function checkCode(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeError(t('phoneVerification.enterCode'));
      return;
    }
    setBusy('check');
    setFormError(null);
    setCodeError(null);
    try {
      await check(code.trim());
      setOpen(false);
      notifySuccess(verifiedMessage);
    } catch (error) {
      const onCode = error instanceof ApiError ? error.errors.find((e) => e.field === 'code') : undefined;
      if (onCode) setCodeError(onCode.message);
      else setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Text fw={500} style={{ whiteSpace: 'nowrap' }}>
          {formatNigerianPhone(phoneNumber)}
        </Text>
        {verifiedAt ? (
          <Badge color="green" variant="light" leftSection={<IconCircleCheck size={14} />}>
            {t('phoneVerification.verified')}
          </Badge>
        ) : (
          <Badge color="orange" variant="light">
            {t('phoneVerification.notVerified')}
          </Badge>
        )}
        {!verifiedAt && !open && (
          <Button size="xs" variant="light" onClick={() => setOpen(true)} aria-controls={formId}>
            {t('phoneVerification.verify')}
          </Button>
        )}
      </Group>
      {verifiedAt && (
        <Text size="sm" c="dimmed">
          {t('phoneVerification.verifiedOn', { date: formatDateTime(verifiedAt) })}
        </Text>
      )}
      {!verifiedAt && open && (
        <Stack gap="sm" id={formId}>
          <Text size="sm">{hint}</Text>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          {!sent ? (
            <Group gap="sm">
              <Button onClick={() => void sendCode()} loading={busy === 'send'}>
                {t('phoneVerification.sendCode')}
              </Button>
              <Button variant="subtle" color="gray" onClick={() => setOpen(false)} disabled={busy !== null}>
                {t('common.cancel')}
              </Button>
            </Group>
          ) : (
            <form onSubmit={(event) => void checkCode(event)} noValidate>
              <Stack gap="sm">
                <TextInput
                  label={t('phoneVerification.codeLabel')}
                  description={t('phoneVerification.codeDescription')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
                  error={codeError}
                  maw={220}
                />
                <Group gap="sm">
                  <Button type="submit" loading={busy === 'check'} disabled={busy === 'send'}>
                    {t('phoneVerification.checkCode')}
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => void sendCode()}
                    loading={busy === 'send'}
                    disabled={wait > 0 || busy === 'check'}
                  >
                    {wait > 0
                      ? t('phoneVerification.resendIn', { wait: clock(wait) })
                      : t('phoneVerification.resend')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      )}
    </Stack>
  );
}
