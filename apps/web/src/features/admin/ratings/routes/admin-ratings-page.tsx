import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { MAX_RATING_SCORE, RATING_OPEN_DAYS, type AdminRating } from '@freightlane/domain';
import { IconEye, IconEyeOff, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../../components/data-table';
import { EmptyList } from '../../../../components/empty-list';
import { ListPagination } from '../../../../components/list-pagination';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { ListTabs, tabFrom } from '../../../../components/list-tabs';
import { PageHeader } from '../../../../components/page-header';
import { QueryList } from '../../../../components/query-list';
import { useListParams } from '../../../../components/use-list-params';
import { useLabels } from '../../../../i18n/labels/labels';
import { formatDate } from '../../../../lib/format';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { PATHS } from '../../../../lib/paths';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useAdminRatings, useSetCommentVisibility } from '../api/admin-ratings-api';
import { HideCommentDialog } from '../components/hide-comment-dialog';

const TABS = [
  { value: 'all', label: 'All ratings', withComment: false },
  { value: 'comments', label: 'With a comment', withComment: true },
] as const;

const SCORES = Array.from({ length: MAX_RATING_SCORE }, (_, i) => i + 1);

function Stars({ score }: { score: number }) {
  return (
    <Group gap={1} role="img" aria-label={`${score} of ${MAX_RATING_SCORE} stars`} wrap="nowrap">
      {SCORES.map((n) =>
        n <= score ? (
          <IconStarFilled key={n} size={16} color="var(--mantine-color-yellow-6)" aria-hidden />
        ) : (
          <IconStar key={n} size={16} color="var(--mantine-color-gray-5)" aria-hidden />
        ),
      )}
    </Group>
  );
}

function Tags({ rating }: { rating: AdminRating }) {
  const label = useLabels();
  if (rating.tags.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap">
      {rating.tags.map((tag) => (
        <Badge key={tag} variant="light" color="gray" radius="sm" tt="none" fw={500}>
          {label('ratingTag', tag)}
        </Badge>
      ))}
    </Group>
  );
}

function Comment({ rating }: { rating: AdminRating }) {
  if (rating.comment === null) {
    return (
      <Text size="sm" c="dimmed">
        No comment
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {rating.commentHidden ? (
        <Group gap={6} wrap="wrap">
          <Badge color="red" variant="light" radius="sm">
            Hidden
          </Badge>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {formatDate(rating.commentHiddenAt)}
            {rating.commentHiddenReason ? `: ${rating.commentHiddenReason}` : ''}
          </Text>
        </Group>
      ) : null}
      <Text
        size="sm"
        c={rating.commentHidden ? 'dimmed' : undefined}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {rating.comment}
      </Text>
    </Stack>
  );
}

function CommentAction({ rating, onHide }: { rating: AdminRating; onHide: (rating: AdminRating) => void }) {
  const visibility = useSetCommentVisibility();
  if (rating.comment === null) return null;
  const about = `trip ${rating.tripNumber}, by ${rating.raterCompanyName}`;
  if (!rating.commentHidden) {
    return (
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        leftSection={<IconEyeOff size={14} aria-hidden />}
        aria-label={`Hide comment: ${about}`}
        onClick={() => onHide(rating)}
      >
        Hide comment
      </Button>
    );
  }
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconEye size={14} aria-hidden />}
      aria-label={`Show comment: ${about}`}
      loading={visibility.isPending}
      onClick={() =>
        visibility.mutate(
          { ratingId: rating.id, body: { hidden: false } },
          {
            onSuccess: () => notifySuccess(`The comment on trip ${rating.tripNumber} shows again.`),
            onError: (error) => notifyError(error, 'Comment not shown'),
          },
        )
      }
    >
      Show comment
    </Button>
  );
}

function columns(onHide: (rating: AdminRating) => void): DataColumn<AdminRating>[] {
  return [
    {
      key: 'trip',
      header: 'Trip',
      keep: true,
      cell: (r) => (
        <Anchor component={Link} to={PATHS.trip(r.tripId)} size="sm">
          {r.tripNumber}
        </Anchor>
      ),
    },
    {
      key: 'companies',
      header: 'Rater → rated',
      card: 'line',
      cell: (r) => (
        <Stack gap={0}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {r.raterCompanyName} → {r.ratedCompanyName}
          </Text>
          <Text size="xs" c="dimmed">
            {r.raterSide === 'customer' ? 'Customer rates transporter' : 'Transporter rates customer'}
          </Text>
        </Stack>
      ),
    },
    { key: 'score', header: 'Score', keep: true, card: 'corner', cell: (r) => <Stars score={r.score} /> },
    { key: 'tags', header: 'Tags', cell: (r) => <Tags rating={r} /> },
    { key: 'given', header: 'Rated on', keep: true, cell: (r) => formatDate(r.createdAt) },
    { key: 'comment', header: 'Comment', card: 'line', cell: (r) => <Comment rating={r} /> },
    {
      key: 'action',
      header: 'Action',
      keep: true,
      card: 'line',
      cell: (r) => <CommentAction rating={r} onHide={onHide} />,
    },
  ];
}

/**
 * /admin/ratings: every trip rating, newest first, with comments as written, and hiding an abusive
 * comment (with a reason) or showing it again. The score and tags always stay.
 */
export function AdminRatingsPage() {
  usePageTitle('Ratings');
  const list = useListParams();
  const tab = tabFrom(TABS, list.params.get('tab'));
  const ratings = useAdminRatings({ withComment: tab.withComment, page: list.page });
  const isDesktop = useBreakpoint('md');
  const [hiding, setHiding] = useState<AdminRating | null>(null);

  return (
    <>
      <PageHeader
        title="Ratings"
        description="What the companies of delivered trips said about each other, newest first. Hide a comment that is abusive; its score and tags stay, and both companies see that Freightlane hid it."
      />
      <Stack gap="lg">
        <ListTabs tabs={TABS} tab={tab} list={list}>
          <QueryList
            query={ratings}
            skeleton={<ListSkeleton label="Loading ratings" height={isDesktop ? 56 : 200} />}
            failure="Could not load the ratings"
            empty={
              <EmptyList icon={IconStar}>
                {tab.withComment
                  ? 'No rating carries a comment yet.'
                  : `No trip has been rated yet. Each side of a delivered trip may rate the other for ${RATING_OPEN_DAYS} days.`}
              </EmptyList>
            }
          >
            {(rows) => (
              <DataTable
                label="Ratings"
                columns={columns(setHiding)}
                rows={rows}
                rowKey={(r) => r.id}
                tableFrom="md"
              />
            )}
          </QueryList>
        </ListTabs>
        {ratings.data ? (
          <ListPagination page={ratings.data} noun={['rating', 'ratings']} onChange={list.setPage} />
        ) : null}
      </Stack>
      {hiding ? <HideCommentDialog rating={hiding} opened onClose={() => setHiding(null)} /> : null}
    </>
  );
}
