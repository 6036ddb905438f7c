import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Driver } from '@freightlane/domain';
import { IconBrandWhatsapp, IconCopy, IconDeviceMobile } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { NoticeDialog } from '../../../components/notice-dialog';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeDriverPhoneLink, useDriverPhoneLink } from '../api/fleet-api';
import { fullName } from '../fleet-forms';

/** A wa.me link that opens WhatsApp with the driver's chat and the link typed in. */
export function whatsAppLink(phoneNumber: string, text: string): string {
  return `https://wa.me/${phoneNumber.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/**
 * The driver's private phone link: opened on the driver's phone during a trip, it sends the truck's
 * position every 30 seconds without a tracker. The transporter copies it or sends it on WhatsApp, makes
 * a new one (the old one stops working) or turns it off.
 */
export function DriverPhoneLinkCard({ driver }: { driver: Driver }) {
  const titleId = useId();
  const name = fullName(driver);
  const link = useDriverPhoneLink(driver.id);
  const change = useChangeDriverPhoneLink(driver.id);
  const [confirm, setConfirm] = useState<'issue' | 'revoke' | null>(null);

  async function apply(kind: 'issue' | 'revoke') {
    setConfirm(null);
    try {
      await change.mutateAsync(kind);
      notifySuccess(
        kind === 'issue' ? `${name} has a new phone link.` : `${name}’s phone link is turned off.`,
      );
    } catch (error) {
      notifyError(error, kind === 'issue' ? 'Link not made' : 'Link not turned off');
    }
  }

  const current = link.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="xs">
        Phone tracking
      </Title>
      {link.isError ? (
        <QueryError error={link.error} onRetry={() => void link.refetch()} />
      ) : link.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : current ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {name} opens this private link on the phone during a trip: the phone sends the truck’s position
            every 30 seconds, and {driver.firstName} can record the next step, an issue or a photo.
          </Text>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Private link"
              value={current.url}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={current.url}>
              {({ copied, copy }) => (
                <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">
            {current.lastPositionAt
              ? `Last position from the phone: ${formatDateTime(current.lastPositionAt)}`
              : 'No position from the phone yet.'}
          </Text>
          <Text size="xs" c="dimmed">
            With the free Traccar Client app instead: server address {current.osmandUrl}, device identifier{' '}
            {current.token}.
          </Text>
          <Group gap="sm">
            <Button
              component="a"
              href={whatsAppLink(driver.phoneNumber, `Your Freightlane trip link: ${current.url}`)}
              target="_blank"
              rel="noopener noreferrer"
              color="green"
              leftSection={<IconBrandWhatsapp size={16} />}
            >
              Send on WhatsApp
            </Button>
            <Button variant="default" onClick={() => setConfirm('issue')} loading={change.isPending}>
              New link
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={() => setConfirm('revoke')}
              disabled={change.isPending}
            >
              Turn off
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            No tracker on the truck? Give {name} a private link: opened on the phone during a trip, it sends
            the truck’s position every 30 seconds.
          </Text>
          <Button
            leftSection={<IconDeviceMobile size={16} />}
            onClick={() => void apply('issue')}
            loading={change.isPending}
          >
            Create phone link
          </Button>
        </Stack>
      )}
      <NoticeDialog
        opened={confirm !== null}
        title={confirm === 'issue' ? 'Make a new link?' : 'Turn off the link?'}
        buttons="okay-cancel"
        destructive={confirm === 'revoke'}
        onConfirm={() => confirm && void apply(confirm)}
        onClose={() => setConfirm(null)}
      >
        {confirm === 'issue'
          ? `The link ${driver.firstName} has now stops working. Send the new one to ${driver.firstName}.`
          : 'The phone stops sending positions until you create a new link.'}
      </NoticeDialog>
    </Card>
  );
}
