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
import { useGreetingLine } from '../components/greeting';
import { useDashboardText } from '../text';

type DashboardText = ReturnType<typeof useDashboardText>;
type DashboardKey = Parameters<DashboardText>[0];

/** The dashboard's counts (the rest of it only words them). */
type FigureKey = 'newBids' | 'monitoredBids' | 'bidsWonThisMonth' | 'tripsNeedingResources';

interface Figure {
  key: FigureKey;
  label: DashboardKey;
  /** What exactly is counted; the list a card opens may hold more (e.g. every trip ever won). */
  hint: (t: DashboardText, dashboard: TransporterDashboard) => string;
  to: string;
  icon: Icon;
}

const FIGURES: Figure[] = [
  {
    key: 'newBids',
    label: 'transporter.newBids',
    hint: (t) => t('transporter.newBidsHint'),
    to: PATHS.bids,
    icon: IconGavel,
  },
  {
    key: 'monitoredBids',
    label: 'transporter.monitoredBids',
    hint: (t) => t('transporter.monitoredBidsHint'),
    to: PATHS.monitoredBids,
    icon: IconEye,
  },
  {
    key: 'bidsWonThisMonth',
    label: 'transporter.bidsWon',
    hint: (t, dashboard) =>
      t('transporter.bidsWonHint', { since: formatCalendarDate(dashboard.bidsWonSince) }),
    to: PATHS.wonBids,
    icon: IconTrophy,
  },
  {
    key: 'tripsNeedingResources',
    label: 'transporter.needResources',
    hint: (t) => t('transporter.needResourcesHint'),
    to: `${PATHS.trips}?tab=uncompleted`,
    icon: IconTruck,
  },
];

const figureFormat = new Intl.NumberFormat('en-NG');

function Figures() {
  const t = useDashboardText();
  const dashboard = useTransporterDashboard();
  if (dashboard.isPending) {
    return (
      <SimpleGrid
        cols={{ base: 1, xs: 2, lg: 4 }}
        spacing="lg"
        role="status"
        aria-label={t('transporter.loading')}
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
        title={t('transporter.loadFailed')}
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
          label={t(figure.label)}
          value={figureFormat.format(dashboard.data[figure.key])}
          detail={figure.hint(t, dashboard.data)}
          to={figure.to}
        />
      ))}
    </FigureGrid>
  );
}

/** /transporterhome: the dashboard of transporters and their fleet managers. */
export function TransporterHomePage() {
  const t = useDashboardText();
  usePageTitle(t('home.title'));
  const state = useSession();
  const validation = useCompanyValidation();
  const firstName = state.status === 'signed-in' ? state.session.firstName : '';
  const greeting = useGreetingLine(firstName);
  // The checklist stays until the company is verified; a failed check shows it with its error.
  const showChecklist = !validation.isPending && validation.data?.verificationStatus !== 'VERIFIED';
  return (
    <Stack gap="lg">
      <PageHeader title={greeting} description={t('transporter.description')} />
      <Figures />
      {showChecklist ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <VerificationChecklistCard />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
