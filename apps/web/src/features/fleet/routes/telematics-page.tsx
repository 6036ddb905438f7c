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

const STATUS: Record<TrackingCredentialStatus, { label: string; color: string }> = {
  CONNECTED: { label: 'Connected', color: 'green' },
  FAILING: { label: 'Not answering', color: 'red' },
  PAUSED: { label: 'Paused', color: 'gray' },
};

function AccountCard({ account, onEdit }: { account: TrackingCredential; onEdit: () => void }) {
  const [showDevices, setShowDevices] = useState(false);
  const save = useSaveTrackingCredential();
  const status = STATUS[account.status];
  const paused = account.status === 'PAUSED';

  async function setActive(active: boolean) {
    try {
      await save.mutateAsync({ id: account.id, body: { active } });
      notifySuccess(active ? `${account.label} is read again.` : `${account.label} is paused.`);
    } catch (error) {
      notifyError(error, active ? 'Account not resumed' : 'Account not paused');
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
              {status.label}
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
            Change
          </Button>
          <Button variant="subtle" size="xs" onClick={() => void setActive(paused)} loading={save.isPending}>
            {paused ? 'Resume' : 'Pause'}
          </Button>
        </Group>
      </Group>
      {account.status === 'FAILING' && account.lastError ? (
        <Text size="sm" c="red.8" mt="sm" role="status">
          {account.lastError} We keep trying, less often while it fails.
        </Text>
      ) : null}
      <Group justify="space-between" mt="sm" gap="xs">
        <Text size="sm">
          {account.linkedDeviceCount} of {account.deviceCount}{' '}
          {account.deviceCount === 1 ? 'device' : 'devices'} linked to a truck
          {account.lastPolledAt ? ` · read ${formatDateTime(account.lastPolledAt)}` : ''}
        </Text>
        <Button
          variant="light"
          size="xs"
          onClick={() => setShowDevices((v) => !v)}
          aria-expanded={showDevices}
        >
          {showDevices ? 'Hide devices' : 'Devices and trucks'}
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
  usePageTitle('Tracking');
  const accounts = useTrackingCredentials();
  const [dialog, setDialog] = useState<{ editing: TrackingCredential | null } | null>(null);
  const add = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ editing: null })}>
      Add tracking account
    </Button>
  );

  return (
    <FleetListLayout
      title="Tracking"
      description="Your accounts at tracking companies. Each linked truck’s position is read every minute and shown on its trip."
      action={add}
    >
      <Stack gap="lg">
        <QueryList
          query={accounts}
          skeleton={<ListSkeleton label="Loading tracking accounts" rows={2} height={120} />}
          empty={
            <EmptyList icon={IconBroadcast}>
              No tracking account yet. Add your Traccar server to follow the trucks with trackers, or give
              each driver a phone link from the driver’s page.
            </EmptyList>
          }
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
