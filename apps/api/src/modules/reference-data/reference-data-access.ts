import { AppError } from '../../errors';
import type { Principal } from '../../plugins/auth';

/**
 * Reference data is the platform's own: only its admins read it here or change it. The routes ask for
 * role_admin as well; the check stays in the service so no other caller of it skips the rule.
 */
export function assertAdmin(principal: Principal): void {
  if (principal.role !== 'role_admin') throw new AppError('FORBIDDEN', 'Your account type cannot do this.');
}

export interface FieldChanges<T> {
  before: Partial<T>;
  after: Partial<T>;
}

/** The fields of `keys` whose values differ, as the audit log keeps them: `{ before, after }`. */
export function changedFields<T extends object, K extends keyof T>(
  before: T,
  after: T,
  keys: readonly K[],
): FieldChanges<Pick<T, K>> {
  const changes: FieldChanges<Pick<T, K>> = { before: {}, after: {} };
  for (const key of keys) {
    if (Object.is(before[key], after[key])) continue;
    changes.before[key] = before[key];
    changes.after[key] = after[key];
  }
  return changes;
}

export const hasChanges = (changes: FieldChanges<object>): boolean => Object.keys(changes.after).length > 0;

/** The audit action of a change: retiring and bringing back read as such in the log. */
export function changeAction(entity: string, changes: FieldChanges<{ active?: boolean }>): string {
  if (changes.after.active === false) return `${entity}.retired`;
  if (changes.after.active === true) return `${entity}.reinstated`;
  return `${entity}.updated`;
}

/** The row as it would be with the change: fields the change leaves out (or sends as undefined) stay. */
export function merged<T extends object>(current: T, input: { [K in keyof T]?: T[K] | undefined }): T {
  const next = { ...current };
  for (const key of Object.keys(input) as (keyof T)[]) {
    const value = input[key];
    if (value !== undefined) next[key] = value as T[keyof T];
  }
  return next;
}
