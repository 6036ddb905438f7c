import { Button, Stack } from '@mantine/core';
import { RETURN_LOAD_WINDOW_DAYS, type ReturnLoadsPage as ReturnLoadsAnswer } from '@freightlane/domain';
import { IconTruck, IconTruckReturn } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { useListParams } from '../../../components/use-list-params';
import { PATHS } from '../../../lib/paths';
import { useRole } from '../../../lib/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { useReturnLoads } from '../api/return-loads-api';
import { ReturnLoadRadius } from '../components/return-load-radius';
import { ReturnLoadTruckCard } from '../components/return-load-truck-card';
import { useReturnLoadsText } from '../text';

/** Why no truck is listed: none is out on a trip, or none of those out has an order near its delivery. */
function NoReturnLoads({ data, canEdit }: { data: ReturnLoadsAnswer; canEdit: boolean }) {
  const t = useReturnLoadsText();
  if (data.trucksConsidered === 0) {
    return (
      <EmptyList
        icon={IconTruck}
        action={
          <Button component={Link} to={PATHS.trips} variant="light">
            {t('page.seeTrips')}
          </Button>
        }
      >
        {t('page.noTrucks')}
      </EmptyList>
    );
  }
  return (
    <EmptyList icon={IconTruckReturn}>
      {t('page.noMatches', {
        count: data.trucksConsidered,
        radius: data.radiusKm,
        days: RETURN_LOAD_WINDOW_DAYS,
      })}
      {canEdit ? ` ${t('page.widen')}` : null}
    </EmptyList>
  );
}

/**
 * /return-loads: for each of the company's trucks on a live trip, the open orders picking up near where it
 * delivers, from the day it is free; the trucks with the most first, a page at a time. The radius is the
 * owner account's to set; its fleet managers read it.
 */
export function ReturnLoadsPage() {
  const t = useReturnLoadsText();
  usePageTitle(t('page.title'));
  const canEdit = useRole() === 'role_transporter';
  const { page, setPage } = useListParams();
  const loads = useReturnLoads(page);

  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <Stack gap="lg" maw={1120}>
        <ReturnLoadRadius canEdit={canEdit} radiusKm={loads.data?.radiusKm} />
        <QueryList
          query={loads}
          skeleton={<ListSkeleton label={t('page.loading')} height={240} rows={2} />}
          failure={t('page.failure')}
          empty={loads.data ? <NoReturnLoads data={loads.data} canEdit={canEdit} /> : null}
        >
          {(trips, data) => (
            <>
              <Stack gap="lg" component="ul" aria-label={t('page.trucksLabel')} style={listReset}>
                {trips.map((trip) => (
                  <li key={trip.tripId}>
                    <ReturnLoadTruckCard trip={trip} radiusKm={data.radiusKm} />
                  </li>
                ))}
              </Stack>
              <ListPagination
                page={data}
                noun={[t('page.noun', { count: 1 }), t('page.noun', { count: 2 })]}
                onChange={setPage}
              />
            </>
          )}
        </QueryList>
      </Stack>
    </>
  );
}

const listReset = { listStyle: 'none', padding: 0, margin: 0 } as const;
