import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { placeWords, type TripDetail, type TripIssue } from '@freightlane/domain';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useActionError } from '../../../components/action-error';
import { useLabels } from '../../../i18n/labels/labels';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useResolveTripIssue } from '../api/trip-issues-api';
import { IssueStatusBadge } from './issue-status-badge';
import { OpenIssueDialog } from './open-issue-dialog';
import { useTripComponentsText } from './text';

function IssueItem({ issue, canResolve }: { issue: TripIssue; canResolve: boolean }) {
  const t = useTripComponentsText();
  const labels = useLabels();
  const resolve = useResolveTripIssue();
  const showActionError = useActionError();
  const open = issue.status === 'OPEN';
  const label = labels('tripIssueType', issue.issueType);

  async function markResolved() {
    try {
      await resolve.mutateAsync(issue.id);
      notifySuccess(t('issues.markedResolved', { issue: label }));
    } catch (error) {
      showActionError(error);
    }
  }

  return (
    <Paper
      component="li"
      withBorder
      radius="sm"
      p="sm"
      bg={open ? 'orange.0' : undefined}
      style={open ? { borderLeft: '4px solid var(--mantine-color-orange-6)' } : undefined}
      aria-label={t(open ? 'issues.itemOpen' : 'issues.itemResolved', { issue: label })}
    >
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap" align="flex-start">
        <Group gap={6}>
          <Text fw={600} size="sm">
            {label}
          </Text>
          {issue.alarm ? (
            <Badge variant="outline" color="gray" size="sm" radius="sm" title={t('issues.trackingAlarmHint')}>
              {t('issues.trackingAlarm')}
            </Badge>
          ) : null}
        </Group>
        <IssueStatusBadge status={issue.status} />
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {issue.description}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {formatDateTime(issue.openingTimeStamp)} · {issue.openedBy}
        {issue.location
          ? ` · ${placeWords([issue.location.description, issue.location.lga, issue.location.state])}`
          : ''}
      </Text>
      {issue.resolvedAt ? (
        <Text size="xs" c="dimmed">
          {issue.resolvedBy
            ? t('issues.resolvedAtBy', { time: formatDateTime(issue.resolvedAt), name: issue.resolvedBy })
            : t('issues.resolvedAt', { time: formatDateTime(issue.resolvedAt) })}
        </Text>
      ) : null}
      {open && canResolve ? (
        <Button
          mt="xs"
          size="compact-sm"
          variant="light"
          color="green"
          leftSection={<IconCheck size={14} aria-hidden />}
          loading={resolve.isPending}
          onClick={() => void markResolved()}
          aria-label={t('issues.markResolvedLabel', { issue: label })}
        >
          {t('issues.markResolved')}
        </Button>
      ) : null}
    </Paper>
  );
}

/** Breakdowns, accidents and delays on the trip, newest first; an open one shows the trip as delayed. */
export function TripIssuesCard({ trip }: { trip: TripDetail }) {
  const t = useTripComponentsText();
  const [reporting, setReporting] = useState(false);
  const openCount = trip.issues.filter((issue) => issue.status === 'OPEN').length;
  const live = !trip.cancelled;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="issues-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <Title order={2} fz="lg" id="issues-title">
            {t('issues.title')}
          </Title>
          {openCount > 0 ? (
            <Badge color="orange" variant="filled" radius="sm">
              {t('issues.openCount', { count: openCount })}
            </Badge>
          ) : null}
        </Group>
        {live ? (
          <Button
            size="compact-sm"
            variant="light"
            color="orange"
            leftSection={<IconAlertTriangle size={14} aria-hidden />}
            onClick={() => setReporting(true)}
          >
            {t('issues.report')}
          </Button>
        ) : null}
      </Group>
      {trip.issues.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('issues.none')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {trip.issues.map((issue) => (
            <IssueItem key={issue.id} issue={issue} canResolve={live} />
          ))}
        </Stack>
      )}
      {live ? <OpenIssueDialog trip={trip} opened={reporting} onClose={() => setReporting(false)} /> : null}
    </Card>
  );
}
