import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { containsPattern, INDEXABLE, LETTER_OR_DIGIT, wordStartPattern } from '../lib/search';

/**
 * Whether a searched text holds `text`, case aside, in a way a pg_trgm index answers (decision 039): with
 * three letters or digits in a row anywhere in it; a shorter text matches the start of a word ("fl" finds
 * "FLBU 123", not "Sunflower"), since a one- or two-letter fragment anywhere would read every row; a text
 * with no letter or digit at all matches nothing.
 */
export function searchMatchSql(column: SQLWrapper, text: string): SQL {
  if (INDEXABLE.test(text)) return sql`${column} ILIKE ${containsPattern(text)}`;
  if (!LETTER_OR_DIGIT.test(text)) return sql`false`;
  return sql`${column} ~* ${wordStartPattern(text)}`;
}
