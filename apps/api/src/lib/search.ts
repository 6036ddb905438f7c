/**
 * A search text as an ILIKE pattern that matches it anywhere. The user's own % and _ are escaped,
 * so "50%" finds "50%" rather than everything that starts with "50".
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
