import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  TRIP_ALERT_KIND_LABELS,
  placeWords,
  sideOfRole,
  type TripAlert,
  type TripDetail,
} from '@freightlane/domain';
import { IconCheck, IconMoon } from '@tabler/icons-react';
import { useActionError } from '../../../components/action-error';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useRole } from '../../../lib/session-context';
import { useAcknowledgeTripAlert } from '../api/trip-alerts-api';

/** Where the truck was, as the issues card writes it: "Near Ikeja, Lagos". */
function placeText(location: TripAlert['location']): string | null {
  if (!location) return null;
  return placeWords([location.description, location.lga, location.state]);
}

function AlertItem({ alert, canAcknowledge }: { alert: TripAlert; canAcknowledge: boolean }) {
  const acknowledge = useAcknowledgeTripAlert();
  const showActionError = useActionError();
  const label = TRIP_ALERT_KIND_LABELS[alert.kind];
  const when = formatDateTime(alert.raisedAt);
  const place = placeText(alert.location);
  const seen = alert.acknowledgedAt !== null;

  async function markSeen() {
    try {
      await acknowledge.mutateAsync(alert.id);
      notifySuccess(`${label} marked seen.`);
    } catch (error) {
      showActionError(error);
    }
  }

  return (
    <Paper
      component="li"
      withBorder
      radius="sm"
      p="sm"
      bg={seen ? undefined : 'white'}
      aria-label={`${label}, ${when}, ${seen ? 'seen' : 'not seen yet'}`}
    >
      <Group gap={6} wrap="wrap">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {[when, place].filter(Boolean).join(' · ')}
        </Text>
      </Group>
      <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {alert.description}
      </Text>
      {seen ? (
        <Text size="xs" c="dimmed" mt={4}>
          Seen {formatDateTime(alert.acknowledgedAt)}
          {alert.acknowledgedBy ? ` by ${alert.acknowledgedBy}` : ''}
        </Text>
      ) : canAcknowledge ? (
        <Button
          mt="xs"
          size="compact-sm"
          variant="light"
          color="orange"
          leftSection={<IconCheck size={14} aria-hidden />}
          loading={acknowledge.isPending}
          onClick={() => void markSeen()}
          aria-label={`Mark ${label.toLowerCase()} of ${when} seen`}
        >
          Mark seen
        </Button>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          Not marked seen by the transporter yet
        </Text>
      )}
    </Paper>
  );
}

/**
 * What the truck's tracking saw that does not hold the trip up (driving at night), newest first, near the
 * top of the trip page. Apart from the issues card: an alert never shows the trip as delayed. The trip's
 * transporter (its owner account and fleet managers) marks each one seen; everyone on the trip reads them.
 */
export function TripAlertsCard({ trip }: { trip: TripDetail }) {
  const role = useRole();
  if (trip.alerts.length === 0) return null;
  // The transporter's people mark alerts seen (its owner account and fleet managers).
  const canAcknowledge = sideOfRole(role) === 'TRANSPORTER';
  const unseen = trip.alerts.filter((alert) => alert.acknowledgedAt === null).length;
  return (
    <Alert
      role="region"
      variant="light"
      color="orange"
      radius="md"
      title="Tracking alerts"
      icon={<IconMoon aria-hidden />}
    >
      <Text size="sm" mb="sm">
        What the truck’s tracking noticed on this trip. Alerts do not delay the trip.
        {unseen > 0 ? ` ${unseen} not marked seen yet.` : ''}
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {trip.alerts.map((alert) => (
          <AlertItem key={alert.id} alert={alert} canAcknowledge={canAcknowledge} />
        ))}
      </Stack>
    </Alert>
  );
}
