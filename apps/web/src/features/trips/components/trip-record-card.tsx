import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import type { TripRecordCheck } from '@freightlane/domain';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/session-context';
import { useDownload } from '../../../lib/use-download';
import { QueryError } from '../../../components/query-error';
import { useTripComponentsText } from './text';

/**
 * The trip's tamper-evident record (decision 049): checked each time the page opens, with its chain head,
 * and the delivery dossier to download (either company on the trip).
 */
export function TripRecordCard({ trip }: { trip: { id: string; tripNumber: string } }) {
  const t = useTripComponentsText();
  const api = useApi();
  const { downloading, download } = useDownload();
  const check = useQuery({
    queryKey: ['trip-record', trip.id],
    queryFn: ({ signal }) =>
      api.get<TripRecordCheck>(`/api/v1/trips/${encodeURIComponent(trip.id)}/record`, { signal }),
  });
  const data = check.data;
  const verdict = !data
    ? t('record.checking')
    : data.intact
      ? t('record.intact')
      : data.broken?.problem === 'UNRECORDED'
        ? t('record.unrecorded')
        : t('record.broken', { link: data.broken?.link ?? '?' });
  return (
    <Card withBorder padding="lg" id="trip-record" component="section" aria-labelledby="trip-record-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="trip-record-title">
          {t('record.title')}
        </Title>
        {check.isError ? (
          <QueryError error={check.error} title={t('record.failed')} onRetry={() => void check.refetch()} />
        ) : (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconShieldCheck
              size={20}
              aria-hidden
              color={
                data && !data.intact && data.broken?.problem !== 'UNRECORDED'
                  ? 'var(--mantine-color-red-7)'
                  : 'var(--mantine-color-green-7)'
              }
            />
            <Text fw={600} aria-live="polite">
              {verdict}
            </Text>
          </Group>
        )}
        {data?.head ? (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {t('record.head', { links: data.links, head: data.head })}
          </Text>
        ) : null}
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          onClick={() =>
            void download((client) =>
              client.downloadFile(
                `/api/v1/trips/${encodeURIComponent(trip.id)}/dossier`,
                `dossier-${trip.tripNumber}.pdf`,
              ),
            )
          }
        >
          {t('record.dossier')}
        </Button>
      </Stack>
    </Card>
  );
}
