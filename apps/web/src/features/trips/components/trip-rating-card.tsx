import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  RATING_EDIT_DAYS,
  RATING_HIDDEN_DAYS,
  ratingTagsOf,
  type RateTripInput,
  type RaterSide,
  type Rating,
  type TripDetail,
} from '@freightlane/domain';
import { IconEdit } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { QueryError } from '../../../components/query-error';
import { useLabels } from '../../../i18n/labels/labels';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useChangeMyRating, useRateTrip, useTripRatings } from '../api/trip-ratings-api';
import { RatingStars } from './rating-stars';
import { TripRatingForm } from './trip-rating-form';
import { useTripComponentsText } from './text';

/** The server's words for a refused rating: each field's message when it names them, else its message. */
function refusalOf(error: unknown): string {
  if (error instanceof ApiError && error.errors.length > 0) {
    return [...new Set(error.errors.map((e) => e.message))].join(' ');
  }
  return errorMessage(error);
}

/** One side's rating as it shows: stars, tags, comment (or that Freightlane hid it) and when it was given. */
function RatingView({ rating }: { rating: Rating }) {
  const t = useTripComponentsText();
  const label = useLabels();
  return (
    <Stack gap={6}>
      <RatingStars score={rating.score} />
      {rating.tags.length > 0 ? (
        <Group
          gap={4}
          wrap="wrap"
          component="ul"
          aria-label={t('rating.tags')}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {rating.tags.map((tag) => (
            <Badge key={tag} component="li" variant="light" color="gray" radius="sm" tt="none" fw={500}>
              {label('ratingTag', tag)}
            </Badge>
          ))}
        </Group>
      ) : null}
      {rating.commentHidden ? (
        <Text size="sm" c="dimmed" fs="italic">
          {t('rating.commentHidden')}
        </Text>
      ) : rating.comment ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {rating.comment}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('rating.given', { date: formatDate(rating.createdAt) })}
      </Text>
    </Stack>
  );
}

function CardFrame({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="rating-title">
      <Title order={2} fz="lg" id="rating-title" mb="sm" style={{ overflowWrap: 'anywhere' }}>
        {heading}
      </Title>
      {children}
    </Card>
  );
}

/**
 * A delivered trip's ratings for one of its two companies: the form to rate the other company while the
 * window is open, then its own rating (changeable for 7 days while the other has not rated) and the
 * other's once it shows. Both rate blind: neither reads the other's rating before giving its own.
 */
