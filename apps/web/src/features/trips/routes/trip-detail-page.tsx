import { Alert, Button, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { sideOfRole, type NoteSide, type TripDetail } from '@freightlane/domain';
import { IconBan, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useRole } from '../../../lib/session-context';
import { CargoTypeBadge } from '../../../components/marketplace-badges';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { CallUpCard } from '../../call-up';
import { FreeTimeBadge, FreeTimeCard } from '../../free-time';
import { TripCashCard } from '../../trip-cash';
import { TrackingLinkCard } from '../public-tracking/components/tracking-link-card';
import { TripRecordCard } from '../components/trip-record-card';
import { useTrip } from '../api/trip-detail-api';
import { CancelTripsDialog } from '../components/cancel-trips-dialog';
import { ConsignmentCard } from '../components/consignment-card';
import { HandoverCodeCard } from '../components/handover-code-card';
import { TripAlertsCard } from '../components/trip-alerts-card';
import { TripDocumentsCard } from '../components/trip-documents-card';
import { TripBackLink, TripLoadError } from '../components/trip-load-error';
import { TripInvoiceCard } from '../components/trip-invoice-card';
import { TripIssuesCard } from '../components/trip-issues-card';
import { TripNotesCard } from '../components/trip-notes-card';
import { TripOverviewCard } from '../components/trip-overview-card';
import { TripRatingCard } from '../components/trip-rating-card';
import { TripResourcesCard } from '../components/trip-resources-card';
import { TripReturnLoadsCard } from '../components/trip-return-loads-card';
import { TripRouteCard } from '../components/trip-route-card';
import { TripStatusBadge } from '../components/trip-status';
import { TripTimeline } from '../components/trip-timeline';
import { useTripRoutesText } from './text';

function BackLink() {
  const t = useTripRoutesText();
  return <TripBackLink to={PATHS.trips}>{t('tripPage.allTrips')}</TripBackLink>;
}

function TripDetailSkeleton() {
  const t = useTripRoutesText();
  return (
    <Stack gap="lg" role="status" aria-label={t('tripPage.loading')}>
      <Skeleton h={36} w={280} />
      <Skeleton h={180} radius="md" />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Skeleton h={420} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <Skeleton h={160} radius="md" />
            <Skeleton h={200} radius="md" />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The handover code matters until the cargo is handed over; after that (or a cancellation) it is history. */
function handoverPending(trip: TripDetail): boolean {
  return !trip.cancelled && !trip.tripStatusLogs.some((log) => log.tripStatus === 'DELIVERED');
}

/**
 * Which side rates this trip, when the viewer is one of its two companies and the trip was delivered:
 * ratings open at delivery, and a cancelled trip takes none.
 */
function ratingSideOf(trip: TripDetail, side: NoteSide | null): 'CUSTOMER' | 'TRANSPORTER' | null {
  if (side !== 'CUSTOMER' && side !== 'TRANSPORTER') return null;
  if (trip.cancelled || !trip.tripStatusLogs.some((log) => log.tripStatus === 'DELIVERED')) return null;
  return side;
}

/**
 * /trips/:tripId: one trip for everyone on it (the customer, the transporter and its fleet managers,
 * admins). The server's `actions` and `allowedNextStatuses` decide which buttons show.
 */
export function TripDetailPage() {
  const t = useTripRoutesText();
  const { tripId = '' } = useParams();
  const trip = useTrip(tripId);
  const role = useRole();
  const side = sideOfRole(role);
  const [cancelling, setCancelling] = useState(false);
  usePageTitle(
    trip.data ? t('tripPage.title', { tripNumber: trip.data.tripNumber }) : t('tripPage.titleLoading'),
  );

  if (trip.isPending) return <TripDetailSkeleton />;
  if (trip.isError) {
    return <TripLoadError error={trip.error} onRetry={() => void trip.refetch()} backLink={<BackLink />} />;
  }

  const data = trip.data;
  const canCancel = data.actions.includes('CANCEL');
  const ratingSide = ratingSideOf(data, side);
  return (
    <>
      <Stack gap={6} mb="xs">
        <BackLink />
      </Stack>
      <PageHeader
        title={t('tripPage.title', { tripNumber: data.tripNumber })}
        description={`${data.clientName}${data.reference ? ` · ${data.reference}` : ''}`}
        action={
          canCancel ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconX size={18} aria-hidden />}
              onClick={() => setCancelling(true)}
            >
              {t('tripPage.cancelTrip')}
            </Button>
          ) : null
        }
      />
      <Stack gap="lg">
        <Group gap="xs" mt={-8}>
          <CargoTypeBadge cargoType={data.cargoType} />
          <TripStatusBadge trip={data} />
          {data.freeTime ? <FreeTimeBadge freeTime={data.freeTime} withContext /> : null}
        </Group>

        {data.cancelled ? (
          <Alert
            color="red"
            icon={<IconBan aria-hidden />}
            title={t('tripPage.cancelledTitle')}
            role="status"
          >
            <Text size="sm">
              {[
                data.cancelledAt
                  ? t('tripPage.cancelledAt', { when: formatDateTime(data.cancelledAt) })
                  : null,
                data.cancellationReason
                  ? t('tripPage.cancellationReason', { reason: data.cancellationReason })
                  : null,
              ]
                .filter(Boolean)
                .join(' ')}
            </Text>
          </Alert>
        ) : null}

        <TripAlertsCard trip={data} />
        <TripOverviewCard trip={data} isCustomer={role === 'role_customer'} />
        {/* Near the top: once a trip is delivered, rating it is what is left to do on it. */}
        {ratingSide ? <TripRatingCard trip={data} side={ratingSide} /> : null}

        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              {data.resources.truck ? <TripRouteCard trip={data} ownsFleet={side === 'TRANSPORTER'} /> : null}
              <TripTimeline trip={data} isAdmin={role === 'role_admin'} />
              {side === 'TRANSPORTER' || role === 'role_admin' ? <CallUpCard tripId={data.id} /> : null}
              {/* The cash given and spent on the road is the transporter's own business; admins read it. */}
              {side === 'TRANSPORTER' || role === 'role_admin' ? <TripCashCard tripId={data.id} /> : null}
              <TripNotesCard trip={data} side={side} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              {handoverPending(data) ? <HandoverCodeCard trip={data} /> : null}
              {/* The trip's parties manage its public link; the server checks the same on every change. */}
              {side !== null ? <TrackingLinkCard trip={data} /> : null}
              <TripRecordCard trip={data} />
              <ConsignmentCard trip={data} />
              {/* The dates and the deposit are the customer's facts; admins correct them. */}
              {data.freeTime ? (
                <FreeTimeCard
                  trip={data}
                  freeTime={data.freeTime}
                  canEdit={role === 'role_customer' || role === 'role_admin'}
                />
              ) : null}
              <TripResourcesCard trip={data} ownsFleet={side === 'TRANSPORTER'} />
              <TripIssuesCard trip={data} />
              <TripDocumentsCard trip={data} />
              {data.invoice ? (
                <TripInvoiceCard invoice={data.invoice} isCustomer={role === 'role_customer'} />
              ) : null}
            </Stack>
          </Grid.Col>
        </Grid>
        {/* Full width: a truck's matches are a table of six columns. Only the transporter's side sees it. */}
        <TripReturnLoadsCard trip={data} />
      </Stack>
      {canCancel ? (
        <CancelTripsDialog
          trips={[{ id: data.id, tripNumber: data.tripNumber }]}
          opened={cancelling}
          onClose={() => setCancelling(false)}
        />
      ) : null}
    </>
  );
}
