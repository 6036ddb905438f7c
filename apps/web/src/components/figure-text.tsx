import { Fragment } from 'react';

/** "₦23,390,000.00" with a break allowed after each thousands separator, and nowhere else. */
export function breakableFigure(value: string) {
  const groups = value.split(',');
  return groups.map((group, i) => (
    <Fragment key={i}>
      {group}
      {i < groups.length - 1 ? (
        <>
          ,<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/**
 * The largest size up to 28 px at which a figure of this many characters fits the card's width (bold
 * digits are about 0.66 em wide), and 20 px at least: a short count stays large, a long amount shrinks.
 */
export function figureSize(value: string): string {
  const fits = 100 / (Math.max(value.length, 1) * 0.66);
  return `clamp(1.25rem, ${fits.toFixed(2)}cqi, 1.75rem)`;
}
