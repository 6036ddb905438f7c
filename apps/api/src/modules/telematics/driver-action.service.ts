import {
  DRIVER_PHOTO_TYPES,
  MAX_TRIP_DOCUMENT_BYTES,
  TRIP_DOCUMENT_KIND_LABELS,
  TRIP_ISSUE_TYPE_LABELS,
  TRIP_STATUS_LABELS,
  driverDocumentFields,
  driverExpenseFields,
  driverExpenseReplyFields,
  placeOfPosition,
  type DriverAction,
  type DriverActionResult,
  type DriverIssueRequest,
  type DriverStatusRequest,
  type ExpenseFields,
} from '@freightlane/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { fileSha256 } from '../../lib/stored-file';
import { formFields, readForm, readUpload, type UploadedFile } from '../../lib/upload';
import {
  insertTripDocumentIn,
  withStoredFile,
  openTripIssueIn,
  moveTripStatus,
  refuseRacedMove,
  liveTripOfDriver,
  loadTripFor,
  tripStatusNotification,
  type DriverActor,
  type TripRecord,
} from '../trip';
import {
  claimDriverAction,
  findDriverAction,
  releaseDriverAction,
  saveDriverActionResult,
  type DriverActionRecord,
} from './driver-action.repository';
import { driverOfToken } from './driver-phone.service';
import { queueNotification } from '../notification';
import {
  answerExpenseQueryIn,
  expenseRecordedMessage,
  recordExpenseIn,
  tripOfDriverExpense,
  withReceipt,
  type StoredReceipt,
} from '../road-money';

/** An action's answer, and whether it is the stored answer of an earlier send of the same action. */
export interface DriverActionOutcome {
  result: DriverActionResult;
  resent: boolean;
}

const NO_TRIP = 'You are not on a trip in progress, so there is nothing to record. Ask your transporter.';

/**
 * The driver of the link acting on the trip in progress: 404 for a link that is not valid, 409 without a
 * trip. The driver acts as a `DriverActor` (decision 013): the transporter's side of the trip, without a
 * user account.
 */
async function driverOnTrip(
  ctx: AppContext,
  token: string,
): Promise<{ actor: DriverActor; trip: TripRecord }> {
  return knownDriverOnTrip(ctx, await driverOfToken(ctx, token));
}

/**
 * A driver the caller has already identified (the phone link, or a USSD session signed in with the
 * driver's PIN) acting on the trip in progress; 409 without a trip.
 */
async function knownDriverOnTrip(
  ctx: AppContext,
  driver: KnownDriver,
): Promise<{ actor: DriverActor; trip: TripRecord }> {
  const trip = await liveTripOfDriver(ctx.db, driver.driverId);
  if (!trip) throw new AppError('CONFLICT', NO_TRIP);
  return { actor: { driverId: driver.driverId, companyId: driver.companyId, userId: null }, trip };
}

/** A driver known by id, with the company they drive for: who the actions below are recorded as. */
export interface KnownDriver {
  driverId: string;
  companyId: string;
}

/** The stored answer of an action id used before; the same id for another kind of action is a conflict. */
function storedResult(row: DriverActionRecord | null, action: DriverAction): DriverActionResult {
  if (!row?.result || row.action !== action) {
    throw new AppError('CONFLICT', 'This action id was already used for another action; send a new one', {
      errors: [{ field: 'clientActionId', message: 'Already used for another action' }],
    });
  }
  return row.result;
}

type Acted = { result: DriverActionResult } | { refused: AppError };

/**
 * Runs an action once per id the phone made for it. The id is claimed in the action's own transaction,
 * so the action and its id are written together or not at all; a resend finds the claim and answers the
 * stored result. An action refused after writing something (a wrong handover code still uses up a try)
 * gives its id back and is answered after the commit.
 */
