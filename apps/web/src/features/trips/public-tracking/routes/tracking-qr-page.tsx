import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { TripDetail } from '@freightlane/domain';
import { IconAlertTriangle, IconPrinter, IconTruck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PATHS } from '../../../../lib/paths';
import { DescriptionField } from '../../../../components/description-field';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useLabels } from '../../../../i18n/labels/labels';
import { useTrip } from '../../api/trip-detail-api';
import { TripBackLink, TripLoadError } from '../../components/trip-load-error';
import { QrCode } from '../components/qr-code';
import { ExpiryText, isExpired } from '../components/link-details';
import { trackingUrl } from '../share-links';
import { usePublicTrackingText } from '../text';

/**
 * While this page is shown, printing leaves out the app's header and sidebar (global.css): only the sheet
 * goes to paper.
 */
function usePrintWithoutAppShell() {
  useEffect(() => {
    const root = document.documentElement;
    root.setAttribute('data-print-bare', '');
    return () => root.removeAttribute('data-print-bare');
  }, []);
}

function BackToTrip({ tripId }: { tripId: string }) {
  const t = usePublicTrackingText();
  return <TripBackLink to={PATHS.trip(tripId)}>{t('qrPage.backToTrip')}</TripBackLink>;
}

/** The name and truck of the logo, without its link: this is for paper. */
function Brand() {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={34} radius="md" aria-hidden>
        <IconTruck size={20} stroke={1.8} />
      </ThemeIcon>
      <Text component="span" fw={800} fz="xl" c="green.9" lh={1}>
        Freightlane
      </Text>
    </Group>
  );
}

function QrSheet({ trip }: { trip: TripDetail }) {
  const t = usePublicTrackingText();
  const label = useLabels();
  const url = trackingUrl(trip.trackingId);
  const { containerNumber, description } = trip.consignment;
  return (
    <Paper
      component="article"
      aria-labelledby="qr-sheet-title"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      maw={620}
      mx="auto"
      w="100%"
      data-print-sheet
    >
      <Stack gap="lg" align="center">
        <Brand />
        <Stack gap={4} align="center">
          <Title order={1} fz={{ base: 24, sm: 30 }} ta="center" id="qr-sheet-title">
            {t('qrPage.sheetTitle', { tripNumber: trip.tripNumber })}
          </Title>
          <Text c="dimmed" ta="center">
            {t('qrPage.scan')}
          </Text>
        </Stack>
        <SimpleGrid component="dl" cols={2} spacing="lg" m={0} w="100%" maw={420}>
          <DescriptionField label={t('qrPage.cargoType')}>
            {label('cargoType', trip.cargoType)}
          </DescriptionField>
          {containerNumber || !description ? (
            <DescriptionField label={t('qrPage.containerNumber')}>
              {containerNumber ?? t('qrPage.notAvailable')}
            </DescriptionField>
          ) : (
            <DescriptionField label={t('qrPage.cargo')}>{description}</DescriptionField>
          )}
        </SimpleGrid>
        <QrCode value={url} size={340} label={t('qrPage.qrLabel', { url })} />
        <Stack gap={4} align="center" w="100%">
          <Text size="sm" ff="monospace" ta="center" style={{ overflowWrap: 'anywhere' }}>
            {url}
          </Text>
          <ExpiryText expiresAt={trip.trackingExpiresAt} />
        </Stack>
      </Stack>
    </Paper>
  );
}

/** /trips/:tripId/tracking-qr: the trip's tracking link as a QR code on a sheet to print and hand over. */
export function TrackingQrPage() {
  const t = usePublicTrackingText();
  const { tripId = '' } = useParams();
  const trip = useTrip(tripId);
  usePageTitle(
    trip.data ? t('qrPage.pageTitle', { tripNumber: trip.data.tripNumber }) : t('qrPage.pageTitleLoading'),
  );
  usePrintWithoutAppShell();

  if (trip.isPending) {
    return (
      <Stack gap="lg" role="status" aria-label={t('qrPage.loading')}>
        <Skeleton h={20} w={140} />
        <Skeleton h={560} maw={620} mx="auto" w="100%" radius="md" />
      </Stack>
    );
  }
  if (trip.isError) {
    return (
      <TripLoadError
        error={trip.error}
        onRetry={() => void trip.refetch()}
        backLink={<BackToTrip tripId={tripId} />}
      />
    );
  }

  const expired = isExpired(trip.data.trackingExpiresAt);
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm" data-print-hide>
        <BackToTrip tripId={tripId} />
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          {t('qrPage.print')}
        </Button>
      </Group>
      {expired ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('qrPage.expiredTitle')}
          data-print-hide
        >
          {t('qrPage.expiredText')}
        </Alert>
      ) : null}
      <QrSheet trip={trip.data} />
    </Stack>
  );
}
