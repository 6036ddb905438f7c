/** The zero-based page of a list from the URL's `page`, 0 when missing or unreadable. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 0;
}
