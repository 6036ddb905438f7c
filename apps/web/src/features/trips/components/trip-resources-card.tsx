import { Anchor, Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatNigerianPhone, type TripDetail } from '@freightlane/domain';
import { IconPhone, IconTruck, IconUserCog } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLabels } from '../../../i18n/labels/labels';
import { useApi } from '../../../lib/session-context';
import { fetchDriverPhoto } from '../../fleet';
import { AssignResourcesDialog, type AssignMode } from './assign-resources-dialog';
import { useTripComponentsText } from './text';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The driver's photo as an object URL (the photo needs the bearer token, so no plain <img src>). */
function useDriverPhoto(driverId: string | null): string | null {
  const api = useApi();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!driverId) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchDriverPhoto(api, driverId, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      // Without the photo the initials stand in; nothing else on the card depends on it.
      .catch(() => setUrl(null));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, driverId]);
  return driverId ? url : null;
}

function Phone({ number, name }: { number: string; name: string }) {
  const t = useTripComponentsText();
  return (
    <Anchor
      href={`tel:${number}`}
      size="sm"
      aria-label={t('resources.call', { name, phone: formatNigerianPhone(number) })}
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconPhone size={14} aria-hidden />
        {formatNigerianPhone(number)}
      </Group>
    </Anchor>
  );
}

/**
 * The truck, driver and motor boy on the trip. The transporter assigns them (or changes them); the
 * driver's photo is the transporter's own record, so only its people load it.
 */
export function TripResourcesCard({ trip, ownsFleet }: { trip: TripDetail; ownsFleet: boolean }) {
  const t = useTripComponentsText();
  const label = useLabels();
  const { truck, driver, motorBoy } = trip.resources;
  const photo = useDriverPhoto(ownsFleet && driver?.hasPhoto ? driver.id : null);
  const [mode, setMode] = useState<AssignMode | null>(null);
  const canAssign = trip.actions.includes('ASSIGN_RESOURCES');
  const assigned = truck !== null || driver !== null;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="resources-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="resources-title">
          {t('resources.title')}
        </Title>
        {canAssign ? (
          <Button
            size="compact-sm"
            variant={assigned ? 'light' : 'filled'}
            leftSection={
              assigned ? <IconUserCog size={14} aria-hidden /> : <IconTruck size={14} aria-hidden />
            }
            onClick={() => setMode(assigned ? 'change' : 'assign')}
          >
            {assigned ? t('resources.change') : t('resources.assign')}
          </Button>
        ) : null}
      </Group>

      {assigned || motorBoy ? (
        <Stack gap="sm">
          <div>
            <Text size="xs" c="dimmed" fw={500}>
              {t('resources.truck')}
            </Text>
            {truck ? (
              <>
                <Text size="sm" fw={600}>
                  {truck.registrationNumber}
                </Text>
                <Text size="xs" c="dimmed">
                  {truck.make} {truck.model} · {label('truckType', truck.type)}
                </Text>
              </>
            ) : (
              <Text size="sm">{t('resources.notAssigned')}</Text>
            )}
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={500}>
              {t('resources.driver')}
            </Text>
            {driver ? (
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Avatar
                  src={photo}
                  alt={photo ? t('resources.driverPhoto', { name: driver.name }) : undefined}
                  radius="xl"
                  size="md"
                  color="green"
                >
                  {initials(driver.name)}
                </Avatar>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {driver.name}
                  </Text>
                  <Phone number={driver.phoneNumber} name={driver.name} />
                  <Text size="xs" c="dimmed">
                    {t('resources.licence', { number: driver.licenceNumber })}
                  </Text>
                </div>
              </Group>
            ) : (
              <Text size="sm">{t('resources.notAssigned')}</Text>
            )}
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={500}>
              {t('resources.motorBoy')}
            </Text>
            {motorBoy ? (
              <>
                <Text size="sm" fw={600}>
                  {motorBoy.name}
                </Text>
                <Phone number={motorBoy.phoneNumber} name={motorBoy.name} />
              </>
            ) : (
              <Text size="sm">{t('resources.none')}</Text>
            )}
          </div>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {canAssign ? t('resources.emptyCanAssign') : t('resources.emptyWaiting')}
        </Text>
      )}

      {canAssign ? (
        <AssignResourcesDialog
          trip={trip}
          mode={mode ?? (assigned ? 'change' : 'assign')}
          opened={mode !== null}
          onClose={() => setMode(null)}
        />
      ) : null}
    </Card>
  );
}
