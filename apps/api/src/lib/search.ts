/**
 * A search text as an ILIKE pattern that matches it anywhere. The user's own % and _ are escaped,
 * so "50%" finds "50%" rather than everything that starts with "50".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Three letters or digits in a row: the least a trigram index can look a text up by. */
export const INDEXABLE = /[\p{L}\p{N}]{3}/u;
export const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/**
 * What may come before a word in the searched texts. Spelled out rather than "anything but a letter or
 * digit", which pg_trgm cannot read trigrams from, so the index would go unused.
 */
const WORD_START = "(^|[- ./#,&()_:;'])";

/**
 * A regular expression matching `text` at the start of a word. Every character that is not a letter or
 * digit is escaped, which PostgreSQL's expressions read as that character itself.
 */
export function wordStartPattern(text: string): string {
  return WORD_START + text.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`);
}