async function once(
  ctx: AppContext,
  actor: DriverActor,
  trip: TripRecord,
  clientActionId: string,
  action: DriverAction,
  act: (tx: Executor) => Promise<Acted>,
): Promise<DriverActionOutcome> {
  const outcome = await ctx.db.transaction(async (tx): Promise<Acted | DriverActionOutcome> => {
    const claim = { driverId: actor.driverId, clientActionId, action, tripId: trip.id };
    if (!(await claimDriverAction(tx, claim))) {
      return {
        result: storedResult(await findDriverAction(tx, actor.driverId, clientActionId), action),
        resent: true,
      };
    }
    const acted = await act(tx);
    if ('refused' in acted) {
      await releaseDriverAction(tx, actor.driverId, clientActionId);
      return acted;
    }
    await saveDriverActionResult(tx, actor.driverId, clientActionId, acted.result);
    return { result: acted.result, resent: false };
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome as DriverActionOutcome;
}

function resultOf(
  clientActionId: string,
  action: DriverAction,
  trip: Pick<TripRecord, 'id' | 'tripNumber' | 'latestStatus'>,
  message: string,
): DriverActionResult {
  return {
    clientActionId,
    action,
    trip: { id: trip.id, tripNumber: trip.tripNumber, latestTripStatus: trip.latestStatus },
    message,
    recordedAt: new Date().toISOString(),
  };
}

/** The place the driver typed, or else the LGA and state of where the phone was, from the gazetteer. */
function placeOf(input: Pick<DriverStatusRequest, 'location' | 'position'>) {
  if (input.location) return input.location;
  return input.position ? placeOfPosition(input.position) : undefined;
}

/**
 * The trip's next step, recorded from the driver's phone under the same rules as the transporter's
 * PATCH /api/v1/trips/{id}/status.
 */
export async function recordDriverStatus(
  ctx: AppContext,
  token: string,
  input: DriverStatusRequest,
  ip: string,
): Promise<DriverActionOutcome> {
  return recordStatusOnTrip(ctx, await driverOnTrip(ctx, token), input, ip);
}

/** recordDriverStatus for a driver known by id (a USSD session signed in with the driver's PIN). */
export async function recordKnownDriverStatus(
  ctx: AppContext,
  driver: KnownDriver,
  input: DriverStatusRequest,
  ip: string,
): Promise<DriverActionOutcome> {
  return recordStatusOnTrip(ctx, await knownDriverOnTrip(ctx, driver), input, ip);
}

async function recordStatusOnTrip(
  ctx: AppContext,
  { actor, trip }: { actor: DriverActor; trip: TripRecord },
  input: DriverStatusRequest,
  ip: string,
): Promise<DriverActionOutcome> {
  const { clientActionId, tripStatus, note, handoverCode } = input;
  try {
    return await once(ctx, actor, trip, clientActionId, 'STATUS', async (tx) => {
      const move = await moveTripStatus(
        ctx,
        tx,
        actor,
        trip.id,
        { tripStatus, note, handoverCode, location: placeOf(input) },
        ip,
      );
      if ('refused' in move) return move;
      await queueNotification(
        ctx,
        tx,
        tripStatusNotification(
          move.moved,
          { status: tripStatus, at: move.moved.latestStatusAt ?? new Date(), by: 'driver' },
          null,
        ),
      );
      return {
        result: resultOf(clientActionId, 'STATUS', move.moved, `Recorded: ${TRIP_STATUS_LABELS[tripStatus]}`),
      };
    });
  } catch (err) {
    return refuseRacedMove(ctx.db, actor, trip.id, err);
  }
}

/** An issue the driver reports from the phone, as POST /api/v1/trips/{id}/issues opens it. */
export async function reportDriverIssue(
  ctx: AppContext,
  token: string,
  input: DriverIssueRequest,
  ip: string,
): Promise<DriverActionOutcome> {
  return reportIssueOnTrip(ctx, await driverOnTrip(ctx, token), input, ip);
}

/** reportDriverIssue for a driver known by id (a USSD session signed in with the driver's PIN). */
export async function reportKnownDriverIssue(
  ctx: AppContext,
  driver: KnownDriver,
  input: DriverIssueRequest,
  ip: string,
): Promise<DriverActionOutcome> {
  return reportIssueOnTrip(ctx, await knownDriverOnTrip(ctx, driver), input, ip);
}

async function reportIssueOnTrip(
  ctx: AppContext,
  { actor, trip }: { actor: DriverActor; trip: TripRecord },
  input: DriverIssueRequest,
  ip: string,
): Promise<DriverActionOutcome> {
  const { clientActionId, position: _position, ...issue } = input;
  return once(ctx, actor, trip, clientActionId, 'ISSUE', async (tx) => {
    await openTripIssueIn(ctx, tx, actor, trip.id, { ...issue, location: placeOf(input) }, ip);
    return {
      result: resultOf(
        clientActionId,
        'ISSUE',
        trip,
        `Issue reported: ${TRIP_ISSUE_TYPE_LABELS[issue.issueType]}`,
      ),
    };
  });
}

/**
 * A photo the driver adds to the trip, with the upload checks of the trip documents (type read from the
 * content, 10 MB at most), photos only. The link and the trip are checked before the file is read, and
 * an action sent before is answered without storing its file again.
 */
export async function addDriverPhoto(
  ctx: AppContext,
  token: string,
  request: FastifyRequest,
): Promise<DriverActionOutcome> {
  const { actor, trip } = await driverOnTrip(ctx, token);
  const upload = await readUpload(request, {
    maxBytes: MAX_TRIP_DOCUMENT_BYTES,
    allowed: DRIVER_PHOTO_TYPES,
  });
  const { clientActionId, kind } = formFields(driverDocumentFields, upload.fields);
  const earlier = await findDriverAction(ctx.db, actor.driverId, clientActionId);
  if (earlier) return { result: storedResult(earlier, 'DOCUMENT'), resent: true };
  return withStoredFile(ctx, upload.buffer, async (storageKey) => {
    const outcome = await once(ctx, actor, trip, clientActionId, 'DOCUMENT', async (tx) => {
      const file = {
        kind,
        fileName: upload.fileName,
        contentType: upload.mimeType,
        sizeBytes: upload.buffer.length,
        storageKey,
        sha256: fileSha256(upload.buffer),
      };
      await insertTripDocumentIn(ctx, tx, actor, trip.id, file, request);
      return {
        result: resultOf(clientActionId, 'DOCUMENT', trip, `Photo added: ${TRIP_DOCUMENT_KIND_LABELS[kind]}`),
      };
    });
    // A resend that raced the first send: its copy of the file is not needed.
    if (outcome.resent) await ctx.storage.remove(storageKey).catch(() => undefined);
    return outcome;
  });
}

/** The form of a driver's expense or answer: its fields, and the receipt photo when there is one. */
async function readDriverForm(request: FastifyRequest) {
  return readForm(request, { maxBytes: MAX_TRIP_DOCUMENT_BYTES, allowed: DRIVER_PHOTO_TYPES, maxFields: 12 });
}

/**
 * Runs a driver's action that carries a receipt: an action sent before is answered without storing its
 * file again, and a resend that raced the first send drops its copy of the file.
 */
async function onceWithReceipt(
  ctx: AppContext,
  actor: DriverActor,
  trip: TripRecord,
  clientActionId: string,
  action: DriverAction,
  file: UploadedFile | null,
  act: (tx: Executor, receipt: StoredReceipt | null) => Promise<Acted>,
): Promise<DriverActionOutcome> {
  const earlier = await findDriverAction(ctx.db, actor.driverId, clientActionId);
  if (earlier) return { result: storedResult(earlier, action), resent: true };
  return withReceipt(ctx, file, async (receipt) => {
    const outcome = await once(ctx, actor, trip, clientActionId, action, (tx) => act(tx, receipt));
    if (outcome.resent && receipt) await ctx.storage.remove(receipt.storageKey).catch(() => undefined);
    return outcome;
  });
}

/** The trip the driver names (one the driver drives for the company), locked; else the trip in progress. */
async function tripForDriver(ctx: AppContext, actor: DriverActor, tripId: string | undefined) {
  if (!tripId) return (await knownDriverOnTrip(ctx, actor)).trip;
  return (await loadTripFor(ctx.db, actor, tripId)).trip;
}

/**
 * POST /api/v1/driver/{token}/expenses: an expense from the phone (multipart: the fields, then the receipt
 * photo when there is one), waiting for the owner's review. The link is checked before the form is read.
 */
export async function recordDriverExpense(
  ctx: AppContext,
  token: string,
  request: FastifyRequest,
): Promise<DriverActionOutcome> {
  const driver = await driverOfToken(ctx, token);
  const actor: DriverActor = { driverId: driver.driverId, companyId: driver.companyId, userId: null };
  const form = await readDriverForm(request);
  const { clientActionId, tripId, ...fields } = formFields(driverExpenseFields, form.fields);
  const trip = await tripForDriver(ctx, actor, tripId);
  return onceWithReceipt(ctx, actor, trip, clientActionId, 'EXPENSE', form.file, async (tx, receipt) => {
    const { trip: locked } = await loadTripFor(tx, actor, trip.id, { forUpdate: true });
    await recordExpenseIn(ctx, tx, actor, locked, fields, receipt, request);
    return { result: resultOf(clientActionId, 'EXPENSE', locked, expenseRecordedMessage(fields.kind)) };
  });
}

/**
 * POST /api/v1/driver/{token}/expenses/{expenseId}/reply: the driver's answer to a queried expense, with a
 * receipt photo when the question asked for one.
 */
export async function answerDriverExpenseQuery(
  ctx: AppContext,
  token: string,
  expenseId: string,
  request: FastifyRequest,
): Promise<DriverActionOutcome> {
  const driver = await driverOfToken(ctx, token);
  const actor: DriverActor = { driverId: driver.driverId, companyId: driver.companyId, userId: null };
  const form = await readDriverForm(request);
  const { clientActionId, note } = formFields(driverExpenseReplyFields, form.fields);
  const trip = await tripForDriver(ctx, actor, await tripOfDriverExpense(ctx.db, actor.driverId, expenseId));
  let replaced: string | null = null;
  const outcome = await onceWithReceipt(
    ctx,
    actor,
    trip,
    clientActionId,
    'EXPENSE_REPLY',
    form.file,
    async (tx, receipt) => {
      const { trip: locked } = await loadTripFor(tx, actor, trip.id, { forUpdate: true });
      replaced = (await answerExpenseQueryIn(tx, actor, locked, expenseId, note, receipt, request))
        .replacedReceiptKey;
      return { result: resultOf(clientActionId, 'EXPENSE_REPLY', locked, 'Answer sent') };
    },
  );
  // Nothing points at the receipt the answer replaced any more.
  if (replaced) await ctx.storage.remove(replaced).catch(() => undefined);
  return outcome;
}

/**
 * An expense a driver known by id records without the phone page (the USSD menu): no receipt, on the trip
 * in progress, once per action id.
 */
export async function recordKnownDriverExpense(
  ctx: AppContext,
  driver: KnownDriver,
  input: ExpenseFields & { clientActionId: string },
  ip: string,
): Promise<DriverActionOutcome> {
  const { actor, trip } = await knownDriverOnTrip(ctx, driver);
  const { clientActionId, ...fields } = input;
  return once(ctx, actor, trip, clientActionId, 'EXPENSE', async (tx) => {
    const { trip: locked } = await loadTripFor(tx, actor, trip.id, { forUpdate: true });
    await recordExpenseIn(ctx, tx, actor, locked, fields, null, { ip });
    return { result: resultOf(clientActionId, 'EXPENSE', locked, expenseRecordedMessage(fields.kind)) };
  });
}
