import { z } from 'zod';
import { isCalendarDate } from './report';
import { pageOf, pageQuery, searchText } from './page';

// ---------------------------------------------------------------------------------------------------------
// The audit log (GET /api/v1/admin/audit-log): who changed what, when, from where, with what it was
// before and after. Rows are only ever added; no endpoint changes or removes one.

/** What the log names its rows after: `company.verified` acts on a `company`. Lower case and underscores. */
const SLUG = /^[a-z][a-z0-9_]*$/;
/** An action is `<thing>.<what happened>`, e.g. `trip.status_changed`. */
const ACTION = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;

const dateFilter = (name: 'from' | 'to') =>
  z
    .string({ error: `${name} must be a date written YYYY-MM-DD` })
    .refine(isCalendarDate, `${name} must be a date written YYYY-MM-DD`)
    .optional();

/**
 * One page of the log, newest first. `q` finds text in the action, the entity type or the entity id;
 * `from` and `to` are Lagos calendar days, both included, like a report's range.
 */
export const auditLogQuery = pageQuery
  .extend({
    q: searchText,
    actorUserId: z.uuid({ error: 'actorUserId must be a user id' }).optional(),
    companyId: z.uuid({ error: 'companyId must be a company id' }).optional(),
    entityType: z
      .string()
      .trim()
      .max(50, 'entityType must be at most 50 characters')
      .regex(SLUG, 'entityType is written in lower case with underscores, e.g. trip_issue')
      .optional(),
    entityId: z
      .string()
      .trim()
      .min(1, 'entityId must not be empty')
      .max(100, 'entityId must be at most 100 characters')
      .optional(),
    action: z
      .string()
      .trim()
      .max(100, 'action must be at most 100 characters')
      .regex(ACTION, 'action is written like company.verified')
      .optional(),
    from: dateFilter('from'),
    to: dateFilter('to'),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    }
  });
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

/** Who made a change: a user, a driver through the phone link, or the platform's own background work. */
export const AUDIT_ACTOR_KINDS = ['USER', 'DRIVER', 'SYSTEM'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** The name a change without a person behind it is shown with. */
export const AUTOMATIC_ACTOR_NAME = 'Freightlane (automatic)';

export const auditLogActorSchema = z.object({
  kind: z.enum(AUDIT_ACTOR_KINDS),
  /** The user, for USER; null otherwise. */
  userId: z.string().nullable(),
  /** The driver, for DRIVER; null otherwise. */
  driverId: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
});
export type AuditLogActor = z.infer<typeof auditLogActorSchema>;

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: auditLogActorSchema,
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** What changed, as recorded: `{ before, after }` of the changed fields, or a reason, or facts. */
  data: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPage = pageOf(auditLogEntrySchema);
export type AuditLogPage = z.infer<typeof auditLogPage>;

/** The kinds of thing the log records changes to, named as people say them. */
export const AUDIT_ENTITY_TYPE_LABELS: Record<string, string> = {
  company: 'Company',
  company_document: 'Company document',
  user: 'User',
  session: 'Sign-in',
  order: 'Order',
  order_document: 'Order document',
  bid: 'Bid',
  trip: 'Trip',
  consignment: 'Consignment',
  trip_issue: 'Trip issue',
  trip_document: 'Trip document',
  truck: 'Truck',
  driver: 'Driver',
  motor_boy: 'Motor boy',
  fleet_manager: 'Fleet manager',
  tracking_credential: 'Tracking account',
  tracking_company: 'Tracking company',
  shipping_line: 'Shipping line',
  terminal: 'Terminal',
  platform_settings: 'Platform terms',
};

function sentence(words: string): string {
  const text = words.replace(/[_.]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An entity type as people say it; one the list does not know reads from its name (trip_issue: Trip issue). */
export function auditEntityTypeLabel(entityType: string): string {
  return AUDIT_ENTITY_TYPE_LABELS[entityType] ?? sentence(entityType);
}

/** An action as a sentence: `company.verified` reads "Company verified", `trip.status_changed` "Trip status changed". */
export function auditActionLabel(action: string): string {
  return sentence(action);
}
