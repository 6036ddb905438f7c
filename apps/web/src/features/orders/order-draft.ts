import {
  CARGO_TYPES,
  CONTAINER_SIZES,
  DEFAULT_CONTAINER_SIZE,
  MAX_ORDER_ITEMS,
  NIGERIAN_STATES,
  TRUCK_TYPES,
} from '@freightlane/domain';
import { z } from 'zod';
import { decodeJwtPayload } from '../../lib/session';

/**
 * The spec's "customer order draft" (cargoType, clientName, containers, generalCargos, pickup,
 * recipient, reference, bidDetails, preferred partner flag, quote data and document) as the
 * wizard's form holds it: what the person typed, as text, before it becomes an order request.
 */

const text = z.string().max(2000);
const orEmpty = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal('')]);

export const containerDraftSchema = z.object({
  containerNumber: text,
  containerSize: z.enum(CONTAINER_SIZES),
  linerId: text,
  deliveryOrderValidityDate: text,
});
export type ContainerDraft = z.infer<typeof containerDraftSchema>;

export const generalCargoDraftSchema = z.object({
  description: text,
  quantity: text,
  weightTonnes: text,
  truckType: orEmpty(TRUCK_TYPES),
});
export type GeneralCargoDraft = z.infer<typeof generalCargoDraftSchema>;

export const placeDraftSchema = z.object({
  kind: z.enum(['TERMINAL', 'ADDRESS']),
  terminalId: text,
  address: z.object({
    street: text,
    neighborhood: text,
    lga: text,
    city: text,
    state: orEmpty(NIGERIAN_STATES),
  }),
});
export type PlaceDraft = z.infer<typeof placeDraftSchema>;

export const orderDraftValuesSchema = z.object({
  cargoType: orEmpty(CARGO_TYPES),
  clientName: text,
  reference: text,
  containers: z.array(containerDraftSchema).max(MAX_ORDER_ITEMS),
  generalCargos: z.array(generalCargoDraftSchema).max(MAX_ORDER_ITEMS),
  pickup: placeDraftSchema,
  recipient: placeDraftSchema,
  bidDetails: z.object({
    /** YYYY-MM-DD in Lagos. */
    pickupDate: text,
    /** YYYY-MM-DD and HH:MM in Lagos; sent as one timestamp. */
    closingDate: text,
    closingTime: text,
    /** Naira as typed; sent as kobo. */
    targetPrice: text,
  }),
  preferredPartnersOnly: z.boolean(),
  /** Defaults for a draft saved before the flag existed, so it resumes instead of being thrown away. */
  returnLoadsWelcome: z.boolean().default(false),
  quoteDocument: z.object({ id: z.string(), fileName: z.string(), sizeBytes: z.number() }).nullable(),
});
export type OrderDraftValues = z.infer<typeof orderDraftValuesSchema>;

/** The four steps of the spec's order wizard, then the review before the order is placed. */
export const REVIEW_STEP = 4;

export const storedOrderDraftSchema = z.object({
  version: z.literal(1),
  savedAt: z.iso.datetime(),
  step: z.number().int().min(0).max(REVIEW_STEP),
  values: orderDraftValuesSchema,
});
export type StoredOrderDraft = z.infer<typeof storedOrderDraftSchema>;

export function emptyContainer(): ContainerDraft {
  return {
    containerNumber: '',
    containerSize: DEFAULT_CONTAINER_SIZE,
    linerId: '',
    deliveryOrderValidityDate: '',
  };
}

export function emptyGeneralCargo(): GeneralCargoDraft {
  return { description: '', quantity: '', weightTonnes: '', truckType: '' };
}

export function emptyPlace(): PlaceDraft {
  return {
    kind: 'TERMINAL',
    terminalId: '',
    address: { street: '', neighborhood: '', lga: '', city: '', state: '' },
  };
}

export function emptyOrderDraft(): OrderDraftValues {
  return {
    cargoType: '',
    clientName: '',
    reference: '',
    containers: [emptyContainer()],
    generalCargos: [emptyGeneralCargo()],
    pickup: emptyPlace(),
    recipient: emptyPlace(),
    bidDetails: { pickupDate: '', closingDate: '', closingTime: '', targetPrice: '' },
    preferredPartnersOnly: false,
    returnLoadsWelcome: false,
    quoteDocument: null,
  };
}

/** Nothing typed yet: such a draft is not worth a "You have an unfinished order" banner. */
export function isDraftEmpty(values: OrderDraftValues): boolean {
  return JSON.stringify(values) === JSON.stringify(emptyOrderDraft());
}

/** One draft per signed-in person on this device, so a shared laptop never mixes two people's orders. */
export function orderDraftKey(accessToken: string | null | undefined): string | null {
  const sub = decodeJwtPayload(accessToken)?.sub;
  if (typeof sub !== 'string' || sub === '') return null;
  return `freightlane.orderDraft.${sub}`;
}

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The browser's localStorage, or a page-lifetime stand-in where the browser refuses it (storage disabled). */
export function browserDraftStorage(): DraftStorage {
  try {
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    };
  }
}

function removeQuietly(storage: DraftStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // A storage that refuses to delete has nothing we could show anyway.
  }
}

/**
 * The saved draft, or null. A draft that cannot be read (hand-edited, from an older version,
 * cut short by a full disk) is thrown away rather than breaking the wizard.
 */
export function loadOrderDraft(storage: DraftStorage, key: string): StoredOrderDraft | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    removeQuietly(storage, key);
    return null;
  }
  const result = storedOrderDraftSchema.safeParse(parsed);
  if (!result.success) {
    removeQuietly(storage, key);
    return null;
  }
  return result.data;
}

/** Saves the draft and the step; answers false when the browser refused (private mode, full disk). */
export function saveOrderDraft(
  storage: DraftStorage,
  key: string,
  draft: { step: number; values: OrderDraftValues },
  now: Date = new Date(),
): boolean {
  const stored: StoredOrderDraft = {
    version: 1,
    savedAt: now.toISOString(),
    step: draft.step,
    values: draft.values,
  };
  try {
    storage.setItem(key, JSON.stringify(stored));
    return true;
  } catch {
    return false;
  }
}

export function clearOrderDraft(storage: DraftStorage, key: string): void {
  removeQuietly(storage, key);
}
