import { Anchor, Grid, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  DIRECTORY_MAX_FLEET,
  DIRECTORY_SORTS,
  NIGERIAN_STATES,
  TRUCK_TYPES,
  type DirectorySort,
  type DirectoryTransporter,
  type NigerianState,
  type TruckType,
} from '@freightlane/domain';
import { IconSearch, IconZoomCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams, useListSearch } from '../../../components/use-list-params';
import { useLabels } from '../../../i18n/labels/labels';
import { PATHS } from '../../../lib/paths';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { usePageTitle } from '../../../lib/use-page-title';
import { ScoreSummaryLine } from '../../scorecards';
import { useTransporterDirectory } from '../api/directory-api';
import type { DirectoryFilters } from '../api/directory-keys';
import { CompanyPlace, LaneList, TruckTypeList } from '../components/company-facts';
import { InviteButton } from '../components/invite-button';
import { useDirectoryText, type DirectoryText } from '../text';

/** The address's filters that name a state, a truck type or a sort; anything else is left out. */
function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** A whole number from 0 to `max` in the address, or null (no filter) for anything else. */
function wholeNumber(value: string | null, max: number): number | null {
  if (value === null || value === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : null;
}

function filtersFrom(params: URLSearchParams, page: number): DirectoryFilters {
  return {
    pickupState: oneOf<NigerianState>(NIGERIAN_STATES, params.get('pickupState')),
    deliveryState: oneOf<NigerianState>(NIGERIAN_STATES, params.get('deliveryState')),
    truckType: oneOf<TruckType>(TRUCK_TYPES, params.get('truckType')),
    minFleet: wholeNumber(params.get('minFleet'), DIRECTORY_MAX_FLEET),
    minScore: wholeNumber(params.get('minScore'), 100),
    q: params.get('q') ?? '',
    sort: oneOf<DirectorySort>(DIRECTORY_SORTS, params.get('sort')) ?? 'score',
    page,
  };
}

const FILTER_KEYS = ['q', 'pickupState', 'deliveryState', 'truckType', 'minFleet', 'minScore'] as const;
const STATE_OPTIONS = [...NIGERIAN_STATES];

type ListParams = ReturnType<typeof useListParams>;

/** The typed filters, each written to the address once it settles, and a way to clear every filter. */
function useTypedFilters(list: ListParams) {
  const name = useListSearch(list);
  const minFleet = useListSearch(list, 'minFleet');
  const minScore = useListSearch(list, 'minScore');
  return {
    name,
    minFleet,
    minScore,
    clear() {
      list.update(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])));
      for (const typed of [name, minFleet, minScore]) typed.setSearch('');
    },
  };
}

/** A typed whole-number filter: a minimum fleet or score. */
function MinimumInput({
  label,
  typed,
  max,
}: {
  label: string;
  typed: ReturnType<typeof useListSearch>;
  max: number;
}) {
  const t = useDirectoryText();
  return (
    <NumberInput
      label={label}
      placeholder={t('filters.any')}
      value={typed.search}
      onChange={(value) => typed.setSearch(String(value))}
      min={0}
      max={max}
      allowNegative={false}
      allowDecimal={false}
      clampBehavior="strict"
    />
  );
}

