import { Box, Group, Text } from '@mantine/core';
import { MAX_RATING_SCORE } from '@freightlane/domain';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTripComponentsText } from './text';
import './rating-stars.css';

const SCORES = Array.from({ length: MAX_RATING_SCORE }, (_, i) => i + 1);

/** A score as stars to read: one image named "4 of 5 stars". */
export function RatingStars({ score, size = 18 }: { score: number; size?: number }) {
  const t = useTripComponentsText();
  return (
    <Group gap={2} role="img" aria-label={t('rating.stars', { score, max: MAX_RATING_SCORE })} wrap="nowrap">
      {SCORES.map((n) =>
        n <= score ? (
          <IconStarFilled key={n} size={size} color="var(--mantine-color-yellow-6)" aria-hidden />
        ) : (
          <IconStar key={n} size={size} color="var(--mantine-color-gray-5)" aria-hidden />
        ),
      )}
    </Group>
  );
}

/**
 * The score to give: five large stars as a radio group. A click or tap picks a star; the arrow keys move
 * the choice as in any radio group; the pointer over a star shows what picking it would give.
 */
export function RatingStarsInput({
  value,
  onChange,
  disabled,
  error,
}: {
  value: number | null;
  onChange: (score: number) => void;
  disabled?: boolean;
  error?: string;
}) {
  const t = useTripComponentsText();
  const id = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div>
      <Text component="div" id={labelId} size="sm" fw={500} mb={4}>
        {t('rating.scoreLabel')}
      </Text>
      <Group gap="sm" align="center">
        <div
          role="radiogroup"
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          className="fl-stars"
          onMouseLeave={() => setHovered(null)}
        >
          {SCORES.map((n) => (
            <span key={n}>
              <input
                className="fl-star-input"
                type="radio"
                id={`${id}-${n}`}
                name={id}
                value={n}
                checked={value === n}
                disabled={disabled}
                onChange={() => onChange(n)}
                aria-label={t('rating.stars', { score: n, max: MAX_RATING_SCORE })}
              />
              <label
                className="fl-star-label"
                htmlFor={`${id}-${n}`}
                data-filled={n <= shown || undefined}
                onMouseEnter={() => (disabled ? undefined : setHovered(n))}
              >
                {n <= shown ? <IconStarFilled size={34} aria-hidden /> : <IconStar size={34} aria-hidden />}
              </label>
            </span>
          ))}
        </div>
        {shown > 0 ? (
          <Text size="sm" c="dimmed" aria-hidden>
            {t('rating.scoreWord', { score: shown })}
          </Text>
        ) : null}
      </Group>
      {error ? (
        <Box id={errorId} c="red.7" fz="sm" mt={4}>
          {error}
        </Box>
      ) : null}
    </div>
  );
}
