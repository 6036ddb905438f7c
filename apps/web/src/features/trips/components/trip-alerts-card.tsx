import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { placeWords, sideOfRole, type TripAlert, type TripDetail } from '@freightlane/domain';
import { IconCheck, IconMoon } from '@tabler/icons-react';
import { useActionError } from '../../../components/action-error';
import { useLabels } from '../../../i18n/labels/labels';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useRole } from '../../../lib/session-context';
import { useAcknowledgeTripAlert } from '../api/trip-alerts-api';
import { useTripComponentsText } from './text';

/** Where the truck was, as the issues card writes it: "Near Ikeja, Lagos". */
function placeText(location: TripAlert['location']): string | null {
  if (!location) return null;
  return placeWords([location.description, location.lga, location.state]);
}

function AlertItem({ alert, canAcknowledge }: { alert: TripAlert; canAcknowledge: boolean }) {
  const t = useTripComponentsText();
  const labels = useLabels();
  const acknowledge = useAcknowledgeTripAlert();
  const showActionError = useActionError();
  const label = labels('tripAlertKind', alert.kind);
  const when = formatDateTime(alert.raisedAt);
  const place = placeText(alert.location);
  const seen = alert.acknowledgedAt !== null;

  async function markSeen() {
    try {
      await acknowledge.mutateAsync(alert.id);
      notifySuccess(t('alerts.markedSeen', { alert: label }));
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
      aria-label={t(seen ? 'alerts.itemSeen' : 'alerts.itemNotSeen', { alert: label, when })}
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
          {alert.acknowledgedBy
            ? t('alerts.seenAtBy', { time: formatDateTime(alert.acknowledgedAt), name: alert.acknowledgedBy })
            : t('alerts.seenAt', { time: formatDateTime(alert.acknowledgedAt) })}
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
          aria-label={t('alerts.markSeenLabel', { alert: label.toLowerCase(), when })}
        >
          {t('alerts.markSeen')}
        </Button>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          {t('alerts.notSeenYet')}
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
  const t = useTripComponentsText();
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
      title={t('alerts.title')}
      icon={<IconMoon aria-hidden />}
    >
      <Text size="sm" mb="sm">
        {t('alerts.intro')}
        {unseen > 0 ? ` ${t('alerts.unseen', { count: unseen })}` : ''}
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {trip.alerts.map((alert) => (
          <AlertItem key={alert.id} alert={alert} canAcknowledge={canAcknowledge} />
        ))}
      </Stack>
    </Alert>
  );
}
