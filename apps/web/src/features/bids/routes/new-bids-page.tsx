import { Anchor, Group, Select, Stack } from '@mantine/core';
import {
  CARGO_TYPES,
  CARGO_TYPE_LABELS,
  NIGERIAN_STATES,
  type CargoType,
  type NigerianState,
} from '@freightlane/domain';
import { IconGavel } from '@tabler/icons-react';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams } from '../../../components/use-list-params';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOpenOrders } from '../api/bids-api';
import { MarketOrderCard } from '../components/market-order-card';

const CARGO_TYPE_OPTIONS = CARGO_TYPES.map((value) => ({ value, label: CARGO_TYPE_LABELS[value] }));
const STATE_OPTIONS = [...NIGERIAN_STATES];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** /bids: orders open for bidding, newest first, filtered by cargo type and pickup state (kept in the URL). */
export function NewBidsPage() {
  usePageTitle('New bids');
  const { params, page, update, setPage } = useListParams();
  const cargoType = oneOf<CargoType>(CARGO_TYPES, params.get('cargoType'));
  const pickupState = oneOf<NigerianState>(NIGERIAN_STATES, params.get('pickupState'));
  const orders = useOpenOrders({ cargoType, pickupState, page });
  const filtered = cargoType !== null || pickupState !== null;

  return (
    <>
      <PageHeader title="New bids" description="Orders open for bidding, newest first." />
      <Stack gap="lg">
        <Group gap="md" align="flex-end" role="search" aria-label="Filter open orders">
          <Select
            label="Cargo type"
            placeholder="All cargo types"
            data={CARGO_TYPE_OPTIONS}
            value={cargoType}
            onChange={(value) => update({ cargoType: value })}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label="Pickup state"
            placeholder="All states"
            data={STATE_OPTIONS}
            value={pickupState}
            onChange={(value) => update({ pickupState: value })}
            searchable
            clearable
            nothingFoundMessage="No state matches"
            w={{ base: '100%', xs: 220 }}
          />
        </Group>

        <QueryList
          query={orders}
          skeleton={<ListSkeleton label="Loading open orders" />}
          failure="Could not load the open orders"
          empty={
            <EmptyList icon={IconGavel}>
              {filtered ? (
                <>
                  No open orders match —{' '}
                  <Anchor
                    component="button"
                    type="button"
                    onClick={() => update({ cargoType: null, pickupState: null })}
                  >
                    clear the filters
                  </Anchor>
                </>
              ) : (
                'No open orders right now. New orders appear here as customers place them.'
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
              <ListPagination page={page} noun={['open order', 'open orders']} onChange={setPage} />
            </>
          )}
        </QueryList>
      </Stack>
    </>
  );
}
