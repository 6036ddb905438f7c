import type { AdminUserSummary } from '@freightlane/domain';

/** A user's name as the back office shows it. */
export function fullName(user: Pick<AdminUserSummary, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
