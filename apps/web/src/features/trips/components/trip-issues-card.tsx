import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { TRIP_ISSUE_TYPE_LABELS, placeWords, type TripDetail, type TripIssue } from '@freightlane/domain';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useActionError } from '../../../components/action-error';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useResolveTripIssue } from '../api/trip-issues-api';
import { IssueStatusBadge } from './issue-status-badge';
import { OpenIssueDialog } from './open-issue-dialog';

function IssueItem({ issue, canResolve }: { issue: TripIssue; canResolve: boolean }) {
  const resolve = useResolveTripIssue();
  const showActionError = useActionError();
  const open = issue.status === 'OPEN';
  const label = TRIP_ISSUE_TYPE_LABELS[issue.issueType];

  async function markResolved() {
    try {
      await resolve.mutateAsync(issue.id);
      notifySuccess(`${label} marked resolved.`);
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
      aria-label={`${label}, ${open ? 'open' : 'resolved'}`}
    >
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap" align="flex-start">
        <Group gap={6}>
          <Text fw={600} size="sm">
            {label}
          </Text>
          {issue.alarm ? (
            <Badge
              variant="outline"
              color="gray"
              size="sm"
              radius="sm"
              title="Raised by the truck's tracking, not by a person"
            >
              Tracking alarm
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
          Resolved {formatDateTime(issue.resolvedAt)}
          {issue.resolvedBy ? ` by ${issue.resolvedBy}` : ''}
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
          aria-label={`Mark ${label} resolved`}
        >
          Mark resolved
        </Button>
      ) : null}
    </Paper>
  );
}

/** Breakdowns, accidents and delays on the trip, newest first; an open one shows the trip as delayed. */
export function TripIssuesCard({ trip }: { trip: TripDetail }) {
  const [reporting, setReporting] = useState(false);
  const openCount = trip.issues.filter((issue) => issue.status === 'OPEN').length;
  const live = !trip.cancelled;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="issues-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <Title order={2} fz="lg" id="issues-title">
            Issues
          </Title>
          {openCount > 0 ? (
            <Badge color="orange" variant="filled" radius="sm">
              {openCount} open
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
            Report an issue
          </Button>
        ) : null}
      </Group>
      {trip.issues.length === 0 ? (
        <Text size="sm" c="dimmed">
          No issues reported. Report a breakdown, an accident or a delay so everyone on the trip knows.
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
