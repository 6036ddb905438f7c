import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import {
  CARGO_TYPES,
  NIGERIAN_STATES,
  RATE_GUIDANCE_MINIMUM_AWARDS,
  RATE_GUIDANCE_WINDOW_DAYS,
  formatMoney,
  type CargoType,
  type LaneRate,
  type LaneRatesPage as LaneRatesAnswer,
  type NigerianState,
} from '@freightlane/domain';
import { IconRoute } from '@tabler/icons-react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams } from '../../../components/use-list-params';
import { useLabels, type Label } from '../../../i18n/labels/labels';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLaneRates } from '../api/rate-guidance-api';
import { useRateGuidanceText, type RateGuidanceText } from '../text';

const STATE_OPTIONS = [...NIGERIAN_STATES];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

function money(kobo: number) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(kobo)}</span>;
}

function columns(t: RateGuidanceText, label: Label): DataColumn<LaneRate>[] {
  return [
    {
      key: 'pickup',
      header: t('column.pickup'),
      cell: (lane) =>
        lane.pickup.terminal ? (
          <>
            {lane.pickup.terminal.name}
            <Text span size="xs" c="dimmed" display="block">
              {lane.pickup.state}
            </Text>
          </>
        ) : (
          t('laneRates.pickupPlace', { lga: lane.pickup.lga, state: lane.pickup.state })
        ),
    },
    { key: 'delivery', header: t('column.delivery'), cell: (lane) => lane.deliveryState },
    { key: 'cargo', header: t('column.cargo'), cell: (lane) => label('cargoType', lane.cargoType) },
    {
      key: 'equipment',
      header: t('column.equipment'),
      cell: (lane) =>
        lane.containerSize
          ? label('containerSize', lane.containerSize)
          : lane.truckType
            ? label('truckType', lane.truckType)
            : '—',
    },
    { key: 'awards', header: t('column.awards'), align: 'right', keep: true, cell: (lane) => lane.awards },
    {
      key: 'p25',
      header: t('column.p25'),
      align: 'right',
      keep: true,
      cell: (lane) => money(lane.band.p25Kobo),
    },
    {
      key: 'median',
      header: t('column.median'),
      align: 'right',
      keep: true,
      cell: (lane) => <strong>{money(lane.band.p50Kobo)}</strong>,
    },
    {
      key: 'p75',
      header: t('column.p75'),
      align: 'right',
      keep: true,
      cell: (lane) => money(lane.band.p75Kobo),
    },
  ];
}

/** The diesel price and when the bands were last worked out, from the latest answer. */
function AboutTheFigures({ data }: { data: LaneRatesAnswer }) {
  const t = useRateGuidanceText();
  return (
    <Group gap="lg" role="note">
      <Text size="sm" fw={500}>
        {data.diesel
          ? t('laneRates.diesel', {
              price: formatMoney(data.diesel.koboPerLitre),
              date: formatCalendarDate(data.diesel.asOf),
            })
          : t('laneRates.noDiesel')}
      </Text>
      <Text size="sm" c="dimmed">
        {data.computedAt
          ? t('laneRates.updated', { when: formatDateTime(data.computedAt) })
          : t('laneRates.notComputed')}
      </Text>
    </Group>
  );
}

/**
 * /lane-rates: what trucks were awarded per lane over the last 90 days, the busiest lanes first, filtered
 * by pickup state, delivery state and cargo type (kept in the address), with the diesel price above.
 */
export function LaneRatesPage() {
  const t = useRateGuidanceText();
  const label = useLabels();
  usePageTitle(t('laneRates.title'));
  const { params, page, update, setPage } = useListParams();
  const pickupState = oneOf<NigerianState>(NIGERIAN_STATES, params.get('pickupState'));
  const deliveryState = oneOf<NigerianState>(NIGERIAN_STATES, params.get('deliveryState'));
  const cargoType = oneOf<CargoType>(CARGO_TYPES, params.get('cargoType'));
  const lanes = useLaneRates({ pickupState, deliveryState, cargoType, page });
  const filtered = pickupState !== null || deliveryState !== null || cargoType !== null;
  const counts = { days: RATE_GUIDANCE_WINDOW_DAYS, minimum: RATE_GUIDANCE_MINIMUM_AWARDS };

  return (
    <>
      <PageHeader title={t('laneRates.title')} description={t('laneRates.description', counts)} />
      <Stack gap="lg">
        {lanes.data ? <AboutTheFigures data={lanes.data} /> : null}
        <Group gap="md" align="flex-end" role="search" aria-label={t('laneRates.filters')}>
          <Select
            label={t('laneRates.pickupState')}
            placeholder={t('laneRates.allStates')}
            data={STATE_OPTIONS}
            value={pickupState}
            onChange={(value) => update({ pickupState: value })}
            searchable
            clearable
            nothingFoundMessage={t('laneRates.noState')}
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label={t('laneRates.deliveryState')}
            placeholder={t('laneRates.allStates')}
            data={STATE_OPTIONS}
            value={deliveryState}
            onChange={(value) => update({ deliveryState: value })}
            searchable
            clearable
            nothingFoundMessage={t('laneRates.noState')}
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label={t('laneRates.cargoType')}
            placeholder={t('laneRates.allCargoTypes')}
            data={CARGO_TYPES.map((value) => ({ value, label: label('cargoType', value) }))}
            value={cargoType}
            onChange={(value) => update({ cargoType: value })}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        </Group>

        <QueryList
          query={lanes}
          skeleton={<ListSkeleton label={t('laneRates.loading')} height={56} />}
          failure={t('laneRates.failure')}
          empty={
            <EmptyList icon={IconRoute}>
              {filtered ? (
                <>
                  {t('laneRates.noMatch')}{' '}
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => update({ pickupState: null, deliveryState: null, cargoType: null })}
                  >
                    {t('laneRates.clearFilters')}
                  </Anchor>
                </>
              ) : (
                t('laneRates.none', counts)
              )}
            </EmptyList>
          }
        >
          {(rows, data) => (
            <>
              <DataTable
                label={t('laneRates.title')}
                columns={columns(t, label)}
                rows={rows}
                rowKey={(lane) =>
                  [
                    lane.pickup.terminal?.id ?? `${lane.pickup.state}/${lane.pickup.lga}`,
                    lane.deliveryState,
                    lane.cargoType,
                    lane.containerSize ?? lane.truckType,
                  ].join('|')
                }
                tableFrom="md"
              />
              <ListPagination
                page={data}
                noun={[t('laneRates.noun', { count: 1 }), t('laneRates.noun', { count: 2 })]}
                onChange={setPage}
              />
            </>
          )}
        </QueryList>
      </Stack>
    </>
  );
}
