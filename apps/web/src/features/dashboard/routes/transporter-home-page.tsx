import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { TransporterDashboard } from '@freightlane/domain';
import { IconEye, IconGavel, IconTrophy, IconTruck, type Icon } from '@tabler/icons-react';
import { formatCalendarDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useTransporterDashboard } from '../api/transporter-dashboard-api';
import { useCompanyValidation, VerificationChecklistCard } from '../../company';
import { FigureCard } from '../components/figure-card';
import { FigureGrid } from '../../../components/figure-text';
import { greetingLine } from '../components/greeting';

/** The dashboard's counts (the rest of it only words them). */
type FigureKey = 'newBids' | 'monitoredBids' | 'bidsWonThisMonth' | 'tripsNeedingResources';

interface Figure {
  key: FigureKey;
  label: string;
  /** What exactly is counted; the list a card opens may hold more (e.g. every trip ever won). */
  hint: (dashboard: TransporterDashboard) => string;
  to: string;
  icon: Icon;
}

const FIGURES: Figure[] = [
  {
    key: 'newBids',
    label: 'New bids',
    hint: () => 'Open orders you have not bid on yet',
    to: PATHS.bids,
    icon: IconGavel,
  },
  {
    key: 'monitoredBids',
    label: 'Monitored bids',
    hint: () => 'Orders you watch that are still open',
    to: PATHS.monitoredBids,
    icon: IconEye,
  },
  {
    key: 'bidsWonThisMonth',
    label: 'Bids won this month',
    hint: (dashboard) =>
      `Orders you won since ${formatCalendarDate(dashboard.bidsWonSince)}; the list shows every trip you won`,
    to: PATHS.wonBids,
    icon: IconTrophy,
  },
  {
    key: 'tripsNeedingResources',
    label: 'Trips needing resources',
    hint: () => 'Not finished and still without a truck or a driver',
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
    <FigureGrid
      component="div"
      gap="lg"
      values={FIGURES.map((figure) => figureFormat.format(dashboard.data[figure.key]))}
    >
      {FIGURES.map((figure) => (
        <FigureCard
          key={figure.key}
          icon={figure.icon}
          label={figure.label}
          value={figureFormat.format(dashboard.data[figure.key])}
          detail={figure.hint(dashboard.data)}
          to={figure.to}
        />
      ))}
    </FigureGrid>
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
