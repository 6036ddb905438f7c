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
import { useFleetText } from '../text';

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
  const t = useFleetText();
  const titleId = useId();
  const name = fullName(driver);
  const link = useDriverPhoneLink(driver.id);
  const change = useChangeDriverPhoneLink(driver.id);
  const [confirm, setConfirm] = useState<'issue' | 'revoke' | null>(null);

  async function apply(kind: 'issue' | 'revoke') {
    setConfirm(null);
    try {
      await change.mutateAsync(kind);
      notifySuccess(t(kind === 'issue' ? 'phoneLink.made' : 'phoneLink.turnedOff', { name }));
    } catch (error) {
      notifyError(error, t(kind === 'issue' ? 'phoneLink.notMade' : 'phoneLink.notTurnedOff'));
    }
  }

  const current = link.data;
  const firstName = driver.firstName;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId} mb="xs">
        {t('phoneLink.title')}
      </Title>
      {link.isError ? (
        <QueryError error={link.error} onRetry={() => void link.refetch()} />
      ) : link.isPending ? (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      ) : current ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('phoneLink.intro', { name, firstName })}
          </Text>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('phoneLink.link')}
              value={current.url}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={current.url}>
              {({ copied, copy }) => (
                <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
                  {copied ? t('common.copied') : t('common.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">
            {current.lastPositionAt
              ? t('phoneLink.lastPosition', { date: formatDateTime(current.lastPositionAt) })
              : t('phoneLink.noPosition')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('phoneLink.traccarClient', { server: current.osmandUrl, token: current.token })}
          </Text>
          <Group gap="sm">
            <Button
              component="a"
              href={whatsAppLink(driver.phoneNumber, t('phoneLink.whatsappText', { url: current.url }))}
              target="_blank"
              rel="noopener noreferrer"
              color="green"
              leftSection={<IconBrandWhatsapp size={16} />}
            >
              {t('phoneLink.sendOnWhatsapp')}
            </Button>
            <Button variant="default" onClick={() => setConfirm('issue')} loading={change.isPending}>
              {t('phoneLink.newLink')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={() => setConfirm('revoke')}
              disabled={change.isPending}
            >
              {t('phoneLink.turnOff')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            {t('phoneLink.noLink', { name })}
          </Text>
          <Button
            leftSection={<IconDeviceMobile size={16} />}
            onClick={() => void apply('issue')}
            loading={change.isPending}
          >
            {t('phoneLink.create')}
          </Button>
        </Stack>
      )}
      <NoticeDialog
        opened={confirm !== null}
        title={t(confirm === 'issue' ? 'phoneLink.newLinkTitle' : 'phoneLink.turnOffTitle')}
        buttons="okay-cancel"
        destructive={confirm === 'revoke'}
        onConfirm={() => confirm && void apply(confirm)}
        onClose={() => setConfirm(null)}
      >
        {confirm === 'issue' ? t('phoneLink.newLinkText', { firstName }) : t('phoneLink.turnOffText')}
      </NoticeDialog>
    </Card>
  );
}
