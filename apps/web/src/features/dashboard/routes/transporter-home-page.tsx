import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { TransporterDashboard } from '@freightlane/domain';
import { IconEye, IconGavel, IconTrophy, IconTruck, type Icon } from '@tabler/icons-react';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useTransporterDashboard } from '../api/transporter-dashboard-api';
import { useCompanyValidation, VerificationChecklistCard } from '../../company';
import { FigureCard } from '../components/figure-card';
import { greetingLine } from '../components/greeting';

interface Figure {
  key: keyof TransporterDashboard;
  label: string;
  hint: string;
  to: string;
  icon: Icon;
}

const FIGURES: Figure[] = [
  { key: 'newBids', label: 'New bids', hint: 'Open orders you can bid on', to: PATHS.bids, icon: IconGavel },
  {
    key: 'monitoredBids',
    label: 'Monitored bids',
    hint: 'Orders you are watching',
    to: PATHS.monitoredBids,
    icon: IconEye,
  },
  {
    key: 'bidsWonThisMonth',
    label: 'Bids won this month',
    hint: 'Trips awarded to you since the 1st',
    to: PATHS.wonBids,
    icon: IconTrophy,
  },
  {
    key: 'tripsNeedingResources',
    label: 'Trips needing resources',
    hint: 'Waiting for a truck, a driver and a motor boy',
    to: `${PATHS.trips}?tab=uncompleted`,
    icon: IconTruck,
  },
];

const figureFormat = new Intl.NumberFormat('en-NG');

function Figures() {
  const dashboard = useTransporterDashboard();
  if (dashboard.isPending) {
    return (
      <SimpleGrid
        cols={{ base: 1, xs: 2, lg: 4 }}
        spacing="lg"
        role="status"
        aria-label="Loading your figures"
      >
        {FIGURES.map((figure) => (
          <Skeleton key={figure.key} h={124} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (dashboard.isError) {
    return (
      <QueryError
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
        title="Could not load your figures"
      />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
      {FIGURES.map((figure) => (
        <FigureCard
          key={figure.key}
          icon={figure.icon}
          label={figure.label}
          value={figureFormat.format(dashboard.data[figure.key])}
          detail={figure.hint}
          to={figure.to}
        />
      ))}
    </SimpleGrid>
  );
}

/** /transporterhome: the dashboard of transporters and their fleet managers. */
export function TransporterHomePage() {
  usePageTitle('Home');
  const state = useSession();
  const validation = useCompanyValidation();
  const firstName = state.status === 'signed-in' ? state.session.firstName : '';
  // The checklist stays until the company is verified; a failed check shows it with its error.
  const showChecklist = !validation.isPending && validation.data?.verificationStatus !== 'VERIFIED';
  return (
    <Stack gap="lg">
      <PageHeader
        title={greetingLine(firstName)}
        description="Find loads, bid on them and run your trucks."
      />
      <Figures />
      {showChecklist ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <VerificationChecklistCard />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
