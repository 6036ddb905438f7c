import { toNestErrors } from '@hookform/resolvers';
import {
  addressSchema,
  containerNumberProblem,
  createOrderRequest,
  generalCargoInput,
  isContainerCargo,
  isLgaOfState,
  isoDate,
  lagosIsoDateTime,
  nairaToKobo,
  normalizeContainerNumber,
  type CargoType,
  type CreateOrderInput,
  type LocationInput,
} from '@freightlane/domain';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { lagosToday } from '../../lib/format';
import type { OrderDraftValues, PlaceDraft } from './order-draft';
import { ORDERS_ENGLISH, type OrdersKey, type OrdersText } from './text';

/** One problem with the draft, under the form path of the field it belongs to. */
export interface DraftIssue {
  path: string;
  message: string;
}

/** The bidding deadline as the API takes it, ISO 8601 with Lagos's offset; null when either part is unreadable. */
export function biddingClosesAtIso(date: string, time: string): string | null {
  return lagosIsoDateTime(`${date}T${time}`);
}

/** The domain schema's own message (its words, not the screen's), or a plain "Invalid value". */
function firstIssue(schema: z.ZodType, value: unknown, t: OrdersText): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? t('issue.invalidValue'));
}

/** A whole number or decimal as typed ("1,200", " 12.5 "), or NaN. */
function typedNumber(value: string): number {
  const cleaned = value.replace(/[,\s]/g, '');
  return cleaned === '' || !/^\d*\.?\d*$/.test(cleaned) ? Number.NaN : Number(cleaned);
}

/** A number field as typed: missing, not a number, or what the domain's schema says of it. */
function numberProblem(
  value: string,
  schema: z.ZodType,
  says: { missing: OrdersKey; notNumber: OrdersKey },
  t: OrdersText,
): string | null {
  if (!value.trim()) return t(says.missing);
  const number = typedNumber(value);
  if (Number.isNaN(number)) return t(says.notNumber);
  return firstIssue(schema, number, t);
}

function placeIssues(prefix: 'pickup' | 'recipient', place: PlaceDraft, t: OrdersText): DraftIssue[] {
  if (place.kind === 'TERMINAL') {
    return place.terminalId ? [] : [{ path: `${prefix}.terminalId`, message: t('issue.chooseTerminal') }];
  }
  const result = addressSchema.safeParse(place.address);
  const issues: DraftIssue[] = result.success
    ? []
    : result.error.issues.map((issue) => ({
        path: `${prefix}.address.${issue.path.join('.')}`,
        message: issue.message,
      }));
  const { state, lga } = place.address;
  if (state && lga.trim() && !isLgaOfState(state, lga.trim()))
    issues.push({ path: `${prefix}.address.lga`, message: t('issue.chooseLga', { state }) });
  return issues;
}

function itemIssues(values: OrderDraftValues, cargoType: CargoType, t: OrdersText): DraftIssue[] {
  const issues: DraftIssue[] = [];
  if (isContainerCargo(cargoType)) {
    const seen = new Set<string>();
    values.containers.forEach((row, i) => {
      const at = `containers.${i}`;
      const problem = containerNumberProblem(row.containerNumber);
      if (problem) issues.push({ path: `${at}.containerNumber`, message: problem });
      else {
        const normalized = normalizeContainerNumber(row.containerNumber);
        if (seen.has(normalized))
          issues.push({ path: `${at}.containerNumber`, message: t('issue.duplicateContainer') });
        seen.add(normalized);
      }
      if (!row.linerId) issues.push({ path: `${at}.linerId`, message: t('issue.chooseLiner') });
      const dateProblem = row.deliveryOrderValidityDate
        ? firstIssue(isoDate, row.deliveryOrderValidityDate, t)
        : t('issue.validityMissing');
      if (dateProblem) issues.push({ path: `${at}.deliveryOrderValidityDate`, message: dateProblem });
    });
    if (values.containers.length === 0) issues.push({ path: 'containers', message: t('issue.noContainer') });
    return issues;
  }
  const shape = generalCargoInput.shape;
  values.generalCargos.forEach((row, i) => {
    const at = `generalCargos.${i}`;
    const description = firstIssue(shape.description, row.description, t);
    if (description) issues.push({ path: `${at}.description`, message: description });
    const quantity = numberProblem(
      row.quantity,
      shape.quantity,
      { missing: 'issue.quantityMissing', notNumber: 'issue.quantityNotNumber' },
      t,
    );
    if (quantity) issues.push({ path: `${at}.quantity`, message: quantity });
    const weight = numberProblem(
      row.weightTonnes,
      shape.weightTonnes,
      { missing: 'issue.weightMissing', notNumber: 'issue.weightNotNumber' },
      t,
    );
    if (weight) issues.push({ path: `${at}.weightTonnes`, message: weight });
    if (!row.truckType) issues.push({ path: `${at}.truckType`, message: t('issue.chooseTruckType') });
  });
  if (values.generalCargos.length === 0)
    issues.push({ path: 'generalCargos', message: t('issue.noTruckLoad') });
  return issues;
}

