import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import {
  formatMoney,
  formatNigerianPhone,
  lagosDateTimeText,
  type SimulatedSms,
  type SmsEncoding,
  type SmsStatus,
} from '@freightlane/domain';
import { IconMessage } from '@tabler/icons-react';
import { SimulatorPhonesPage } from '../../../components/simulator-phones';
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

/**
 * /dev/sms: development only. What each phone received from the simulated Termii gateway, newest first,
 * with each message's delivery status, encoding, parts and cost. The API serves the inbox only while the
 * simulator stands in for Termii, never in production; this page says so when it is not there.
 */
export function SmsSimulatorPage() {
  return (
    <SimulatorPhonesPage
      title="SMS simulator"
      intro="Text messages the platform sent through the simulated Termii gateway, newest first. Nothing reaches a real phone. Numbers ending in 0000 are not delivered; numbers ending in 1111 are on the Do-Not-Disturb list, so only the DND route delivers to them; numbers ending in 9999 are refused."
      useMessages={useSmsInbox}
      loadingLabel="Loading messages"
      loadErrorTitle="Could not load the messages"
      notRunning={{
        title: 'The SMS simulator is not running here',
        text: 'It runs only in development, while no TERMII_API_KEY is set (or with SMS_PROVIDER=simulator). This server sends text messages through a real gateway, or not at all.',
      }}
      emptyIcon={IconMessage}
      emptyText={(phone) =>
        phone
          ? `No text messages to ${formatNigerianPhone(phone)} yet.`
          : 'No text messages yet. Each message the platform sends shows here a moment after it is queued.'
      }
      renderMessage={(message) => <MessageItem message={message} />}
    />
  );
}
