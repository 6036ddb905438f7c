import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  DRIVER_PHOTO_MIME_TYPES,
  expiryWarningCutoff,
  MAX_DRIVER_PHOTO_BYTES,
  toPage,
  type CreateDriverRequest,
  type Driver,
  type DriverListQuery,
  type Page,
  type UpdateDriverRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { AppError } from '../../errors';
import { notFound } from '../../errors';
import { audit, changeOf } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { readUpload } from '../../lib/upload';
import type { Principal } from '../../plugins/auth';
import { assertOnNoLiveTrip } from './fleet-deactivation.service';
import { duplicateField, toPerson } from './fleet-person';
import {
  findDriver,
  findDriverClash,
  insertDriver,
  listDrivers,
  updateDriverRow,
  type DriverRow,
} from './driver.repository';
import { openStoredFile } from '../../plugins/storage';

const DUPLICATE_PHONE = 'A driver with this phone number is already in your fleet.';
const DUPLICATE_LICENCE = 'A driver with this licence number is already in your fleet.';

function duplicateDriver(field: 'phoneNumber' | 'licenceNumber'): AppError {
  return duplicateField(field, field === 'phoneNumber' ? DUPLICATE_PHONE : DUPLICATE_LICENCE);
}

/** Checked before writing so the answer names the field; the unique indexes still decide a race. */
async function assertNoClash(
  ctx: AppContext,
  companyId: string,
  input: { phoneNumber?: string | undefined; licenceNumber?: string | undefined },
  exceptId?: string,
): Promise<void> {
  const clash = await findDriverClash(ctx.db, companyId, input, exceptId);
  if (clash) {
    throw duplicateDriver(clash.phoneNumber === input.phoneNumber ? 'phoneNumber' : 'licenceNumber');
  }
}

function clashOf(err: unknown): AppError | null {
  const dup = uniqueViolation(err);
  if (!dup) return null;
  return duplicateDriver(dup.constraint.includes('licence') ? 'licenceNumber' : 'phoneNumber');
}

export function toDriver(row: DriverRow): Driver {
  return {
    ...toPerson(row),
    licenceNumber: row.licenceNumber,
    licenceExpiresOn: row.licenceExpiresOn,
    hasPhoto: row.photoKey !== null,
    language: row.language,
  };
}

export async function listDriversOf(
  ctx: AppContext,
  principal: Principal,
  query: DriverListQuery,
): Promise<Page<Driver>> {
  const { rows, total } = await listDrivers(ctx.db, principal.companyId, query, expiryWarningCutoff());
  return toPage(rows.map(toDriver), total, query);
}

export async function getDriver(ctx: AppContext, principal: Principal, id: string): Promise<Driver> {
  const row = await findDriver(ctx.db, principal.companyId, id);
  if (!row) throw notFound('Driver');
  return toDriver(row);
}

export async function createDriver(
  ctx: AppContext,
  principal: Principal,
  input: CreateDriverRequest,
  ip: string,
): Promise<Driver> {
  await assertNoClash(ctx, principal.companyId, input);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const created = await insertDriver(tx, { ...input, companyId: principal.companyId });
      await audit(
        tx,
        principal,
        { ip },
        {
          action: 'driver.created',
          entityType: 'driver',
          entityId: created.id,
          data: { licenceNumber: created.licenceNumber },
        },
      );
      return created;
    });
    return toDriver(row);
  } catch (err) {
    throw clashOf(err) ?? err;
  }
}

export async function updateDriver(
  ctx: AppContext,
  principal: Principal,
  id: string,
  input: UpdateDriverRequest,
  ip: string,
): Promise<Driver> {
  await assertNoClash(ctx, principal.companyId, input, id);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const driver = await findDriver(tx, principal.companyId, id, { forUpdate: true });
      if (!driver) throw notFound('Driver');
      const updated = await updateDriverRow(tx, driver.id, input);
      await audit(
        tx,
        principal,
        { ip },
        {
          action: 'driver.updated',
          entityType: 'driver',
          entityId: driver.id,
          data: changeOf(driver, input),
        },
      );
      return updated;
    });
    return toDriver(row);
  } catch (err) {
    throw clashOf(err) ?? err;
  }
}

/** Deactivating keeps the driver (trips refer to them) but takes them out of the available ones. */
export async function setDriverActive(
  ctx: AppContext,
  principal: Principal,
  id: string,
  active: boolean,
  ip: string,
): Promise<Driver> {
  const row = await ctx.db.transaction(async (tx) => {
    const driver = await findDriver(tx, principal.companyId, id, { forUpdate: true });
    if (!driver) throw notFound('Driver');
    if (driver.active === active) return driver;
    if (!active) {
      await assertOnNoLiveTrip(tx, principal.companyId, 'driver', {
        id: driver.id,
        name: `${driver.firstName} ${driver.lastName}`,
      });
    }
    const updated = await updateDriverRow(tx, driver.id, { active });
    await audit(
      tx,
      principal,
      { ip },
      {
        action: active ? 'driver.activated' : 'driver.deactivated',
        entityType: 'driver',
        entityId: driver.id,
        data: { before: { active: driver.active }, after: { active } },
      },
    );
    return updated;
  });
  return toDriver(row);
}

/**
 * Stores a new photo (its kind read from the content) and replaces the old one, whose file is deleted once
 * nothing points at it any more.
 */
export async function uploadDriverPhoto(
  ctx: AppContext,
  principal: Principal,
  id: string,
  request: FastifyRequest,
): Promise<Driver> {
  if (!(await findDriver(ctx.db, principal.companyId, id))) throw notFound('Driver');
  const upload = await readUpload(request, {
    maxBytes: MAX_DRIVER_PHOTO_BYTES,
    allowed: DRIVER_PHOTO_MIME_TYPES,
  });
  const photoKey = await ctx.storage.put('driver-photos', upload.buffer);
  let result: { row: DriverRow; previousKey: string | null };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const driver = await findDriver(tx, principal.companyId, id, { forUpdate: true });
      if (!driver) throw notFound('Driver');
      const updated = await updateDriverRow(tx, driver.id, { photoKey, photoContentType: upload.mimeType });
      await audit(tx, principal, request, {
        action: 'driver.photo_uploaded',
        entityType: 'driver',
        entityId: driver.id,
        data: { mimeType: upload.mimeType, sizeBytes: upload.buffer.length },
      });
      return { row: updated, previousKey: driver.photoKey };
    });
  } catch (err) {
    // The row never pointed at the new file.
    await ctx.storage.remove(photoKey).catch(() => undefined);
    throw err;
  }
  if (result.previousKey) await ctx.storage.remove(result.previousKey).catch(() => undefined);
  return toDriver(result.row);
}

export interface DriverPhoto {
  contentType: string;
  stream: Readable;
}

export async function openDriverPhoto(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<DriverPhoto> {
  const driver = await findDriver(ctx.db, principal.companyId, id);
  if (!driver) throw notFound('Driver');
  if (!driver.photoKey || !driver.photoContentType) throw notFound('Driver photo');
  return {
    contentType: driver.photoContentType,
    stream: await openStoredFile(ctx.storage, driver.photoKey, 'Driver photo'),
  };
}
