import { Anchor, Badge, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CompanyProfile, TransporterProfile } from '@freightlane/domain';
import { IconArrowLeft, IconBuildingOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyList } from '../../../components/empty-list';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { useRole } from '../../../lib/session-context';
import { usePageTitle } from '../../../lib/use-page-title';
import { ScoreSummaryLine, ScorecardView, useCompanyScorecard } from '../../scorecards';
import { useCompanyProfile } from '../api/directory-api';
import { CompanyPlace, LaneList, TruckTypeList } from '../components/company-facts';
import { InviteButton } from '../components/invite-button';
import { useDirectoryText } from '../text';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The company's whole card, read through the scorecards feature (the same rule lets the caller read it). */
function ScorecardSection({ companyId }: { companyId: string }) {
  const t = useDirectoryText();
  const card = useCompanyScorecard(companyId, true);
  return (
    <Section title={t('profile.scorecard')}>
      {card.isPending ? (
        <Stack gap="sm" role="status" aria-label={t('profile.scorecardLoading')}>
          <Skeleton h={24} w={200} />
          <Skeleton h={240} />
        </Stack>
      ) : card.isError ? (
        <QueryError
          error={card.error}
          onRetry={() => void card.refetch()}
          title={t('profile.scorecardFailure')}
        />
      ) : (
        <ScorecardView card={card.data} />
      )}
    </Section>
  );
}

function FleetAndLanes({ profile }: { profile: TransporterProfile }) {
  const t = useDirectoryText();
  return (
    <Stack gap="md">
      <Section title={t('profile.fleet')}>
        <Text fw={600} mb="xs">
          {t('profile.fleetSize', { count: profile.fleetSize })}
        </Text>
        <TruckTypeList truckTypes={profile.truckTypes} />
      </Section>
      <Section title={t('profile.lanes')}>
        <Text size="xs" c="dimmed" mb="sm">
          {t('profile.lanesHow')}
        </Text>
        <LaneList lanes={profile.lanes} />
      </Section>
    </Stack>
  );
}

function ProfileView({ profile }: { profile: CompanyProfile }) {
  const t = useDirectoryText();
  usePageTitle(profile.name);
  const transporter = profile.side === 'transporter' ? profile : null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {profile.name}
            </Title>
            <Badge variant="outline" color="gray" radius="sm">
              {t(`profile.side.${profile.side}`)}
            </Badge>
          </Group>
          <CompanyPlace state={profile.state} verifiedSince={profile.verifiedSince} />
          <Text size="xs" c="dimmed">
            {t('profile.memberSince', { date: formatDate(profile.memberSince) })}
          </Text>
          <ScoreSummaryLine summary={profile.scorecard} side={profile.side} />
        </Stack>
        {transporter?.isPreferredPartner === undefined ? null : (
          <InviteButton
            companyId={transporter.companyId}
            name={transporter.name}
            isPreferredPartner={transporter.isPreferredPartner}
          />
        )}
      </Group>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: transporter ? 7 : 12 }}>
          <ScorecardSection companyId={profile.companyId} />
        </Grid.Col>
        {transporter ? (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <FleetAndLanes profile={transporter} />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useDirectoryText();
  usePageTitle(t('profile.pageTitle'));
  if (error instanceof ApiError && error.status === 404) {
    return (
      <>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('profile.notFoundTitle')}
        </Title>
        <EmptyList icon={IconBuildingOff}>{t('profile.notFoundText')}</EmptyList>
      </>
    );
  }
  return <QueryError error={error} onRetry={onRetry} title={t('profile.failure')} />;
}

function ProfileSkeleton() {
  const t = useDirectoryText();
  usePageTitle(t('profile.pageTitle'));
  return (
    <Stack gap="md" role="status" aria-label={t('profile.loading')}>
      <Skeleton h={36} w="50%" radius="md" />
      <Skeleton h={16} w="30%" radius="md" />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Skeleton h={360} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Skeleton h={240} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * /companies/:companyId: a company's profile as another company may read it (a transporter's to customers,
 * a customer's to transporters): where it is, since when it is verified, its scorecard, and for a
 * transporter its fleet, the lanes it served and, to a customer, the invitation to be a preferred partner.
 */
export function CompanyProfilePage() {
  const t = useDirectoryText();
  const { companyId = '' } = useParams();
  const profile = useCompanyProfile(companyId);
  const customer = useRole() === 'role_customer';
  return (
    <Stack gap="md">
      {customer ? (
        <Anchor component={Link} to={PATHS.transporters} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {t('profile.back')}
          </Group>
        </Anchor>
      ) : null}
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileView profile={profile.data} />
      )}
    </Stack>
  );
}
