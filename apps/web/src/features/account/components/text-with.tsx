import { Fragment, type ReactNode } from 'react';

/** Stands in for a part while the text is formatted: private-use characters no catalog text holds. */
const mark = (index: number) => `\uE000${index}\uE001`;
const MARKS = /\uE000(\d+)\uE001/u;

/**
 * A catalog text with elements inside it (a bold e-mail address, a link), placed wherever the language
 * puts their arguments: `say` formats the text with each part's argument given as a mark, and the marks
 * are then swapped for the parts. A translator keeps the sentence whole instead of getting it in pieces.
 */
export function TextWith({
  say,
  parts,
}: {
  say: (values: Record<string, string>) => string;
  parts: Record<string, ReactNode>;
}) {
  const names = Object.keys(parts);
  const pieces = say(Object.fromEntries(names.map((name, i) => [name, mark(i)]))).split(MARKS);
  return (
    <>
      {pieces.map((piece, i) => (
        // split() puts each mark's number at the odd places, the text around the marks at the even ones.
        <Fragment key={i}>{i % 2 === 0 ? piece : parts[names[Number(piece)]!]}</Fragment>
      ))}
    </>
  );
}
