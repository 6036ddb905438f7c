import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** page is zero-based, as in the Spring-style envelope the spec's list calls use. */
export const pageQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(0, 'page starts at 0').default(0),
  size: z.coerce
    .number({ error: 'size must be a number' })
    .int()
    .min(1, 'size must be at least 1')
    .max(MAX_PAGE_SIZE, `size must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * The most matches a search or a status filter counts one by one: past it the list says "more than 1,000"
 * rather than reading every match of a million trips to give the exact figure (decision 039). Fifty pages
 * of twenty: nobody pages further than that before narrowing the search.
 */
export const COUNT_LIMIT = 1_000;

/**
 * The page envelope: content, totalElements, totalPages, number, size; and totalIsLowerBound when the count
 * stopped at COUNT_LIMIT, so totalElements is a floor ("more than 1,000").
 */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
    totalIsLowerBound: z.literal(true).optional(),
  });
}
export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  totalIsLowerBound?: true;
}

/** A count that stopped at COUNT_LIMIT: there are at least `atLeast` rows. */
export interface CountAtLeast {
  atLeast: number;
}

/** What a list's count gives: the exact figure, or a floor when counting stopped at COUNT_LIMIT. */
export type ListTotal = number | CountAtLeast;

/** A count of up to `limit` + 1 rows as a list's total: one more than the limit means "more than". */
export function cappedTotal(counted: number, limit = COUNT_LIMIT): ListTotal {
  return counted > limit ? { atLeast: limit } : counted;
}

export function toPage<T>(content: T[], total: ListTotal, query: PageQuery): Page<T> {
  const lowerBound = typeof total === 'object';
  const totalElements = lowerBound ? total.atLeast : total;
  return {
    content,
    totalElements,
    totalPages: Math.ceil(totalElements / query.size),
    number: query.page,
    size: query.size,
    ...(lowerBound ? { totalIsLowerBound: true as const } : {}),
  };
}

/** An optional search text from a query string: trimmed, empty means none. */
export const searchText = z
  .string()
  .trim()
  .max(100, 'Search text must be at most 100 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

/** A Spring-style sort list: `sort` may repeat; each entry is `field,DIRECTION` from `allowed`. */
export function sortParam<const S extends string>(allowed: readonly S[]) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v, ctx) => {
      const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
      const bad = list.find((s) => !(allowed as readonly string[]).includes(s));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `Sort by one of ${allowed.join(' | ')}` });
        return z.NEVER;
      }
      return list as S[];
    });
}
