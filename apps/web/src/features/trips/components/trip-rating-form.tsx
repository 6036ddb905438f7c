import { Alert, Button, Chip, Group, Stack, Text, Textarea } from '@mantine/core';
import {
  MAX_RATING_COMMENT,
  MAX_RATING_SCORE,
  MAX_RATING_TAGS,
  type RateTripInput,
  type Rating,
  type RatingTag,
} from '@freightlane/domain';
import { useId, useState } from 'react';
import { useLabels } from '../../../i18n/labels/labels';
import { RatingStarsInput } from './rating-stars';
import { useTripComponentsText } from './text';

/**
 * The rating to give or change: the stars, the tags of the direction (at most five; the rest wait once
 * five are chosen) and a comment. The server's refusal shows in the form as `failure`.
 */
export function TripRatingForm({
  tags,
  initial,
  failure,
  onSubmit,
  onCancel,
}: {
  /** The tags the caller's side may give: about a transporter or about a customer. */
  tags: readonly RatingTag[];
  /** The rating being changed; null for a new one. */
  initial: Rating | null;
  failure: string | null;
  /** Resolves once saved; a rejection leaves the form as it is. */
  onSubmit: (body: RateTripInput) => Promise<unknown>;
  /** Only when changing a rating: back to the rating as it is. */
  onCancel?: () => void;
}) {
  const t = useTripComponentsText();
  const label = useLabels();
  const id = useId();
  const [score, setScore] = useState<number | null>(initial?.score ?? null);
  // Only tags of this direction: a rating changed after the lists changed keeps what still fits.
  const [chosen, setChosen] = useState<string[]>(() =>
    (initial?.tags ?? []).filter((tag) => tags.includes(tag)),
  );
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [missingScore, setMissingScore] = useState(false);
  const [sending, setSending] = useState(false);
  const full = chosen.length >= MAX_RATING_TAGS;

  async function submit() {
    if (score === null) {
      setMissingScore(true);
      return;
    }
    setSending(true);
    try {
      const text = comment.trim();
      await onSubmit({ score, tags: chosen as RatingTag[], comment: text ? text : null });
    } catch {
      // The card shows the server's message (failure).
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!sending) void submit();
      }}
    >
      <Stack gap="md">
        <RatingStarsInput
          value={score}
          onChange={(next) => {
            setScore(next);
            setMissingScore(false);
          }}
          disabled={sending}
          error={missingScore ? t('rating.chooseScore', { max: MAX_RATING_SCORE }) : undefined}
        />
        <div role="group" aria-labelledby={`${id}-tags`} aria-describedby={`${id}-tags-hint`}>
          <Text component="div" id={`${id}-tags`} size="sm" fw={500}>
            {t('rating.tagsLabel')}
          </Text>
          <Text id={`${id}-tags-hint`} size="xs" c="dimmed" mb={6}>
            {t('rating.tagsHint', { max: MAX_RATING_TAGS })}{' '}
            <span aria-live="polite">
              {t('rating.tagsCount', { count: chosen.length, max: MAX_RATING_TAGS })}
            </span>
          </Text>
          <Chip.Group multiple value={chosen} onChange={setChosen}>
            <Group gap={6} wrap="wrap">
              {tags.map((tag) => (
                <Chip
                  key={tag}
                  value={tag}
                  size="sm"
                  radius="sm"
                  disabled={sending || (full && !chosen.includes(tag))}
                >
                  {label('ratingTag', tag)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
        <Textarea
          label={t('rating.commentLabel')}
          placeholder={t('rating.commentPlaceholder')}
          description={
            initial?.commentHidden
              ? `${t('rating.commentHiddenHint')} ${t('rating.commentCount', { count: comment.length, max: MAX_RATING_COMMENT })}`
              : t('rating.commentCount', { count: comment.length, max: MAX_RATING_COMMENT })
          }
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MAX_RATING_COMMENT}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          disabled={sending}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={sending}>
              {t('rating.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={sending}>
            {initial ? t('rating.save') : t('rating.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
