import { Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import type { TrackingCredential, TrackingCredentialStatus } from '@freightlane/domain';
import { IconBroadcast, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyList } from '../../../components/empty-list';
import { ListSkeleton } from '../../../components/list-skeleton';
import { QueryList } from '../../../components/query-list';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSaveTrackingCredential, useTrackingCredentials } from '../api/telematics-api';
import { FleetListLayout } from '../components/fleet-list-layout';
import { TelematicsAccountDialog } from '../components/telematics-account-dialog';
import { TelematicsDevices } from '../components/telematics-devices';
import { TelematicsSettingsCard } from '../components/telematics-settings-card';
import { useFleetText, type FleetKey } from '../text';

const STATUS: Record<TrackingCredentialStatus, { label: FleetKey; color: string }> = {
  CONNECTED: { label: 'tracking.status.connected', color: 'green' },
  FAILING: { label: 'tracking.status.failing', color: 'red' },
  PAUSED: { label: 'tracking.status.paused', color: 'gray' },
};

function AccountCard({ account, onEdit }: { account: TrackingCredential; onEdit: () => void }) {
  const t = useFleetText();
  const [showDevices, setShowDevices] = useState(false);
  const save = useSaveTrackingCredential();
  const status = STATUS[account.status];
  const paused = account.status === 'PAUSED';

  async function setActive(active: boolean) {
    try {
      await save.mutateAsync({ id: account.id, body: { active } });
      notifySuccess(t(active ? 'tracking.resumed' : 'tracking.paused', { account: account.label }));
    } catch (error) {
      notifyError(error, t(active ? 'tracking.notResumed' : 'tracking.notPaused'));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={account.label}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={2} fz="lg">
              {account.label}
            </Title>
            <Badge color={status.color} variant="light">
              {t(status.label)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {account.trackingCompany.name}
            {account.baseUrl ? ` · ${account.baseUrl}` : ''}
            {account.username ? ` · ${account.username}` : ''}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onEdit}>
            {t('tracking.change')}
          </Button>
          <Button variant="subtle" size="xs" onClick={() => void setActive(paused)} loading={save.isPending}>
            {paused ? t('tracking.resume') : t('tracking.pause')}
          </Button>
        </Group>
      </Group>
      {account.status === 'FAILING' && account.lastError ? (
        <Text size="sm" c="red.8" mt="sm" role="status">
          {account.lastError} {t('tracking.keepTrying')}
        </Text>
      ) : null}
      <Group justify="space-between" mt="sm" gap="xs">
        <Text size="sm">
          {t('tracking.devicesLinked', { linked: account.linkedDeviceCount, count: account.deviceCount })}
          {account.lastPolledAt
            ? ` · ${t('tracking.readAt', { date: formatDateTime(account.lastPolledAt) })}`
            : ''}
        </Text>
        <Button
          variant="light"
          size="xs"
          onClick={() => setShowDevices((v) => !v)}
          aria-expanded={showDevices}
        >
          {showDevices ? t('tracking.hideDevices') : t('tracking.showDevices')}
        </Button>
      </Group>
      <Collapse in={showDevices}>
        {showDevices ? (
          <Stack mt="md">
            <TelematicsDevices credentialId={account.id} />
          </Stack>
        ) : null}
      </Collapse>
    </Card>
  );
}

/** /fleet/tracking: the company's accounts at tracking companies, their state, devices and trucks. */
export function TelematicsPage() {
  const t = useFleetText();
  usePageTitle(t('tracking.title'));
  const accounts = useTrackingCredentials();
  const [dialog, setDialog] = useState<{ editing: TrackingCredential | null } | null>(null);
  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ editing: null })}>
      {t('tracking.add')}
    </Button>
  );

  return (
    <FleetListLayout title={t('tracking.title')} description={t('tracking.description')} action={add}>
      <Stack gap="lg">
        <QueryList
          query={accounts}
          skeleton={<ListSkeleton label={t('tracking.loading')} rows={2} height={120} />}
          empty={<EmptyList icon={IconBroadcast}>{t('tracking.empty')}</EmptyList>}
        >
          {(rows) => (
            <Stack gap="md">
              {rows.map((account) => (
                <AccountCard
                  key={account.id}
                  account={account}
                  onEdit={() => setDialog({ editing: account })}
                />
              ))}
            </Stack>
          )}
        </QueryList>
        <TelematicsSettingsCard />
      </Stack>
      <TelematicsAccountDialog
        opened={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
      />
    </FleetListLayout>
  );
}
