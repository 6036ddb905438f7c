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
import { placeWords, type Role, type TripIssue } from '@freightlane/domain';
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
import { useLabels } from '../../../i18n/labels/labels';
import { useTripRoutesText, type TripRoutesKey } from './text';

const FILTERS = [
  { value: 'open', label: 'issuesPage.filter.open' },
  { value: 'all', label: 'issuesPage.filter.all' },
] as const satisfies readonly { value: string; label: TripRoutesKey }[];
type Filter = (typeof FILTERS)[number]['value'];

function readFilter(value: string | null): Filter {
  return value === 'all' ? 'all' : 'open';
}

function descriptionFor(role: Role | null): TripRoutesKey {
  if (role === 'role_customer') return 'issuesPage.descriptionCustomer';
  if (role === 'role_admin') return 'issuesPage.descriptionAdmin';
  return 'issuesPage.descriptionTransporter';
}

/** A date and time kept on one line: a time broken from its day reads as two facts. */
function unbroken(text: string): string {
  return text.replace(/ /g, '\u00a0');
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
  const t = useTripRoutesText();
  const label = useLabels();
  const place = issue.location
    ? placeWords([issue.location.description, issue.location.lga, issue.location.state])
    : null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label('tripIssueType', issue.issueType)}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
        {issue.description}
      </Text>
      {place ? (
        // "Near Ikeja, Lagos" or "12 km from Ore, Ondo": the place says its own preposition.
        <Group gap={4} wrap="nowrap" align="flex-start">
          <IconMapPin size={14} aria-label={t('issuesPage.where')} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="xs" c="dimmed">
            {place}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

function Opened({ issue }: { issue: TripIssue }) {
  const t = useTripRoutesText();
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(issue.openingTimeStamp)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('issuesPage.openedBy', { name: issue.openedBy })}
      </Text>
    </Stack>
  );
}

/** Once resolved, when and by whom. */
function ResolvedText({ issue }: { issue: TripIssue }) {
  const t = useTripRoutesText();
  if (issue.status !== 'RESOLVED' || !issue.resolvedAt) return null;
  const when = unbroken(formatDateTime(issue.resolvedAt));
  return (
    <Text size="xs" c="dimmed">
      {issue.resolvedBy
        ? t('issuesPage.resolvedAtBy', { when, name: issue.resolvedBy })
        : t('issuesPage.resolvedAt', { when })}
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
  const t = useTripRoutesText();
  const label = useLabels();
  if (issue.status !== 'OPEN') return null;
  return (
    <Button
      size="xs"
      variant="light"
      // Two words on one line: the table gives the button its room rather than a taller row.
      styles={{ label: { whiteSpace: 'nowrap' } }}
      onClick={() => onResolve(issue)}
      aria-label={t('issuesPage.markResolvedLabel', {
        issue: label('tripIssueType', issue.issueType),
        tripNumber: issue.trip.tripNumber,
      })}
    >
      {t('issuesPage.markResolved')}
    </Button>
  );
}

function IssuesTable({ issues, onResolve }: { issues: TripIssue[]; onResolve: (issue: TripIssue) => void }) {
  const t = useTripRoutesText();
  return (
    <TableFrame label={t('issuesPage.tableLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('issuesPage.column.trip')}</Table.Th>
          <Table.Th scope="col">{t('issuesPage.column.issue')}</Table.Th>
          <Table.Th scope="col">{t('issuesPage.column.opened')}</Table.Th>
          <Table.Th scope="col">{t('issuesPage.column.status')}</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>{t('issuesPage.column.action')}</VisuallyHidden>
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
  const t = useTripRoutesText();
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label={t('issuesPage.tableLabel')}
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
            {t('issuesPage.openedAtBy', {
              when: unbroken(formatDateTime(issue.openingTimeStamp)),
              name: issue.openedBy,
            })}
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
  const t = useTripRoutesText();
  const label = useLabels();
  usePageTitle(t('issuesPage.title'));
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
        notifySuccess(
          t('issuesPage.resolvedToast', {
            issue: label('tripIssueType', issue.issueType),
            tripNumber: issue.trip.tripNumber,
          }),
        );
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
      skeleton={<ListSkeleton label={t('issuesPage.loading')} height={72} />}
      failure={t('issuesPage.failure')}
      empty={
        <EmptyList icon={IconCircleCheck}>
          {filter === 'open' ? t('issuesPage.emptyOpen') : t('issuesPage.emptyAll')}
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
      <PageHeader title={t('issuesPage.title')} description={t(descriptionFor(role))} />
      <Stack gap="md">
        <Stack gap={4}>
          <Text id={filterLabelId} size="sm" fw={500}>
            {t('issuesPage.show')}
          </Text>
          <SegmentedControl
            aria-labelledby={filterLabelId}
            data={FILTERS.map((f) => ({ value: f.value, label: t(f.label) }))}
            value={filter}
            onChange={(value) => list.update({ show: readFilter(value) === 'all' ? 'all' : null })}
            w="fit-content"
          />
        </Stack>
        {content}
        {data ? (
          <ListPagination
            page={data}
            noun={[t('issuesPage.pageNounOne'), t('issuesPage.pageNounMany')]}
            onChange={list.setPage}
          />
        ) : null}
      </Stack>
      <NoticeDialog
        opened={resolving !== null}
        title={t('issuesPage.confirmTitle')}
        buttons="yes-no"
        onClose={() => setResolving(null)}
        onConfirm={confirmResolve}
        confirming={resolve.isPending}
      >
        {resolving
          ? t('issuesPage.confirmText', {
              issue: label('tripIssueType', resolving.issueType),
              tripNumber: resolving.trip.tripNumber,
            })
          : ''}
      </NoticeDialog>
    </>
  );
}
