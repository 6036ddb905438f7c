import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  formatMoney,
  formatNigerianPhone,
  lagosDateTimeText,
  toNigerianE164,
  type SimulatedSms,
  type SmsEncoding,
  type SmsStatus,
} from '@freightlane/domain';
import { IconAlertCircle, IconMessage } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyList } from '../../../components/empty-list';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PublicLayout } from '../../../components/public-layout';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSmsInbox } from '../api/sms-simulator-api';

const STATUS_COLOR: Record<SmsStatus, string> = {
  QUEUED: 'gray',
  SENT: 'blue',
  DELIVERED: 'green',
  FAILED: 'red',
};

const STATUS_LABEL: Record<SmsStatus, string> = {
  QUEUED: 'Queued',
  SENT: 'Sent',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};

const ENCODING_LABEL: Record<SmsEncoding, string> = {
  GSM_7: 'GSM-7',
  UCS_2: 'UCS-2 (Unicode)',
};

export const PHONE_FORMAT_ERROR = 'Enter a phone number such as 0803 123 4567 or +2348031234567';

/** What a person typed as the E.164 number the inbox is kept under; null when it is not a phone number. */
export function inboxPhoneOf(typed: string): string | null {
  const nigerian = toNigerianE164(typed);
  if (nigerian) return nigerian;
  const digits = typed.replace(/[\s\-().]/g, '');
  return /^\+?[1-9]\d{7,14}$/.test(digits) ? `+${digits.replace(/^\+/, '')}` : null;
}

function parts(segments: number): string {
  return segments === 1 ? '1 part' : `${segments} parts`;
}

function MessageItem({ message }: { message: SimulatedSms }) {
  const words =
    message.providerStatus.toLowerCase() === message.status.toLowerCase() ? null : message.providerStatus;
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge color={STATUS_COLOR[message.status]} variant="light">
              {STATUS_LABEL[message.status]}
            </Badge>
            {words ? (
              <Text size="sm" c="dimmed">
                {words}
              </Text>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {lagosDateTimeText(message.receivedAt)}
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Text>
        <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
          From {message.from} · {ENCODING_LABEL[message.encoding]} · {parts(message.segments)} ·{' '}
          <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(message.costKobo)}</span> ·{' '}
          {message.route === 'dnd' ? 'DND route' : 'Generic route'}
        </Text>
      </Stack>
    </Card>
  );
}

export function PhoneFilter({
  phone,
  onShow,
}: {
  phone: string | null;
  onShow: (phone: string | null) => void;
}) {
  const [typed, setTyped] = useState(phone ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim() === '') {
      setError(null);
      onShow(null);
      return;
    }
    const e164 = inboxPhoneOf(typed);
    setError(e164 ? null : PHONE_FORMAT_ERROR);
    if (e164) onShow(e164);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Phone number"
          description="Leave empty to see every phone"
          placeholder="0803 123 4567"
          inputMode="tel"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          error={error}
          w={{ base: '100%', xs: 280 }}
        />
        <Button type="submit">Show</Button>
        {phone ? (
          <Button
            variant="default"
            onClick={() => {
              setTyped('');
              setError(null);
              onShow(null);
            }}
          >
            Show every phone
          </Button>
        ) : null}
      </Group>
    </form>
  );
}

/**
 * /dev/sms: development only. What each phone received from the simulated Termii gateway, newest first,
 * with each message's delivery status, encoding, parts and cost. The API serves the inbox only while the
 * simulator stands in for Termii, never in production; this page says so when it is not there.
 */
export function SmsSimulatorPage() {
  usePageTitle('SMS simulator');
  const [params, setParams] = useSearchParams();
  const phone = params.get('phone');
  const inbox = useSmsInbox(phone);

  function show(next: string | null) {
    setParams(next ? { phone: next } : {}, { replace: true });
  }

  let content;
  if (inbox.isPending) {
    content = <ListSkeleton label="Loading messages" height={120} />;
  } else if (inbox.isError) {
    content =
      inbox.error instanceof ApiError && inbox.error.status === 404 ? (
        <Alert
          color="orange"
          icon={<IconAlertCircle aria-hidden />}
          title="The SMS simulator is not running here"
        >
          It runs only in development, while no TERMII_API_KEY is set (or with SMS_PROVIDER=simulator). This
          server sends text messages through a real gateway, or not at all.
        </Alert>
      ) : (
        <QueryError
          error={inbox.error}
          onRetry={() => void inbox.refetch()}
          title="Could not load the messages"
        />
      );
  } else if (inbox.data.phones.length === 0) {
    content = (
      <EmptyList icon={IconMessage}>
        {phone
          ? `No text messages to ${formatNigerianPhone(phone)} yet.`
          : 'No text messages yet. Each message the platform sends shows here a moment after it is queued.'}
      </EmptyList>
    );
  } else {
    content = (
      <Stack gap="xl">
        {inbox.data.phones.map((entry) => (
          <Stack key={entry.phone} gap="sm" component="section" aria-label={formatNigerianPhone(entry.phone)}>
            <Title order={2} fz="lg">
              {formatNigerianPhone(entry.phone)}{' '}
              <Text span c="dimmed" fz="sm" fw={400}>
                {entry.messages.length === 1 ? '1 message' : `${entry.messages.length} messages`}
              </Text>
            </Title>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {entry.messages.map((message) => (
                <MessageItem key={message.messageId} message={message} />
              ))}
            </Stack>
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <PublicLayout size="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            SMS simulator
          </Title>
          <Text c="dimmed">
            Text messages the platform sent through the simulated Termii gateway, newest first. Nothing
            reaches a real phone. Numbers ending in 0000 are not delivered; numbers ending in 1111 are on the
            Do-Not-Disturb list, so only the DND route delivers to them; numbers ending in 9999 are refused.
          </Text>
        </Stack>
        <PhoneFilter key={phone ?? ''} phone={phone} onShow={show} />
        {content}
      </Stack>
    </PublicLayout>
  );
}