/** The filters above the list, each written to the address. */
function DirectoryFilterBar({
  list,
  typed: { name, minFleet, minScore },
}: {
  list: ListParams;
  typed: ReturnType<typeof useTypedFilters>;
}) {
  const t = useDirectoryText();
  const label = useLabels();
  const { params, update } = list;
  const chosen = (key: string) => ({
    value: params.get(key),
    onChange: (value: string | null) => update({ [key]: value }),
    clearable: true,
  });
  const state = (key: 'pickupState' | 'deliveryState') => ({
    ...chosen(key),
    label: t(`filters.${key}`),
    placeholder: t('filters.anyState'),
    data: STATE_OPTIONS,
    searchable: true,
    nothingFoundMessage: t('filters.noState'),
  });
  const span = { base: 6, lg: 3 };
  return (
    <Grid gutter="sm" role="search" aria-label={t('filters.label')}>
      <Grid.Col span={{ base: 12, lg: 3 }}>
        <TextInput
          label={t('filters.name')}
          placeholder={t('filters.namePlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={name.search}
          onChange={(event) => name.setSearch(event.currentTarget.value)}
          maxLength={100}
          type="search"
        />
      </Grid.Col>
      <Grid.Col span={span}>
        <Select {...state('pickupState')} />
      </Grid.Col>
      <Grid.Col span={span}>
        <Select {...state('deliveryState')} />
      </Grid.Col>
      <Grid.Col span={span}>
        <Select
          {...chosen('truckType')}
          label={t('filters.truckType')}
          placeholder={t('filters.anyTruck')}
          data={TRUCK_TYPES.map((value) => ({ value, label: label('truckType', value) }))}
        />
      </Grid.Col>
      <Grid.Col span={span}>
        <MinimumInput label={t('filters.minFleet')} typed={minFleet} max={DIRECTORY_MAX_FLEET} />
      </Grid.Col>
      <Grid.Col span={span}>
        <MinimumInput label={t('filters.minScore')} typed={minScore} max={100} />
      </Grid.Col>
      <Grid.Col span={span}>
        <Select
          label={t('filters.sort')}
          data={DIRECTORY_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
          value={oneOf(DIRECTORY_SORTS, params.get('sort')) ?? 'score'}
          onChange={(value) => update({ sort: value === 'score' ? null : value })}
          allowDeselect={false}
        />
      </Grid.Col>
    </Grid>
  );
}

function columns(t: DirectoryText): DataColumn<DirectoryTransporter>[] {
  return [
    {
      key: 'company',
      header: t('column.company'),
      cell: (row) => (
        <Stack gap={2}>
          <Anchor component={Link} to={PATHS.companyProfile(row.companyId)} fw={600} size="sm">
            {row.name}
          </Anchor>
          <CompanyPlace state={row.state} verifiedSince={row.verifiedSince} />
        </Stack>
      ),
    },
    {
      key: 'scorecard',
      header: t('column.scorecard'),
      card: 'line',
      cell: (row) => <ScoreSummaryLine summary={row.scorecard} side="transporter" />,
    },
    {
      key: 'fleet',
      header: t('column.fleet'),
      cell: (row) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('value.trucks', { count: row.fleetSize })}
          </Text>
          {row.fleetSize > 0 ? <TruckTypeList truckTypes={row.truckTypes} /> : null}
        </Stack>
      ),
    },
    { key: 'lanes', header: t('column.lanes'), cell: (row) => <LaneList lanes={row.topLanes} stacked /> },
    {
      key: 'partner',
      header: t('column.partner'),
      card: 'line',
      keep: true,
      cell: (row) => (
        <InviteButton companyId={row.companyId} name={row.name} isPreferredPartner={row.isPreferredPartner} />
      ),
    },
  ];
}

/**
 * /transporters: "Find transporters", the verified and active transporters by lane served, truck type, fleet
 * size and score (the filters kept in the address), each with its scorecard at a glance, its profile and
 * the invitation to become a preferred partner.
 */
export function TransportersPage() {
  const t = useDirectoryText();
  usePageTitle(t('page.title'));
  const list = useListParams();
  const filters = filtersFrom(list.params, list.page);
  const directory = useTransporterDirectory(filters);
  const isDesktop = useBreakpoint('md');
  const filtered = FILTER_KEYS.some((key) => list.params.get(key));
  const typed = useTypedFilters(list);

  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <Stack gap="lg">
        <DirectoryFilterBar list={list} typed={typed} />
        <QueryList
          query={directory}
          skeleton={<ListSkeleton label={t('list.loading')} height={isDesktop ? 64 : 220} />}
          failure={t('list.failure')}
          empty={
            <EmptyList icon={IconZoomCheck}>
              {filtered ? (
                <>
                  {t('list.noMatch')}{' '}
                  <Anchor component="button" type="button" onClick={typed.clear}>
                    {t('list.clearFilters')}
                  </Anchor>
                </>
              ) : (
                t('list.none')
              )}
            </EmptyList>
          }
        >
          {(rows, data) => (
            <>
              <DataTable
                label={t('page.title')}
                columns={columns(t)}
                rows={rows}
                rowKey={(row) => row.companyId}
                tableFrom="md"
              />
              <ListPagination
                page={data}
                noun={[t('list.noun', { count: 1 }), t('list.noun', { count: 2 })]}
                onChange={list.setPage}
              />
            </>
          )}
        </QueryList>
      </Stack>
    </>
  );
}
