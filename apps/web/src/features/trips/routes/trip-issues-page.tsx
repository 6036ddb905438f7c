import {
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { TRIP_ISSUE_TYPE_LABELS, placeWords, type Role, type TripIssue } from '@freightlane/domain';
import { IconCircleCheck, IconMapPin } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useRole } from '../../../lib/session-context';
import { useActionError } from '../../../components/action-error';
import { EmptyList } from '../../../components/empty-list';
import { ListPagination } from '../../../components/list-pagination';
import { ListSkeleton } from '../../../components/list-skeleton';
import { NoticeDialog } from '../../../components/notice-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/query-list';
import { TableFrame } from '../../../components/table-frame';
import { useListParams } from '../../../components/use-list-params';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { useResolveTripIssue, useTripIssues } from '../api/trip-issues-api';
import { IssueStatusBadge } from '../components/issue-status-badge';
import { useBreakpoint } from '../../../lib/use-breakpoint';

const FILTERS = [
  { value: 'open', label: 'Open' },
  { value: 'all', label: 'All' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

function readFilter(value: string | null): Filter {
  return value === 'all' ? 'all' : 'open';
}

const DESCRIPTIONS: Record<'customer' | 'transporter' | 'admin', string> = {
  customer: 'Breakdowns, delays and diversions on your trips. An open issue shows the trip as delayed.',
  transporter: 'What went wrong on the road. Mark an issue resolved once the truck is moving again.',
  admin: 'Issues reported on every trip on Freightlane.',
};

function descriptionFor(role: Role | null): string {
  if (role === 'role_customer') return DESCRIPTIONS.customer;
  if (role === 'role_admin') return DESCRIPTIONS.admin;
  return DESCRIPTIONS.transporter;
}

function TripLink({ issue }: { issue: TripIssue }) {
  return (
    // A trip number broken over two lines on a phone card reads as two numbers.
    <Anchor
      component={Link}
      to={PATHS.trip(issue.trip.id)}
      fw={600}
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
    >
      {issue.trip.tripNumber}
    </Anchor>
  );
}

function IssueText({ issue }: { issue: TripIssue }) {
  const place = issue.location
    ? placeWords([issue.location.description, issue.location.lga, issue.location.state])
    : null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {TRIP_ISSUE_TYPE_LABELS[issue.issueType]}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
        {issue.description}
      </Text>
      {place ? (
        // "Near Ikeja, Lagos" or "12 km from Ore, Ondo": the place says its own preposition.
        <Group gap={4} wrap="nowrap" align="flex-start">
          <IconMapPin size={14} aria-label="Where" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="xs" c="dimmed">
            {place}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

function Opened({ issue }: { issue: TripIssue }) {
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(issue.openingTimeStamp)}
      </Text>
      <Text size="xs" c="dimmed">
        by {issue.openedBy}
      </Text>
    </Stack>
  );
}

/** Once resolved, when and by whom. */
function ResolvedText({ issue }: { issue: TripIssue }) {
  if (issue.status !== 'RESOLVED' || !issue.resolvedAt) return null;
  return (
    <Text size="xs" c="dimmed">
      Resolved <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(issue.resolvedAt)}</span>
      {issue.resolvedBy ? ` by ${issue.resolvedBy}` : ''}
    </Text>
  );
}

/** The badge, and once resolved, when and by whom. */
function IssueState({ issue }: { issue: TripIssue }) {
  return (
    <Stack gap={2} align="flex-start">
      <IssueStatusBadge status={issue.status} />
      <ResolvedText issue={issue} />
    </Stack>
  );
}

function ResolveButton({ issue, onResolve }: { issue: TripIssue; onResolve: (issue: TripIssue) => void }) {
  if (issue.status !== 'OPEN') return null;
  return (
    <Button
      size="xs"
      variant="light"
      // Two words on one line: the table gives the button its room rather than a taller row.
      styles={{ label: { whiteSpace: 'nowrap' } }}
      onClick={() => onResolve(issue)}
      aria-label={`Mark resolved: ${TRIP_ISSUE_TYPE_LABELS[issue.issueType]} on ${issue.trip.tripNumber}`}
    >
      Mark resolved
    </Button>
  );
}

function IssuesTable({ issues, onResolve }: { issues: TripIssue[]; onResolve: (issue: TripIssue) => void }) {
  return (
    <TableFrame label="Trip issues">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Trip</Table.Th>
          <Table.Th scope="col">Issue</Table.Th>
          <Table.Th scope="col">Opened</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>Action</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {issues.map((issue) => (
          <Table.Tr key={issue.id}>
            <Table.Td data-keep>
              <TripLink issue={issue} />
            </Table.Td>
            <Table.Td style={{ minWidth: 200 }}>
              <IssueText issue={issue} />
            </Table.Td>
            <Table.Td>
              <Opened issue={issue} />
            </Table.Td>
            <Table.Td>
              <IssueState issue={issue} />
            </Table.Td>
            <Table.Td data-keep style={{ textAlign: 'right' }}>
              <ResolveButton issue={issue} onResolve={onResolve} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableFrame>
  );
}

function IssueCards({ issues, onResolve }: { issues: TripIssue[]; onResolve: (issue: TripIssue) => void }) {
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label="Trip issues"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {issues.map((issue) => (
        <Card key={issue.id} withBorder radius="md" padding="md" component="li">
          <Group justify="space-between" wrap="nowrap" align="flex-start" mb={6}>
            <TripLink issue={issue} />
            <IssueStatusBadge status={issue.status} />
          </Group>
          <IssueText issue={issue} />
          <Text size="xs" c="dimmed" mt={6}>
            Opened <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(issue.openingTimeStamp)}</span> by{' '}
            {issue.openedBy}
          </Text>
          <ResolvedText issue={issue} />
          {issue.status === 'OPEN' ? (
            <Group justify="flex-end" mt="sm">
              <ResolveButton issue={issue} onResolve={onResolve} />
            </Group>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}

/** /trips/issues: breakdowns and delays on the caller's trips (every trip for an admin), open ones first. */
export function TripIssuesPage() {
  usePageTitle('Issues');
  const role = useRole();
  const list = useListParams();
  const filter = readFilter(list.params.get('show'));
  const filterLabelId = useId();
  const isDesktop = useBreakpoint('sm');
  const issues = useTripIssues({ status: filter === 'open' ? 'OPEN' : undefined, page: list.page });
  const resolve = useResolveTripIssue();
  const showActionError = useActionError();
  const [resolving, setResolving] = useState<TripIssue | null>(null);

  function confirmResolve() {
    if (!resolving) return;
    resolve.mutate(resolving.id, {
      onSuccess: (issue) => {
        notifySuccess(`${TRIP_ISSUE_TYPE_LABELS[issue.issueType]} on ${issue.trip.tripNumber} is resolved.`);
        setResolving(null);
      },
      onError: (error) => {
        showActionError(error);
        setResolving(null);
      },
    });
  }

  const data = issues.data;
  const content = (
    <QueryList
      query={issues}
      skeleton={<ListSkeleton label="Loading issues" height={72} />}
      failure="Could not load the issues"
      empty={
        <EmptyList icon={IconCircleCheck}>
          {filter === 'open'
            ? 'No open issues. Breakdowns and delays reported on a trip show here until they are resolved.'
            : 'No issues reported yet. When something goes wrong on a trip, it is reported from the trip’s page.'}
        </EmptyList>
      }
    >
      {(rows) =>
        isDesktop ? (
          <IssuesTable issues={rows} onResolve={setResolving} />
        ) : (
          <IssueCards issues={rows} onResolve={setResolving} />
        )
      }
    </QueryList>
  );

  return (
    <>
      <PageHeader title="Issues" description={descriptionFor(role)} />
      <Stack gap="md">
        <Stack gap={4}>
          <Text id={filterLabelId} size="sm" fw={500}>
            Show
          </Text>
          <SegmentedControl
            aria-labelledby={filterLabelId}
            data={FILTERS.map((f) => ({ value: f.value, label: f.label }))}
            value={filter}
            onChange={(value) => list.update({ show: readFilter(value) === 'all' ? 'all' : null })}
            w="fit-content"
          />
        </Stack>
        {content}
        {data ? <ListPagination page={data} noun={['issue', 'issues']} onChange={list.setPage} /> : null}
      </Stack>
      <NoticeDialog
        opened={resolving !== null}
        title="Mark this issue resolved?"
        buttons="yes-no"
        onClose={() => setResolving(null)}
        onConfirm={confirmResolve}
        confirming={resolve.isPending}
      >
        {resolving
          ? `${TRIP_ISSUE_TYPE_LABELS[resolving.issueType]} on ${resolving.trip.tripNumber}: the trip no longer shows as delayed because of it.`
          : ''}
      </NoticeDialog>
    </>
  );
}
