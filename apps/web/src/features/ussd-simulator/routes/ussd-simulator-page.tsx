import { Alert, Box, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { toNigerianE164, USSD_DEMO_DRIVER } from '@freightlane/domain';
import { IconAlertCircle, IconPhoneCall } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { PublicLayout } from '../../../components/public-layout';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUssdScreen, useUssdSimulatorSetup } from '../api/ussd-simulator-api';

export const PHONE_FORMAT_ERROR = 'Enter a phone number such as 0802 000 2580 or +2348020002580';

/** What a person typed as the E.164 number the gateway would report; null when it is not a phone number. */
export function dialledPhoneOf(typed: string): string | null {
  const nigerian = toNigerianE164(typed);
  if (nigerian) return nigerian;
  const digits = typed.replace(/[\s\-().]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

interface Session {
  sessionId: string;
  phoneNumber: string;
  /** The driver's answers so far joined by `*`, as the gateway sends them. */
  text: string;
  kind: 'CON' | 'END';
  screen: string;
}

const newSessionId = () => `ATUid_sim_${crypto.randomUUID().replace(/-/g, '')}`;

/** The handset: the screen the gateway shows, and a reply box while the session waits for one. */
function Handset({ serviceCode, demoPhoneNumber }: { serviceCode: string; demoPhoneNumber: string }) {
  const screenOf = useUssdScreen();
  const [typed, setTyped] = useState(demoPhoneNumber);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [reply, setReply] = useState('');
  const [cancelled, setCancelled] = useState(false);

  async function play(sessionId: string, phoneNumber: string, text: string) {
    try {
      const answer = await screenOf.mutateAsync({ sessionId, phoneNumber, text });
      setSession({ sessionId, phoneNumber, text, ...answer });
      setReply('');
    } catch (error) {
      notifyError(error, 'The callback refused the screen');
    }
  }

  function dial(event: FormEvent) {
    event.preventDefault();
    const phoneNumber = dialledPhoneOf(typed);
    setPhoneError(phoneNumber ? null : PHONE_FORMAT_ERROR);
    if (!phoneNumber) return;
    setCancelled(false);
    void play(newSessionId(), phoneNumber, '');
  }

  function send(event: FormEvent) {
    event.preventDefault();
    if (!session || reply.trim() === '') return;
    const answer = reply.trim();
    void play(
      session.sessionId,
      session.phoneNumber,
      session.text === '' ? answer : `${session.text}*${answer}`,
    );
  }

  const waiting = session?.kind === 'CON';
  return (
    <Card
      withBorder
      radius={28}
      padding="lg"
      maw={360}
      w="100%"
      mx="auto"
      bg="dark.7"
      component="section"
      aria-label="A USSD phone"
    >
      <Stack gap="md">
        <Box
          bg="green.0"
          c="dark.9"
          p="md"
          mih={190}
          style={{ borderRadius: 8, fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}
        >
          <Text
            role="status"
            aria-live="polite"
            aria-label="Phone screen"
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}
          >
            {session
              ? session.screen
              : cancelled
                ? 'Session cancelled.'
                : `Dial ${serviceCode} to start a session.`}
          </Text>
          {session?.kind === 'END' ? (
            <Text size="xs" c="dimmed" mt="sm" style={{ fontFamily: 'inherit' }}>
              Session ended.
            </Text>
          ) : null}
        </Box>
        {waiting ? (
          <form onSubmit={send} noValidate>
            <Stack gap="sm">
              <TextInput
                label="Reply"
                inputMode="numeric"
                autoComplete="off"
                value={reply}
                onChange={(e) => setReply(e.currentTarget.value)}
                styles={{ label: { color: 'white' } }}
                data-autofocus
              />
              <Group grow>
                <Button type="submit" loading={screenOf.isPending}>
                  Send
                </Button>
                <Button
                  variant="default"
                  onClick={() => {
                    setSession(null);
                    setCancelled(true);
                  }}
                  disabled={screenOf.isPending}
                >
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <form onSubmit={dial} noValidate>
            <Stack gap="sm">
              <TextInput
                label="Phone number"
                description="The number the gateway reports the call from"
                inputMode="tel"
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                error={phoneError}
                styles={{ label: { color: 'white' }, description: { color: 'var(--mantine-color-gray-4)' } }}
              />
              <Button type="submit" leftSection={<IconPhoneCall size={16} />} loading={screenOf.isPending}>
                {session ? `Dial ${serviceCode} again` : `Dial ${serviceCode}`}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /dev/ussd: development only. A basic phone dialling the platform's USSD code: each screen goes through
 * the real Africa's Talking callback with the configured secret, as the gateway sends it. The API serves
 * this outside production alone; the page says so when it is not there.
 */
export function UssdSimulatorPage() {
  usePageTitle('USSD simulator');
  const setup = useUssdSimulatorSetup();

  let content;
  if (setup.isPending) {
    content = (
      <Text c="dimmed" ta="center">
        Loading...
      </Text>
    );
  } else if (setup.isError) {
    content =
      setup.error instanceof ApiError && setup.error.status === 404 ? (
        <Alert
          color="orange"
          icon={<IconAlertCircle aria-hidden />}
          title="The USSD simulator is not running here"
        >
          It runs only in development, with the USSD menu on. In production the real gateway calls the menu.
        </Alert>
      ) : (
        <QueryError
          error={setup.error}
          onRetry={() => void setup.refetch()}
          title="Could not start the phone"
        />
      );
  } else {
    content = <Handset serviceCode={setup.data.serviceCode} demoPhoneNumber={setup.data.demoPhoneNumber} />;
  }

  return (
    <PublicLayout size="sm">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            USSD simulator
          </Title>
          <Text c="dimmed">
            A basic phone on the driver’s USSD menu. Each screen goes through the platform’s real Africa’s
            Talking callback, as the gateway sends it; nothing leaves this machine. The demo driver Rabiu
            Dogonyaro’s PIN is {USSD_DEMO_DRIVER.pin}.
          </Text>
        </Stack>
        {content}
      </Stack>
    </PublicLayout>
  );
}
