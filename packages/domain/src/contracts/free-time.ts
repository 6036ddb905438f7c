import { z } from 'zod';
import { CONTAINER_SIZES } from '../cargo';
import { MAX_AMOUNT_KOBO } from '../money';
import { isoDate } from './order';
import { pageOf, pageQuery } from './page';

// A container's free time and deposit (docs/decisions/019-money.md): kept on the trip's consignment,
// shown on the trip page and in the customer's "Containers at risk".

/** What happened to the deposit paid to the shipping line for a liner-owned container. */
export const DEPOSIT_STATUSES = ['NOT_PAID', 'PAID', 'REFUND_REQUESTED', 'REFUNDED', 'FORFEITED'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const DEPOSIT_STATUS_LABELS: Record<DepositStatus, string> = {
  NOT_PAID: 'Not paid',
  PAID: 'Paid, held by the line',
  REFUND_REQUESTED: 'Refund requested',
  REFUNDED: 'Refunded',
  FORFEITED: 'Kept by the line',
};
/** The deposit is still the line's to give back (or keep). */
export function depositHeld(status: DepositStatus): boolean {
  return status === 'PAID' || status === 'REFUND_REQUESTED';
}

export const FREE_TIME_LEVELS = ['OK', 'SOON', 'URGENT', 'OVER', 'SETTLED', 'UNKNOWN'] as const;

/** A container's free time as the trip page and the at-risk list show it. */
export const containerFreeTimeSchema = z.object({
  dischargeDate: z.string().nullable(),
  deliveryOrderValidityDate: z.string().nullable(),
  /** The line's terms for the container's size; null when the line or size is not known. */
  tariff: z
    .object({
      freeDays: z.number().int(),
      demurrageKoboPerDay: z.number().int(),
      detentionKoboPerDay: z.number().int(),
    })
    .nullable(),
  lastFreeDay: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  level: z.enum(FREE_TIME_LEVELS),
  /** The day the container left or is planned to leave the port, and whether it has. */
  gateOut: z.object({ date: z.string(), actual: z.boolean() }),
  /** The day the empty is back at the line, or expected back; null for a shipper-owned container. */
  emptyReturn: z.object({ date: z.string(), actual: z.boolean() }).nullable(),
  /**
   * The return date the customer gave, as stored; null when none was given (`emptyReturn` then shows the
   * computed one: the expected delivery day, or the pickup day, plus one).
   */
  expectedEmptyReturnDate: z.string().nullable(),
  demurrageDays: z.number().int(),
  detentionDays: z.number().int(),
  /** The line's charges if the container leaves and comes back on the dates above. */
  projectedChargesKobo: z.number().int(),
  deposit: z.object({
    amountKobo: z.number().int().nullable(),
    status: z.enum(DEPOSIT_STATUSES),
    refundedOn: z.string().nullable(),
  }),
  /** What the customer stands to lose: the projected charges and a deposit the line still holds. */
  atStakeKobo: z.number().int(),
});
export type ContainerFreeTime = z.infer<typeof containerFreeTimeSchema>;

/** PUT /api/v1/trips/{id}/free-time: the customer's facts about its container. */
export const updateContainerFreeTimeRequest = z
  .strictObject({
    dischargeDate: isoDate.nullable(),
    expectedEmptyReturnDate: isoDate.nullable(),
    depositKobo: z
      .number({ error: 'Enter the deposit' })
      .int('Amounts are whole kobo')
      .min(0, 'The deposit cannot be negative')
      .max(MAX_AMOUNT_KOBO, 'The amount is too large')
      .nullable(),
    depositStatus: z.enum(DEPOSIT_STATUSES, { error: 'Choose what happened to the deposit' }),
    depositRefundedOn: isoDate.nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.depositStatus !== 'NOT_PAID' && value.depositKobo === null) {
      ctx.addIssue({ code: 'custom', path: ['depositKobo'], message: 'Enter the deposit paid to the line' });
    }
    if (value.depositStatus === 'REFUNDED' && value.depositRefundedOn === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['depositRefundedOn'],
        message: 'Enter the day the refund arrived',
      });
    }
  });
export type UpdateContainerFreeTimeRequest = z.infer<typeof updateContainerFreeTimeRequest>;

/** GET /api/v1/containers/at-risk: the customer's import containers still counting, fewest days left first. */
export const containersAtRiskQuery = pageQuery;
export const containerAtRiskSchema = z.object({
  trip: z.object({ id: z.string(), tripNumber: z.string() }),
  containerNumber: z.string().nullable(),
  containerSize: z.enum(CONTAINER_SIZES).nullable(),
  linerName: z.string().nullable(),
  transporterName: z.string(),
  latestTripStatus: z.string().nullable(),
  freeTime: containerFreeTimeSchema,
});
export type ContainerAtRisk = z.infer<typeof containerAtRiskSchema>;
export const containersAtRiskPage = pageOf(containerAtRiskSchema).extend({
  /** Across every page: the projected charges and held deposits of all the containers listed. */
  totalAtStakeKobo: z.number().int(),
});
export type ContainersAtRiskPage = z.infer<typeof containersAtRiskPage>;
