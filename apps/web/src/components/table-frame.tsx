import { Table, type TableProps } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useComponentsText } from './text';
import './table-frame.css';

/**
 * Every table of the app sits in this frame. The table is laid out by the browser to the width it is
 * given: headers wrap between words, text cells wrap, figures, dates and numbers stay whole, so at a
 * laptop's 1280 px every column is in view. Where a table still cannot fit (a tablet, a very wide
 * report), the frame scrolls sideways with its first column fixed, and a shadow on the side that has
 * more columns says so; the frame is then a named, focusable region a keyboard can scroll.
 */
/** From this many columns a table is dense (DataTable and the reports decide by their columns). */
export const DENSE_FROM_COLUMNS = 8;

export function TableFrame({
  label,
  children,
  striped,
  highlightOnHover = true,
  minWidth,
  dense = false,
}: {
  /** The table's name, read out for the table and its scrolling region. */
  label: string;
  children: ReactNode;
  striped?: TableProps['striped'];
  highlightOnHover?: boolean;
  /** Below this width the table scrolls rather than squeezing its columns further. */
  minWidth?: number;
  /** Smaller type and tighter padding, for a table of many columns (eight or more). */
  dense?: boolean;
}) {
  const t = useComponentsText();
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, []);

  const scrolls = edges.left || edges.right;
  return (
    <div
      className="fl-table-frame"
      data-more-left={edges.left || undefined}
      data-more-right={edges.right || undefined}
    >
      <div
        ref={scroller}
        className="fl-table-scroller"
        role={scrolls ? 'region' : undefined}
        aria-label={scrolls ? t('tableFrame.scrolls', { label }) : undefined}
        tabIndex={scrolls ? 0 : undefined}
      >
        <Table
          className="fl-table"
          miw={minWidth}
          verticalSpacing="xs"
          horizontalSpacing="xs"
          striped={striped}
          highlightOnHover={highlightOnHover}
          aria-label={label}
          data-dense={dense || undefined}
        >
          {children}
        </Table>
      </div>
    </div>
  );
}