/**
 * Every problem with the draft, by form path, in the words of the domain's order contract plus
 * the rules only a person at a clock can break (dates in the past, bidding closing after pickup).
 * The wizard's own words are said with `t`, English unless the screen gives its language.
 */
export function orderDraftIssues(
  values: OrderDraftValues,
  now: Date = new Date(),
  t: OrdersText = ORDERS_ENGLISH,
): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const shape = createOrderRequest.shape;
  if (!values.cargoType) issues.push({ path: 'cargoType', message: t('issue.chooseCargoType') });
  const clientName = firstIssue(shape.clientName, values.clientName, t);
  if (clientName) issues.push({ path: 'clientName', message: clientName });
  const reference = firstIssue(shape.reference, values.reference, t);
  if (reference) issues.push({ path: 'reference', message: reference });

  if (values.cargoType) issues.push(...itemIssues(values, values.cargoType, t));

  issues.push(...placeIssues('pickup', values.pickup, t));
  const today = lagosToday(now);
  const { pickupDate, closingDate, closingTime, targetPrice } = values.bidDetails;
  if (!pickupDate) issues.push({ path: 'bidDetails.pickupDate', message: t('issue.pickupDateMissing') });
  else if (firstIssue(isoDate, pickupDate, t))
    issues.push({ path: 'bidDetails.pickupDate', message: t('issue.pickupDateFormat') });
  else if (pickupDate < today)
    issues.push({ path: 'bidDetails.pickupDate', message: t('issue.pickupDatePast') });

  issues.push(...placeIssues('recipient', values.recipient, t));
  if (!closingDate) issues.push({ path: 'bidDetails.closingDate', message: t('issue.closingDateMissing') });
  if (!closingTime) issues.push({ path: 'bidDetails.closingTime', message: t('issue.closingTimeMissing') });
  if (closingDate && closingTime) {
    const closesAt = biddingClosesAtIso(closingDate, closingTime);
    if (!closesAt) issues.push({ path: 'bidDetails.closingDate', message: t('issue.notADateTime') });
    else if (Date.parse(closesAt) <= now.getTime())
      issues.push({
        path: closingDate < today ? 'bidDetails.closingDate' : 'bidDetails.closingTime',
        message: t('issue.closeInFuture'),
      });
    else if (pickupDate && closingDate > pickupDate)
      issues.push({ path: 'bidDetails.closingDate', message: t('issue.closeBeforePickup') });
  }
  if (targetPrice.trim()) {
    const kobo = nairaToKobo(targetPrice);
    if (kobo === null) issues.push({ path: 'bidDetails.targetPrice', message: t('issue.amountFormat') });
    else if (kobo === 0) issues.push({ path: 'bidDetails.targetPrice', message: t('issue.amountZero') });
  }
  return issues;
}

/** The form fields each wizard step checks before it moves on. */
export function stepFields(step: number, cargoType: OrderDraftValues['cargoType']): string[] {
  switch (step) {
    case 0:
      return ['cargoType', 'clientName', 'reference'];
    case 1:
      return [cargoType === 'GENERAL_CARGO' ? 'generalCargos' : 'containers'];
    case 2:
      return ['pickup', 'bidDetails.pickupDate'];
    case 3:
      return ['recipient', 'bidDetails.closingDate', 'bidDetails.closingTime', 'bidDetails.targetPrice'];
    default:
      return [];
  }
}

