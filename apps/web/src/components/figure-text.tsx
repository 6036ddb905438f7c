import type { CSSProperties, ReactNode } from 'react';

/** Bold tabular digits and the naira sign are about two thirds of an em wide. */
const EM_PER_CHAR = 0.66;
/** The smallest a figure gets (20 px) and the largest (28 px). */
const SMALLEST = 1.25;
const LARGEST = 1.75;

/**
 * A grid of figure cards ("₦4,965,000.00", "45"). Every card is at least wide enough for the grid's
 * longest figure at the smallest size, so a figure never wraps: a phone shows fewer cards to a row
 * rather than breaking an amount. All cards of the grid are equally wide and every figure is sized
 * from the longest one, so the figures of one row share one size.
 */
export function FigureGrid({
  values,
  label,
  component = 'dl',
  gap = 'sm',
  children,
}: {
  /** The figures as shown, to size the cards by the longest. */
  values: string[];
  label?: string;
  component?: 'dl' | 'div';
  gap?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}) {
  const chars = Math.max(1, ...values.map((value) => value.length));
  const Tag = component;
  const style = {
    display: 'grid',
    gap: `var(--mantine-spacing-${gap})`,
    margin: 0,
    // The card's padding (2 × 16 px) and border beside the figure; 9.5 rem keeps a label readable.
    gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, max(9.5rem, calc(${chars} * ${EM_PER_CHAR} * ${SMALLEST}rem + 34px))), 1fr))`,
    '--figure-chars': chars,
  } as CSSProperties;
  return (
    <Tag aria-label={label} style={style} data-figure-grid>
      {children}
    </Tag>
  );
}

/**
 * The style of a figure in a card (the card must be `containerType: 'inline-size'`): as large as the
 * grid's longest figure allows in the card's width, on one line. Outside a FigureGrid it is sized by
 * its own length.
 */
export function figureStyle(value: string): CSSProperties {
  return {
    '--own-chars': Math.max(1, value.length),
    fontSize: `clamp(${SMALLEST}rem, calc(100cqi / (var(--figure-chars, var(--own-chars)) * ${EM_PER_CHAR})), ${LARGEST}rem)`,
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  } as CSSProperties;
}
