import { HIDE_COMMENT_REASON_MESSAGE, type AdminRating } from '@freightlane/domain';
import { z } from 'zod';
import { ReasonDialog } from '../../../../components/reason-dialog';
import { useSetCommentVisibility } from '../api/admin-ratings-api';

/** The reason as the request takes it (the request's `hidden` is the dialog's own). */
const hideCommentReason = z.object({
  reason: z
    .string()
    .trim()
    .min(1, HIDE_COMMENT_REASON_MESSAGE)
    .max(500, 'Reason must be at most 500 characters'),
});

/**
 * Hiding an abusive comment needs a reason, kept in the audit log. The score and tags stay: they are the
 * rater's judgement of the trip, from a fixed list.
 */
export function HideCommentDialog({
  rating,
  opened,
  onClose,
}: {
  rating: AdminRating;
  opened: boolean;
  onClose: () => void;
}) {
  const visibility = useSetCommentVisibility();
  return (
    <ReasonDialog
      opened={opened}
      onClose={onClose}
      title="Hide this comment?"
      intro={`${rating.raterCompanyName}'s comment on trip ${rating.tripNumber} is hidden from both companies, the rater included. The score and tags stay. You can show the comment again.`}
      reasonDescription="Say why. Admins read this here and in the audit log."
      submitLabel="Hide comment"
      schema={hideCommentReason}
      send={(reason) => visibility.mutateAsync({ ratingId: rating.id, body: { hidden: true, reason } })}
      successMessage={`The comment on trip ${rating.tripNumber} is hidden.`}
      failureTitle="Comment not hidden"
    />
  );
}
