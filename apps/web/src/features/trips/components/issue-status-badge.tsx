import { Badge } from '@mantine/core';
import type { TripIssueStatus } from '@freightlane/domain';
import { useTripComponentsText } from './text';

/** An open issue delays its trip (orange, the warning accent); a resolved one no longer does. */
const ISSUE_STATUS_COLORS: Record<TripIssueStatus, string> = { OPEN: 'orange', RESOLVED: 'green' };

export function IssueStatusBadge({ status }: { status: TripIssueStatus }) {
  const t = useTripComponentsText();
  return (
    <Badge variant="light" color={ISSUE_STATUS_COLORS[status]} radius="sm">
      {t(`issueStatus.${status}`)}
    </Badge>
  );
}
