import {
  Alert,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Driver, UssdPinIssued } from '@freightlane/domain';
import { IconCopy, IconKey, IconLock } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { NoticeDialog } from '../../../components/notice-dialog';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useGiveUssdPin, useUssdAccess } from '../api/ussd-api';

const tries = (n: number) => (n === 1 ? '1 wrong PIN' : `${n} wrong PINs`);

/**
 * The driver's USSD access: the code the driver dials on any phone, whether a PIN is set, the lock after
 * wrong PINs, and "Give a new PIN", which shows the new PIN once to copy (and can send it by SMS to a
 * verified number). The platform never shows a PIN again.
 */
export function UssdAccessCard({ driver }: { driver: Driver }) {
  const titleId = useId();
  const access = useUssdAccess(driver.id);
  const give = useGiveUssdPin(driver.id);
  const [confirming, setConfirming] = useState(false);
  const [bySms, setBySms] = useState(false);
  const [issued, setIssued] = useState<UssdPinIssued | null>(null);
  const name = driver.firstName;

  async function giveNow() {
    setConfirming(false);
    try {
      setIssued(await give.mutateAsync({ sendBySms: bySms }));
    } catch (error) {
      notifyError(error, 'PIN not given');
    }
  }

  const state = access.data;
  let body;
  if (access.isError) {
    body = <QueryError error={access.error} onRetry={() => void access.refetch()} />;
  } else if (access.isPending) {
    body = (
      <Text size="sm" c="dimmed">
        Loading…
      </Text>
    );
  } else if (!state!.serviceCode) {
    body = (
      <Text size="sm" c="dimmed">
        The USSD menu is not turned on for this platform.
      </Text>
    );
  } else {
    const code = state!.serviceCode;
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {name} dials <strong>{code}</strong> on any phone, even without data, to see the trip, record the
          next step and report a problem, after typing a 4-digit PIN you give.
        </Text>
        <Text size="sm">
          {state!.pinSetAt
            ? `PIN given ${formatDateTime(state!.pinSetAt)}.`
            : `No PIN yet: ${name} cannot use the menu until you give one.`}
        </Text>
        {state!.lockedUntil ? (
          <Alert color="orange" icon={<IconLock aria-hidden />} title="Menu locked">
            Locked after {tries(state!.failedTries)} in a row, until {formatDateTime(state!.lockedUntil)}. A
            new PIN unlocks it now.
          </Alert>
        ) : state!.failedTries > 0 ? (
          <Text size="sm" c="orange.8">
            {tries(state!.failedTries)} since the last right one; 5 in a row lock the menu for 30 minutes.
          </Text>
        ) : null}
        {issued ? (
          <Stack gap={6}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="New PIN"
                value={issued.pin}
                readOnly
                style={{ flex: 1, minWidth: 0, maxWidth: 220 }}
                styles={{ input: { fontSize: 20, letterSpacing: 4, fontVariantNumeric: 'tabular-nums' } }}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={issued.pin}>
                {({ copied, copy }) => (
                  <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              {issued.sentBySms
                ? `Sent to ${name} by SMS too. It is shown only now.`
                : `Tell ${name} this PIN. It is shown only now.`}
            </Text>
          </Stack>
        ) : null}
        <Checkbox
          label={`Also send the PIN to ${name} by SMS`}
          description={
            state!.phoneVerified
              ? undefined
              : 'Verify the driver’s phone number first: SMS goes only to verified numbers.'
          }
          checked={bySms && state!.phoneVerified}
          disabled={!state!.phoneVerified}
          onChange={(event) => setBySms(event.currentTarget.checked)}
        />
        <Group>
          <Button
            leftSection={<IconKey size={16} />}
            loading={give.isPending}
            onClick={() => (state!.pinSetAt ? setConfirming(true) : void giveNow())}
          >
            Give a new PIN
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="xs">
        USSD access
      </Title>
      {body}
      <NoticeDialog
        opened={confirming}
        title="Give a new PIN?"
        buttons="okay-cancel"
        onConfirm={() => void giveNow()}
        onClose={() => setConfirming(false)}
      >
        {`The PIN ${name} has now stops working. Give ${name} the new one.`}
      </NoticeDialog>
    </Card>
  );
}