export function TripRatingCard({ trip, side }: { trip: TripDetail; side: 'CUSTOMER' | 'TRANSPORTER' }) {
  const t = useTripComponentsText();
  const raterSide: RaterSide = side === 'CUSTOMER' ? 'customer' : 'transporter';
  const them = raterSide === 'customer' ? trip.transporterName : trip.customerName;
  const ratings = useTripRatings(trip.id);
  const rate = useRateTrip(trip.id);
  const change = useChangeMyRating(trip.id);
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (ratings.isPending) {
    return (
      <CardFrame heading={t('rating.title')}>
        <Stack gap="sm" role="status" aria-label={t('rating.loading')}>
          <Skeleton h={20} w="60%" />
          <Skeleton h={44} w={240} />
        </Stack>
      </CardFrame>
    );
  }
  if (ratings.isError) {
    return (
      <CardFrame heading={t('rating.title')}>
        <QueryError
          error={ratings.error}
          onRetry={() => void ratings.refetch()}
          title={t('rating.loadError')}
        />
      </CardFrame>
    );
  }

  const { canRate, rateUntil, mine, theirs, theirsGiven, theirsShowsAt, editableUntil } = ratings.data;
  // The day the other side's hidden rating shows anyway, named rather than counted from a day not shown.
  const showsOn = theirsShowsAt ? formatDate(theirsShowsAt) : '';
  const now = Date.now();
  const canEdit = mine !== null && editableUntil !== null && Date.parse(editableUntil) > now;
  const closed = rateUntil !== null && Date.parse(rateUntil) <= now;
  // Before delivery, or for a cancelled trip, there is nothing to rate and nothing to read.
  if (!canRate && !mine && !theirsGiven && !closed) return null;

  async function send(body: RateTripInput) {
    setFailure(null);
    try {
      if (mine) {
        await change.mutateAsync(body);
        notifySuccess(t('rating.changed', { name: them }));
        setEditing(false);
      } else {
        await rate.mutateAsync(body);
        notifySuccess(t('rating.saved', { name: them }));
      }
    } catch (error) {
      setFailure(refusalOf(error));
      throw error;
    }
  }

  const tags = ratingTagsOf(raterSide);
  const failureAlert = failure ? (
    <Alert color="red" role="alert">
      {failure}
    </Alert>
  ) : null;

  if (canRate && !mine) {
    return (
      <CardFrame heading={t('rating.howWas', { name: them })}>
        <Stack gap="md">
          <Stack gap={2}>
            <Text size="sm">{t('rating.blindNote', { name: them, days: RATING_HIDDEN_DAYS })}</Text>
            <Text size="sm">{t('rating.changeNote', { days: RATING_EDIT_DAYS })}</Text>
            {rateUntil ? (
              <Text size="xs" c="dimmed">
                {t('rating.rateUntil', { date: formatDate(rateUntil) })}
              </Text>
            ) : null}
          </Stack>
          {theirsGiven ? (
            <Alert color="blue" variant="light">
              {t('rating.theirsWaiting', { name: them, date: showsOn })}
            </Alert>
          ) : null}
          <TripRatingForm tags={tags} initial={null} failure={failure} onSubmit={send} />
        </Stack>
      </CardFrame>
    );
  }

  const editingNow = editing && canEdit;
  const mineSection = (
    <Paper withBorder radius="sm" p="sm" component="section" aria-labelledby="rating-mine">
      <Group justify="space-between" gap="xs" mb="xs" align="flex-start" wrap="nowrap">
        <Text fw={600} size="sm" id="rating-mine" style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>
          {t('rating.yours', { name: them })}
        </Text>
        {canEdit && !editingNow ? (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconEdit size={14} aria-hidden />}
            onClick={() => {
              setFailure(null);
              setEditing(true);
            }}
            aria-label={t('rating.editLabel')}
          >
            {t('rating.edit')}
          </Button>
        ) : null}
      </Group>
      {mine ? (
        editingNow ? (
          <TripRatingForm
            tags={tags}
            initial={mine}
            failure={failure}
            onSubmit={send}
            onCancel={() => {
              setFailure(null);
              setEditing(false);
            }}
          />
        ) : (
          <Stack gap="xs">
            <RatingView rating={mine} />
            {canEdit ? (
              <Text size="xs" c="dimmed">
                {t('rating.editableUntil', { date: formatDate(editableUntil) })}{' '}
                {t('rating.hiddenFromThem', { name: them, date: formatDate(editableUntil) })}
              </Text>
            ) : !theirsGiven ? (
              <Text size="xs" c="dimmed">
                {t('rating.visibleToThem', { name: them })}
              </Text>
            ) : null}
          </Stack>
        )
      ) : closed ? (
        <Text size="sm">{t('rating.closed', { date: formatDate(rateUntil) })}</Text>
      ) : null}
    </Paper>
  );

  const theirsSection = (
    <Paper withBorder radius="sm" p="sm" component="section" aria-labelledby="rating-theirs">
      <Text fw={600} size="sm" id="rating-theirs" mb="xs" style={{ overflowWrap: 'anywhere' }}>
        {t('rating.theirs', { name: them })}
      </Text>
      {theirs ? (
        <RatingView rating={theirs} />
      ) : theirsGiven ? (
        // Shown here only once this side can no longer rate: a side that rated reads the other's at once.
        <Text size="sm">{t('rating.theirsWaitingClosed', { name: them, date: showsOn })}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          {closed ? t('rating.theirsNone', { name: them }) : t('rating.theirsNotYet', { name: them })}
        </Text>
      )}
    </Paper>
  );

  return (
    <CardFrame heading={t('rating.title')}>
      <Stack gap="sm">
        {editingNow ? null : failureAlert}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {mineSection}
          {theirsSection}
        </SimpleGrid>
        {mine && theirs ? (
          <Text size="xs" c="dimmed">
            {t('rating.bothShown')}
          </Text>
        ) : null}
      </Stack>
    </CardFrame>
  );
}
