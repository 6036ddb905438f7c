import {
  expiryWarningCutoff,
  toPage,
  TRUCK_DOCUMENT_KINDS,
  type CreateTruckRequest,
  type Page,
  type Truck,
  type TruckDocument,
  type TruckDocumentKind,
  type TruckDocumentsInput,
  type TruckListQuery,
  type UpdateTruckRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import { audit, changeOf } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import type { Principal } from '../../plugins/auth';
import { assertOnNoLiveTrip } from './fleet-deactivation.service';
import { duplicateField } from './fleet-person';
import {
  findTruck,
  findTruckWithPlate,
  findTrucksOfCompany,
  insertTruck,
  listTrucks,
  updateTruckRow,
  type TruckRow,
} from './truck.repository';

const DUPLICATE_PLATE = 'A truck with this registration number is already in your fleet.';
const duplicatePlate = () => duplicateField('registrationNumber', DUPLICATE_PLATE);

export function toTruck(row: TruckRow): Truck {
  return {
    id: row.id,
    registrationNumber: row.registrationNumber,
    make: row.make,
    model: row.model,
    year: row.year,
    type: row.type,
    capacityTonnes: row.capacityTenthTonnes / 10,
    documents: {
      vehicleLicence: row.documents.vehicleLicence ?? null,
      roadWorthiness: row.documents.roadWorthiness ?? null,
      insurance: row.documents.insurance ?? null,
      hackneyPermit: row.documents.hackneyPermit ?? null,
    },
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored documents with `input` laid over them: a kind that is sent replaces that kind only. */
function mergeDocuments(
  stored: TruckRow['documents'],
  input: TruckDocumentsInput | undefined,
): TruckRow['documents'] {
  const merged: Partial<Record<TruckDocumentKind, TruckDocument>> = { ...stored };
  for (const kind of TRUCK_DOCUMENT_KINDS) {
    const document = input?.[kind];
    if (document) merged[kind] = { number: document.number ?? null, expiresOn: document.expiresOn };
  }
  return merged;
}

/** Capacity is kept in tenths of a tonne so no floating point is stored. */
const tenthTonnes = (tonnes: number) => Math.round(tonnes * 10);

export async function listTrucksOf(
  ctx: AppContext,
  principal: Principal,
  query: TruckListQuery,
): Promise<Page<Truck>> {
  const { rows, total } = await listTrucks(ctx.db, principal.companyId, query, expiryWarningCutoff());
  return toPage(rows.map(toTruck), total, query);
}

/** The company's trucks among `ids`, for other modules that point at trucks (others are not there). */
export async function companyTrucksAmong(
  db: Executor,
  companyId: string,
  ids: string[],
): Promise<TruckRow[]> {
  return findTrucksOfCompany(db, companyId, ids);
}

export async function getTruck(ctx: AppContext, principal: Principal, id: string): Promise<Truck> {
  const row = await findTruck(ctx.db, principal.companyId, id);
  if (!row) throw notFound('Truck');
  return toTruck(row);
}

export async function createTruck(
  ctx: AppContext,
  principal: Principal,
  input: CreateTruckRequest,
  ip: string,
): Promise<Truck> {
  if (await findTruckWithPlate(ctx.db, principal.companyId, input.registrationNumber)) throw duplicatePlate();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const created = await insertTruck(tx, {
        companyId: principal.companyId,
        registrationNumber: input.registrationNumber,
        make: input.make,
        model: input.model,
        year: input.year,
        type: input.type,
        capacityTenthTonnes: tenthTonnes(input.capacityTonnes),
        documents: mergeDocuments({}, input.documents),
      });
      await audit(
        tx,
        principal,
        { ip },
        {
          action: 'truck.created',
          entityType: 'truck',
          entityId: created.id,
          data: { registrationNumber: created.registrationNumber, type: created.type },
        },
      );
      return created;
    });
    return toTruck(row);
  } catch (err) {
    // Two registrations of one plate at the same moment: the unique index decides.
    if (uniqueViolation(err)) throw duplicatePlate();
    throw err;
  }
}

export async function updateTruck(
  ctx: AppContext,
  principal: Principal,
  id: string,
  input: UpdateTruckRequest,
  ip: string,
): Promise<Truck> {
  if (
    input.registrationNumber &&
    (await findTruckWithPlate(ctx.db, principal.companyId, input.registrationNumber, id))
  ) {
    throw duplicatePlate();
  }
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const truck = await findTruck(tx, principal.companyId, id, { forUpdate: true });
      if (!truck) throw notFound('Truck');
      const { capacityTonnes, documents, ...rest } = input;
      const change = {
        ...rest,
        ...(capacityTonnes === undefined ? {} : { capacityTenthTonnes: tenthTonnes(capacityTonnes) }),
        ...(documents === undefined ? {} : { documents: mergeDocuments(truck.documents, documents) }),
      };
      const updated = await updateTruckRow(tx, truck.id, change);
      await audit(
        tx,
        principal,
        { ip },
        { action: 'truck.updated', entityType: 'truck', entityId: truck.id, data: changeOf(truck, change) },
      );
      return updated;
    });
    return toTruck(row);
  } catch (err) {
    if (uniqueViolation(err)) throw duplicatePlate();
    throw err;
  }
}

/** Deactivating keeps the truck (trips refer to it) but takes it out of the available ones. */
export async function setTruckActive(
  ctx: AppContext,
  principal: Principal,
  id: string,
  active: boolean,
  ip: string,
): Promise<Truck> {
  const row = await ctx.db.transaction(async (tx) => {
    const truck = await findTruck(tx, principal.companyId, id, { forUpdate: true });
    if (!truck) throw notFound('Truck');
    if (truck.active === active) return truck;
    if (!active) {
      await assertOnNoLiveTrip(tx, principal.companyId, 'truck', {
        id: truck.id,
        name: truck.registrationNumber,
      });
    }
    const updated = await updateTruckRow(tx, truck.id, { active });
    await audit(
      tx,
      principal,
      { ip },
      {
        action: active ? 'truck.activated' : 'truck.deactivated',
        entityType: 'truck',
        entityId: truck.id,
        data: { before: { active: truck.active }, after: { active } },
      },
    );
    return updated;
  });
  return toTruck(row);
}
