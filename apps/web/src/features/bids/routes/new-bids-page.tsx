import { Anchor, Group, Select, Stack } from '@mantine/core';
import { CARGO_TYPES, NIGERIAN_STATES, type CargoType, type NigerianState } from '@freightlane/domain';
import { IconGavel } from '@tabler/icons-react';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams } from '../../../components/use-list-params';
import { useLabels } from '../../../i18n/labels/labels';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOpenOrders } from '../api/bids-api';
import { MarketOrderCard } from '../components/market-order-card';
import { useBidsText } from '../text';

const STATE_OPTIONS = [...NIGERIAN_STATES];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** /bids: orders open for bidding, newest first, filtered by cargo type and pickup state (kept in the URL). */
export function NewBidsPage() {
  const t = useBidsText();
  const label = useLabels();
  usePageTitle(t('newBids.title'));
  const { params, page, update, setPage } = useListParams();
  const cargoType = oneOf<CargoType>(CARGO_TYPES, params.get('cargoType'));
  const pickupState = oneOf<NigerianState>(NIGERIAN_STATES, params.get('pickupState'));
  const orders = useOpenOrders({ cargoType, pickupState, page });
  const filtered = cargoType !== null || pickupState !== null;

  return (
    <>
      <PageHeader title={t('newBids.title')} description={t('newBids.description')} />
      <Stack gap="lg">
        <Group gap="md" align="flex-end" role="search" aria-label={t('newBids.filters')}>
          <Select
            label={t('common.cargoType')}
            placeholder={t('newBids.allCargoTypes')}
            data={CARGO_TYPES.map((value) => ({ value, label: label('cargoType', value) }))}
            value={cargoType}
            onChange={(value) => update({ cargoType: value })}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label={t('newBids.pickupState')}
            placeholder={t('newBids.allStates')}
            data={STATE_OPTIONS}
            value={pickupState}
            onChange={(value) => update({ pickupState: value })}
            searchable
            clearable
            nothingFoundMessage={t('newBids.noState')}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>

        <QueryList
          query={orders}
          skeleton={<ListSkeleton label={t('newBids.loading')} />}
          failure={t('newBids.failure')}
          empty={
            <EmptyList icon={IconGavel}>
              {filtered ? (
                <>
                  {t('newBids.noMatch')}{' '}
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => update({ cargoType: null, pickupState: null })}
                  >
                    {t('newBids.clearFilters')}
                  </Anchor>
                </>
              ) : (
                t('newBids.none')
              )}
            </EmptyList>
          }
        >
          {(rows, page) => (
            <>
              <Stack gap="md">
                {rows.map((order) => (
                  <MarketOrderCard key={order.id} order={order} />
                ))}
              </Stack>
              <ListPagination
                page={page}
                noun={[t('newBids.noun', { count: 1 }), t('newBids.noun', { count: 2 })]}
                onChange={setPage}
              />
            </>
          )}
        </QueryList>
      </Stack>
    </>
  );
}
