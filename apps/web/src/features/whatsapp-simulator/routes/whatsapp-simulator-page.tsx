import { Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import {
  formatNigerianPhone,
  lagosDateTimeText,
  type SimulatedWhatsappMessage,
  type WhatsappStatus,
} from '@freightlane/domain';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { SimulatorPhonesPage } from '../../../components/simulator-phones';
import { useSendSimulatedWhatsapp, useWhatsappConversations } from '../api/whatsapp-simulator-api';

const STATUS_COLOR: Record<WhatsappStatus, string> = {
  QUEUED: 'gray',
  SENT: 'blue',
  DELIVERED: 'teal',
  READ: 'green',
  FAILED: 'red',
};

const STATUS_LABEL: Record<WhatsappStatus, string> = {
  QUEUED: 'Accepted',
  SENT: 'Sent',
  DELIVERED: 'Delivered',
  READ: 'Read',
  FAILED: 'Failed',
};

function MessageItem({ message }: { message: SimulatedWhatsappMessage }) {
  const inbound = message.direction === 'inbound';
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      ml={inbound ? 0 : 'auto'}
      mr={inbound ? 'auto' : 0}
      maw={{ base: '100%', sm: '80%' }}
      bg={inbound ? undefined : 'var(--mantine-color-green-light)'}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600}>
            {inbound
              ? 'The phone wrote'
              : message.template
                ? `Template ${message.template}`
                : 'Free-form text'}
          </Text>
          <Group gap="xs">
            {inbound ? null : (
              <Badge color={STATUS_COLOR[message.status]} variant="light">
                {STATUS_LABEL[message.status]}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {lagosDateTimeText(message.at)}
            </Text>
          </Group>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.text}</Text>
      </Stack>
    </Card>
  );
}

/** Plays the phone: its text reaches the platform as a signed webhook and opens the 24-hour window. */
function ReplyForm({ phone }: { phone: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendSimulatedWhatsapp();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      setError('Write a message');
      return;
    }
    setError(null);
    send.mutate({ phone, text }, { onSuccess: () => setText('') });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={`Write to the platform as ${formatNigerianPhone(phone)}`}
          description="Opens this phone's 24-hour window, in which the platform may send free-form text"
          autosize
          minRows={1}
          maxLength={4096}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
        />
        <Group>
          <Button type="submit" loading={send.isPending}>
            Send from this phone
          </Button>
        </Group>
        {send.isError ? (
          <Text c="red" size="sm" role="alert">
            {send.error instanceof Error ? send.error.message : 'The message could not be sent'}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * /dev/whatsapp: development only. Each phone's WhatsApp conversation with the platform through the
 * simulated Cloud API, oldest message first, with each outbound message's status; a phone can be played
 * writing to the platform. The API serves it only while the simulator stands in, never in production.
 */
export function WhatsappSimulatorPage() {
  return (
    <SimulatorPhonesPage
      title="WhatsApp simulator"
      intro="WhatsApp conversations through the simulated Cloud API. Nothing reaches a real phone. Numbers ending in 0000 are not delivered. Free-form text reaches a phone only within 24 hours of its last message: write from a phone to open its window."
      useMessages={useWhatsappConversations}
      loadingLabel="Loading conversations"
      loadErrorTitle="Could not load the conversations"
      notRunning={{
        title: 'The WhatsApp simulator is not running here',
        text: 'It runs only in development, while no WHATSAPP_TOKEN is set (or with WHATSAPP_PROVIDER=simulator). This server sends WhatsApp messages through the Cloud API, or not at all.',
      }}
      emptyIcon={IconBrandWhatsapp}
      emptyText={(phone) =>
        phone
          ? `No WhatsApp messages with ${formatNigerianPhone(phone)} yet.`
          : 'No WhatsApp messages yet. Each message the platform sends shows here a moment after it is queued.'
      }
      renderMessage={(message) => <MessageItem message={message} />}
      afterMessages={(phone) => <ReplyForm phone={phone} />}
    />
  );
}
