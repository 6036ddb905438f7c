import { z } from 'zod';
import {
  CARGO_TYPES,
  CONTAINER_SIZES,
  DEFAULT_CONTAINER_SIZE,
  TRUCK_TYPES,
  isContainerCargo,
} from '../cargo';
import { containerNumberProblem, normalizeContainerNumber } from '../container-number';
import { MAX_AMOUNT_KOBO } from '../money';
import { linerSchema, locationInput, locationView } from './location';
import { pageOf, pageQuery } from './page';
import { scoreSummarySchema } from './scorecard';

export const ORDER_STATUSES = ['OPEN', 'AWARDED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  OPEN: 'Open for bids',
  AWARDED: 'Awarded',
  CANCELLED: 'Cancelled',
};

export const MAX_ORDER_ITEMS = 50;
export const MAX_NOTE_LENGTH = 500;
export const MAX_QUOTE_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** A calendar date as YYYY-MM-DD (Africa/Lagos), e.g. a pickup date or a delivery-order expiry. */
export const isoDate = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });

export const amountKoboField = z
  .number({ error: 'Enter an amount' })
  .int('Amounts are whole kobo')
  .positive('The amount must be more than ₦0.00')
  .max(MAX_AMOUNT_KOBO, 'The amount is too large');

export const containerNumberField = z
  .string({ error: 'Container number is required' })
  .transform(normalizeContainerNumber)
  .superRefine((value, ctx) => {
    const problem = containerNumberProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const containerInput = z.strictObject({
  containerNumber: containerNumberField,
  containerSize: z
    .enum(CONTAINER_SIZES, { error: 'Choose a container size' })
    .default(DEFAULT_CONTAINER_SIZE),
  linerId: z.uuid({ error: 'Choose the shipping line' }),
  deliveryOrderValidityDate: isoDate,
});
export type ContainerInput = z.input<typeof containerInput>;

/** One general-cargo row is one truck load, and becomes one trip when awarded. */
export const generalCargoInput = z.strictObject({
  description: z.string({ error: 'Describe the cargo' }).trim().min(2, 'Describe the cargo').max(200),
  quantity: z
    .number({ error: 'Enter the quantity' })
    .int('Quantity is a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(1_000_000),
  weightTonnes: z
    .number({ error: 'Enter the weight in tonnes' })
    .positive('Weight must be more than 0 tonnes')
    .max(100, 'A truck load is at most 100 tonnes')
    .refine((v) => Math.round(v * 1000) === v * 1000, 'Weight has at most 3 decimals'),
  truckType: z.enum(TRUCK_TYPES, { error: 'Choose the truck type' }),
});
export type GeneralCargoInput = z.infer<typeof generalCargoInput>;

export const bidDetailsInput = z.strictObject({
  pickupDate: isoDate,
  biddingClosesAt: z.iso.datetime({ offset: true, error: 'Enter when bidding closes' }),
  targetAmountKobo: amountKoboField.nullable().default(null),
});
export type BidDetailsInput = z.infer<typeof bidDetailsInput>;

export const createOrderRequest = z
  .strictObject({
    cargoType: z.enum(CARGO_TYPES, { error: 'Choose a cargo type' }),
    clientName: z
      .string({ error: 'Client name is required' })
      .trim()
      .min(2, 'Client name is required')
      .max(120),
    reference: z.string().trim().max(60, 'Reference must be at most 60 characters').default(''),
    containers: z.array(containerInput).max(MAX_ORDER_ITEMS).default([]),
    generalCargos: z.array(generalCargoInput).max(MAX_ORDER_ITEMS).default([]),
    pickup: locationInput,
    recipient: locationInput,
    bidDetails: bidDetailsInput,
    preferredPartnersOnly: z.boolean().default(false),
    /** The customer would take a truck on its way back from a delivery nearby (docs/decisions/036-return-loads.md). */
    returnLoadsWelcome: z.boolean().default(false),
    quoteDocumentId: z.uuid().nullable().default(null),
  })
  .superRefine((order, ctx) => {
    if (isContainerCargo(order.cargoType)) {
      if (order.containers.length === 0)
        ctx.addIssue({ code: 'custom', path: ['containers'], message: 'Add at least one container' });
      if (order.generalCargos.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['generalCargos'],
          message: 'Container cargo has no general-cargo rows',
        });
      const seen = new Set<string>();
      order.containers.forEach((c, i) => {
        if (seen.has(c.containerNumber))
          ctx.addIssue({
            code: 'custom',
            path: ['containers', i, 'containerNumber'],
            message: 'This container is already on the order',
          });
        seen.add(c.containerNumber);
      });
    } else {
      if (order.generalCargos.length === 0)
        ctx.addIssue({ code: 'custom', path: ['generalCargos'], message: 'Add at least one truck load' });
      if (order.containers.length > 0)
        ctx.addIssue({ code: 'custom', path: ['containers'], message: 'General cargo has no containers' });
    }
  });
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;
export type CreateOrderInput = z.input<typeof createOrderRequest>;

export const cancelOrderRequest = z.strictObject({
  reason: z.string({ error: 'Give a reason' }).trim().min(3, 'Give a reason').max(MAX_NOTE_LENGTH),
});

/** Award: every item of the order goes to exactly one active bid. One allocation awards the whole order. */
export const awardOrderRequest = z.strictObject({
  allocations: z
    .array(
      z.strictObject({
        bidId: z.uuid({ error: 'Choose a bid' }),
        itemIds: z.array(z.uuid()).min(1, 'Give each chosen bid at least one item'),
      }),
    )
    .min(1, 'Choose at least one bid'),
});
export type AwardOrderRequest = z.infer<typeof awardOrderRequest>;

export const orderListQuery = pageQuery.extend({
  status: z.enum(ORDER_STATUSES, { error: 'status is OPEN, AWARDED or CANCELLED' }).optional(),
  q: z.string().trim().max(100).optional(),
});

export const quoteDocumentSchema = z.object({ id: z.string(), fileName: z.string(), sizeBytes: z.number() });
export type QuoteDocument = z.infer<typeof quoteDocumentSchema>;

export const orderItemSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  containerNumber: z.string().nullable(),
  containerSize: z.enum(CONTAINER_SIZES).nullable(),
  liner: linerSchema.nullable(),
  deliveryOrderValidityDate: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.number().int().nullable(),
  weightTonnes: z.number().nullable(),
  truckType: z.enum(TRUCK_TYPES).nullable(),
  /** Set once awarded. */
  awardedBidId: z.string().nullable(),
  tripId: z.string().nullable(),
  tripNumber: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** The fields every view of an order shares (the customer's, and a bidding transporter's). */
export const orderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  cargoType: z.enum(CARGO_TYPES),
  status: z.enum(ORDER_STATUSES),
  /** OPEN and before biddingClosesAt. */
  biddingOpen: z.boolean(),
  clientName: z.string(),
  reference: z.string(),
  customerName: z.string(),
  pickup: locationView,
  recipient: locationView,
  pickupDate: z.string(),
  biddingClosesAt: z.string(),
  targetAmountKobo: z.number().nullable(),
  preferredPartnersOnly: z.boolean(),
  returnLoadsWelcome: z.boolean(),
  itemCount: z.number().int(),
  bidCount: z.number().int(),
  createdAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderPage = pageOf(orderSummarySchema);

export const BID_STATUSES = ['ACTIVE', 'WITHDRAWN', 'WON', 'LOST'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];
export const BID_STATUS_LABELS: Record<BidStatus, string> = {
  ACTIVE: 'Active',
  WITHDRAWN: 'Withdrawn',
  WON: 'Won',
  LOST: 'Lost',
};

/** A bid as the customer who owns the order sees it. */
export const receivedBidSchema = z.object({
  id: z.string(),
  transporterCompanyId: z.string(),
  transporterName: z.string(),
  /** The transporter's score and its figures at a glance; score null while it is new on Freightlane. */
  transporterScore: scoreSummarySchema,
  preferredPartner: z.boolean(),
  amountKobo: z.number(),
  trucksAvailable: z.number().int(),
  note: z.string(),
  status: z.enum(BID_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReceivedBid = z.infer<typeof receivedBidSchema>;

export const orderTripSchema = z.object({
  id: z.string(),
  tripNumber: z.string(),
  trackingId: z.string(),
  orderItemId: z.string(),
  transporterName: z.string(),
  amountKobo: z.number(),
});

export const orderDetailSchema = orderSummarySchema.extend({
  items: z.array(orderItemSchema),
  quoteDocument: quoteDocumentSchema.nullable(),
  cancellationReason: z.string().nullable(),
  awardedAt: z.string().nullable(),
  bids: z.array(receivedBidSchema),
  trips: z.array(orderTripSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderIdParams = z.object({ id: z.uuid({ error: 'Order not found' }) });