/** The step a form path is entered on. */
export function stepOfPath(path: string): number {
  if (path === 'cargoType' || path === 'clientName' || path === 'reference') return 0;
  if (path.startsWith('containers') || path.startsWith('generalCargos')) return 1;
  if (path.startsWith('pickup') || path === 'bidDetails.pickupDate') return 2;
  return 3;
}

/** A react-hook-form resolver over orderDraftIssues; `now` is read at every validation. */
export function orderDraftResolver(
  now: () => Date = () => new Date(),
  t: OrdersText = ORDERS_ENGLISH,
): Resolver<OrderDraftValues> {
  return (values, _context, options) => {
    const issues = orderDraftIssues(values, now(), t);
    if (issues.length === 0) return { values, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of issues) {
      // Array-level problems ("Add at least one container") sit on the array's root.
      const path =
        issue.path === 'containers' || issue.path === 'generalCargos' ? `${issue.path}.root` : issue.path;
      flat[path] ??= { type: 'validate', message: issue.message };
    }
    return {
      values: {},
      errors: toNestErrors(flat as FieldErrors, options) as FieldErrors<OrderDraftValues>,
    };
  };
}

function toLocation(place: PlaceDraft): LocationInput {
  if (place.kind === 'TERMINAL') return { kind: 'TERMINAL', terminalId: place.terminalId };
  const { street, neighborhood, lga, city, state } = place.address;
  return {
    kind: 'ADDRESS',
    address: {
      street: street.trim(),
      neighborhood: neighborhood.trim(),
      lga: lga.trim(),
      city: city.trim(),
      state: state as Exclude<typeof state, ''>,
    },
  };
}

/**
 * The order request for a valid draft: container numbers normalised, naira turned into kobo,
 * the closing time given Lagos's offset, and only the rows that belong to the cargo type.
 */
export function toCreateOrderRequest(values: OrderDraftValues): CreateOrderInput {
  const cargoType = values.cargoType as CargoType;
  const containerCargo = isContainerCargo(cargoType);
  const { pickupDate, closingDate, closingTime, targetPrice } = values.bidDetails;
  return {
    cargoType,
    clientName: values.clientName.trim(),
    reference: values.reference.trim(),
    containers: containerCargo
      ? values.containers.map((row) => ({
          containerNumber: normalizeContainerNumber(row.containerNumber),
          containerSize: row.containerSize,
          linerId: row.linerId,
          deliveryOrderValidityDate: row.deliveryOrderValidityDate,
        }))
      : [],
    generalCargos: containerCargo
      ? []
      : values.generalCargos.map((row) => ({
          description: row.description.trim(),
          quantity: typedNumber(row.quantity),
          weightTonnes: typedNumber(row.weightTonnes),
          truckType: row.truckType as Exclude<typeof row.truckType, ''>,
        })),
    pickup: toLocation(values.pickup),
    recipient: toLocation(values.recipient),
    bidDetails: {
      pickupDate,
      // Checked by orderDraftIssues before a request is built.
      biddingClosesAt: biddingClosesAtIso(closingDate, closingTime) ?? '',
      targetAmountKobo: targetPrice.trim() ? nairaToKobo(targetPrice) : null,
    },
    preferredPartnersOnly: values.preferredPartnersOnly,
    returnLoadsWelcome: values.returnLoadsWelcome,
    quoteDocumentId: values.quoteDocument?.id ?? null,
  };
}

/** Where a field named by the API (`bidDetails.biddingClosesAt`) is entered in the wizard. */
export function formPathOfServerField(field: string): string {
  if (field === 'bidDetails.biddingClosesAt') return 'bidDetails.closingDate';
  if (field === 'bidDetails.targetAmountKobo') return 'bidDetails.targetPrice';
  if (field === 'quoteDocumentId') return 'quoteDocument';
  if (field === 'pickup' || field === 'recipient') return `${field}.terminalId`;
  return field;
}
