import type { AdminRating, commentVisibilityRequest, Page } from '@freightlane/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApi } from '../../../../lib/session-context';

type CommentVisibilityInput = z.input<typeof commentVisibilityRequest>;

export const RATING_PAGE_SIZE = 20;

export interface AdminRatingFilter {
  /** Only ratings that carry a comment (the ones that may need hiding). */
  withComment: boolean;
  /** Zero-based, as the API counts. */
  page: number;
}

/** The query keys of the back office's ratings: under ['admin'] like its other lists. */
export const ratingKeys = {
  all: ['admin', 'ratings'] as const,
  list: (filter: AdminRatingFilter) => [...ratingKeys.all, 'list', filter] as const,
};

function ratingsPath({ withComment, page }: AdminRatingFilter): string {
  const query = new URLSearchParams();
  if (withComment) query.set('withComment', 'true');
  query.set('page', String(page));
  query.set('size', String(RATING_PAGE_SIZE));
  return `/api/v1/admin/ratings?${query.toString()}`;
}

/** GET /api/v1/admin/ratings?withComment&page&size: every trip rating, newest first, comments as written. */
export function useAdminRatings(filter: AdminRatingFilter) {
  const api = useApi();
  return useQuery({
    queryKey: ratingKeys.list(filter),
    queryFn: ({ signal }) => api.get<Page<AdminRating>>(ratingsPath(filter), { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * PUT /api/v1/admin/ratings/{id}/comment-visibility: hide a comment (with a reason) or show it again. The
 * list is read again either way: a refusal (409) means another admin changed it meanwhile.
 */
export function useSetCommentVisibility() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ratingKeys.all });
  return useMutation({
    mutationFn: ({ ratingId, body }: { ratingId: string; body: CommentVisibilityInput }) =>
      api.put<AdminRating>(`/api/v1/admin/ratings/${encodeURIComponent(ratingId)}/comment-visibility`, body),
    onSuccess: refresh,
    onError: refresh,
  });
}
