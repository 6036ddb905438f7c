import { randomUUID } from 'node:crypto';
import {
  toPage,
  type CreateTrackingCredentialRequest,
  type LinkTrackingDevicesRequest,
  type Page,
  type TrackingCompany,
  type TrackingCredential,
  type TrackingDevice,
  type TrackingDeviceQuery,
  type TrackingProviderKind,
  type UpdateTrackingCredentialRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { AppError, type FieldError } from '../../errors';
import { audit, type RequestOrigin } from '../../lib/audit';
import type { Principal } from '../../plugins/auth';
import { companyTrucksAmong } from '../fleet';
import { loadCredentialFor } from './credential-access.service';
import { ProviderError } from './providers/provider';
import { providerFor, type ProviderAccount } from './providers/provider-for';
import {
  findActiveTrackingCompany,
  findDevicesOfCredential,
  insertCredential,
  listActiveTrackingCompanies,
  listCredentialsOfCompany,
  pageDevicesOfCredential,
  setDeviceTruck,
  unlinkTrucks,
  updateCredential,
  upsertDevices,
  type TrackingCompanyRow,
  type TrackingCredentialView,
} from './tracking-credential.repository';

const NEEDS_ACCOUNT: Record<TrackingProviderKind, boolean> = {
  TRACCAR: true,
  SIMULATOR: true,
  DRIVER_PHONE: false,
};

function toTrackingCompany(row: TrackingCompanyRow): TrackingCompany {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    description: row.description,
    needsCredential: NEEDS_ACCOUNT[row.kind],
  };
}

function toCredential({
  credential,
  company,
  deviceCount,
  linkedDeviceCount,
}: TrackingCredentialView): TrackingCredential {
  return {
    id: credential.id,
    trackingCompany: company,
    label: credential.label,
    baseUrl: credential.baseUrl,
    authMethod: credential.authMethod,
    username: credential.username,
    hasSecret: credential.secretCiphertext !== null,
    status: credential.active ? credential.status : 'PAUSED',
    lastPolledAt: credential.lastPolledAt?.toISOString() ?? null,
    lastError: credential.lastError,
    deviceCount: Number(deviceCount),
    linkedDeviceCount: Number(linkedDeviceCount),
    createdAt: credential.createdAt.toISOString(),
    updatedAt: credential.updatedAt.toISOString(),
  };
}

/** What the secret is sealed against: the credential it belongs to. */
const secretContext = (credentialId: string) => `tracking-credential:${credentialId}`;

/** The provider account of a stored credential, its secret opened. */
export function accountOf(ctx: Pick<AppContext, 'secretBox'>, view: TrackingCredentialView): ProviderAccount {
  const { credential, company } = view;
  return {
    kind: company.kind,
    baseUrl: credential.baseUrl,
    authMethod: credential.authMethod,
    username: credential.username,
    secret: openSecret(ctx, credential.secretCiphertext, credential.id),
  };
}

/**
 * The stored secret, or null when there is none or it no longer opens (the key was changed): the account
 * then asks for its password or token again instead of failing every call that reads it.
 */
function openSecret(ctx: Pick<AppContext, 'secretBox'>, sealed: string | null, credentialId: string) {
  if (!sealed) return null;
  try {
    return ctx.secretBox.open(sealed, secretContext(credentialId));
  } catch {
    return null;
  }
}

export function providerOptions(ctx: Pick<AppContext, 'env'>) {
  return {
    allowInternalHosts: ctx.env.TRACKING_ALLOW_INTERNAL_HOSTS,
    simulatorSpeedKmh: ctx.env.SIMULATOR_SPEED_KMH,
  };
}

const fieldError = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, { errors: [{ field, message }] });

/** The fields a provider needs that the account lacks, each with what to enter. */
function missingFields(account: ProviderAccount): FieldError[] {
  if (account.kind !== 'TRACCAR') return [];
  const missing: FieldError[] = [];
  if (!account.baseUrl) missing.push({ field: 'baseUrl', message: 'Enter the server address' });
  if (!account.authMethod) missing.push({ field: 'authMethod', message: 'Choose how to sign in' });
  if (account.authMethod === 'PASSWORD') {
    if (!account.username) missing.push({ field: 'username', message: 'Enter the e-mail or user name' });
    if (!account.secret) missing.push({ field: 'password', message: 'Enter the password' });
  }
  if (account.authMethod === 'TOKEN' && !account.secret) {
    missing.push({ field: 'token', message: 'Enter the access token' });
  }
  return missing;
}

/**
 * Signs in to the provider with `account` and reads its devices. A refusal or an unreachable server is a
 * 400 on the field to correct, with the provider's trouble said plainly; nothing is saved.
 */
async function connect(ctx: AppContext, account: ProviderAccount) {
  const missing = missingFields(account);
  if (missing.length > 0) throw new AppError('BAD_REQUEST', missing[0]!.message, { errors: missing });
  try {
    const provider = await providerFor(account, providerOptions(ctx));
    await provider.check();
    return await provider.devices();
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    const field =
      err.failure === 'REFUSED' ? (account.authMethod === 'TOKEN' ? 'token' : 'password') : 'baseUrl';
    throw fieldError(field, err.message);
  }
}

export async function listTrackingCompanies(ctx: AppContext): Promise<TrackingCompany[]> {
  return (await listActiveTrackingCompanies(ctx.db)).map(toTrackingCompany);
}

export async function listTrackingCredentials(
  ctx: AppContext,
  principal: Principal,
): Promise<TrackingCredential[]> {
  return (await listCredentialsOfCompany(ctx.db, principal.companyId)).map(toCredential);
}

/** The secret of the chosen sign-in method, if one was sent. */
const secretOf = (input: { authMethod?: string; password?: string; token?: string }) =>
  input.authMethod === 'TOKEN' ? (input.token ?? null) : (input.password ?? null);

export async function createTrackingCredential(
  ctx: AppContext,
  principal: Principal,
  input: CreateTrackingCredentialRequest,
  origin: RequestOrigin,
): Promise<TrackingCredential> {
  const company = await findActiveTrackingCompany(ctx.db, input.trackingCompanyId);
  if (!company) throw fieldError('trackingCompanyId', 'Choose a tracking company');
  if (!NEEDS_ACCOUNT[company.kind]) {
    throw fieldError(
      'trackingCompanyId',
      `${company.name} needs no account: each driver's phone link is on the driver's page.`,
    );
  }
  const traccar = company.kind === 'TRACCAR';
  const account: ProviderAccount = {
    kind: company.kind,
    baseUrl: traccar ? (input.baseUrl ?? null) : null,
    authMethod: traccar ? (input.authMethod ?? null) : null,
    username: traccar && input.authMethod === 'PASSWORD' ? (input.username ?? null) : null,
    secret: traccar ? secretOf(input) : null,
  };
  const devices = await connect(ctx, account);

  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await insertCredential(tx, {
      id,
      companyId: principal.companyId,
      trackingCompanyId: company.id,
      label: input.label,
      baseUrl: account.baseUrl,
      authMethod: account.authMethod,
      username: account.username,
      secretCiphertext: account.secret ? ctx.secretBox.seal(account.secret, secretContext(id)) : null,
      lastPolledAt: new Date(),
    });
    await upsertDevices(tx, { id, companyId: principal.companyId }, devices);
    await audit(tx, principal, origin, {
      action: 'tracking_credential.created',
      entityType: 'tracking_credential',
      entityId: id,
      data: { trackingCompany: company.name, label: input.label, baseUrl: account.baseUrl },
    });
  });
  return toCredential(await loadCredentialFor(ctx.db, principal, id));
}

export async function updateTrackingCredential(
  ctx: AppContext,
  principal: Principal,
  id: string,
  input: UpdateTrackingCredentialRequest,
  origin: RequestOrigin,
): Promise<TrackingCredential> {
  const current = await loadCredentialFor(ctx.db, principal, id);
  const stored = accountOf(ctx, current);
  const traccar = current.company.kind === 'TRACCAR';
  const authMethod = traccar ? (input.authMethod ?? stored.authMethod) : null;
  const methodChanged = authMethod !== stored.authMethod;
  const newSecret = authMethod === 'TOKEN' ? input.token : input.password;
  const account: ProviderAccount = {
    ...stored,
    baseUrl: traccar ? (input.baseUrl ?? stored.baseUrl) : null,
    authMethod,
    username: authMethod === 'PASSWORD' ? (input.username ?? stored.username) : null,
    // A new sign-in method needs its own secret; otherwise the stored one stays unless replaced.
    secret: newSecret ?? (methodChanged ? null : stored.secret),
  };
  const connectionChanged =
    account.baseUrl !== stored.baseUrl ||
    account.authMethod !== stored.authMethod ||
    account.username !== stored.username ||
    account.secret !== stored.secret;
  const resuming = input.active === true && !current.credential.active;
  const devices = connectionChanged || resuming ? await connect(ctx, account) : null;

  await ctx.db.transaction(async (tx) => {
    await loadCredentialFor(tx, principal, id, { forUpdate: true });
    await updateCredential(tx, id, {
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      baseUrl: account.baseUrl,
      authMethod: account.authMethod,
      username: account.username,
      secretCiphertext: account.secret ? ctx.secretBox.seal(account.secret, secretContext(id)) : null,
      ...(devices ? { status: 'CONNECTED', lastError: null, pollFailures: 0, nextPollAt: new Date() } : {}),
    });
    if (devices) await upsertDevices(tx, { id, companyId: principal.companyId }, devices);
    await audit(tx, principal, origin, {
      action: 'tracking_credential.updated',
      entityType: 'tracking_credential',
      entityId: id,
      data: {
        before: {
          label: current.credential.label,
          baseUrl: stored.baseUrl,
          authMethod: stored.authMethod,
          username: stored.username,
          active: current.credential.active,
        },
        after: {
          label: input.label ?? current.credential.label,
          baseUrl: account.baseUrl,
          authMethod: account.authMethod,
          username: account.username,
          active: input.active ?? current.credential.active,
        },
        secretReplaced: account.secret !== stored.secret,
      },
    });
  });
  return toCredential(await loadCredentialFor(ctx.db, principal, id));
}

function toDevice(row: Awaited<ReturnType<typeof pageDevicesOfCredential>>['rows'][number]): TrackingDevice {
  const { device, truckRegistrationNumber } = row;
  return {
    id: device.id,
    externalId: device.externalId,
    name: device.name,
    uniqueId: device.uniqueId,
    lastPositionAt: device.lastPositionAt?.toISOString() ?? null,
    truck:
      device.truckId && truckRegistrationNumber
        ? { id: device.truckId, registrationNumber: truckRegistrationNumber }
        : null,
  };
}

/**
 * The provider's devices with the truck each drives. The first page asks the provider for its list
 * first (new devices appear at once); when it cannot answer, the devices last seen are listed.
 */
export async function listTrackingDevices(
  ctx: AppContext,
  principal: Principal,
  credentialId: string,
  query: TrackingDeviceQuery,
): Promise<Page<TrackingDevice>> {
  const view = await loadCredentialFor(ctx.db, principal, credentialId);
  if (query.page === 0 && view.credential.active) await refreshDevices(ctx, view);
  const { rows, total } = await pageDevicesOfCredential(ctx.db, credentialId, {
    offset: query.page * query.limit,
    limit: query.limit,
  });
  return toPage(rows.map(toDevice), total, { page: query.page, size: query.limit });
}

async function refreshDevices(ctx: AppContext, view: TrackingCredentialView): Promise<void> {
  try {
    const provider = await providerFor(accountOf(ctx, view), providerOptions(ctx));
    await upsertDevices(
      ctx.db,
      { id: view.credential.id, companyId: view.credential.companyId },
      await provider.devices(),
    );
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
  }
}

/** Links devices to the company's trucks (or unlinks them); a truck taken from another device moves. */
export async function linkTrackingDevices(
  ctx: AppContext,
  principal: Principal,
  credentialId: string,
  input: LinkTrackingDevicesRequest,
  origin: RequestOrigin,
): Promise<Page<TrackingDevice>> {
  await ctx.db.transaction(async (tx) => {
    await loadCredentialFor(tx, principal, credentialId, { forUpdate: true });
    const before = await applyLinks(tx, principal, credentialId, input);
    await audit(tx, principal, origin, {
      action: 'tracking_devices.linked',
      entityType: 'tracking_credential',
      entityId: credentialId,
      data: {
        links: input.links,
        before: { truckIdOfDevice: before },
        after: {
          truckIdOfDevice: Object.fromEntries(input.links.map((l) => [l.deviceId, l.truckId ?? null])),
        },
      },
    });
  });
  const { rows, total } = await pageDevicesOfCredential(ctx.db, credentialId, { offset: 0, limit: 20 });
  return toPage(rows.map(toDevice), total, { page: 0, size: 20 });
}

async function applyLinks(
  tx: Executor,
  principal: Principal,
  credentialId: string,
  input: LinkTrackingDevicesRequest,
): Promise<Record<string, string | null>> {
  const deviceIds = input.links.map((l) => l.deviceId);
  const truckIds = input.links.flatMap((l) => (l.truckId ? [l.truckId] : []));
  const found = await findDevicesOfCredential(tx, credentialId, deviceIds);
  const devices = new Set(found.map((d) => d.id));
  const trucks = new Map((await companyTrucksAmong(tx, principal.companyId, truckIds)).map((t) => [t.id, t]));
  const errors: FieldError[] = [];
  const seenDevices = new Set<string>();
  const seenTrucks = new Set<string>();
  input.links.forEach((link, i) => {
    if (!devices.has(link.deviceId))
      errors.push({ field: `links.${i}.deviceId`, message: 'Device not found' });
    else if (seenDevices.has(link.deviceId)) {
      errors.push({ field: `links.${i}.deviceId`, message: 'This device is listed twice' });
    }
    seenDevices.add(link.deviceId);
    if (!link.truckId) return;
    const truck = trucks.get(link.truckId);
    if (!truck) errors.push({ field: `links.${i}.truckId`, message: 'Truck not found' });
    else if (!truck.active) {
      errors.push({
        field: `links.${i}.truckId`,
        message: `${truck.registrationNumber} is retired; reactivate it first`,
      });
    } else if (seenTrucks.has(link.truckId)) {
      errors.push({
        field: `links.${i}.truckId`,
        message: `${truck.registrationNumber} is given two devices`,
      });
    }
    seenTrucks.add(link.truckId);
  });
  if (errors.length > 0) throw new AppError('BAD_REQUEST', errors[0]!.message, { errors });
  await unlinkTrucks(tx, truckIds);
  for (const link of input.links) await setDeviceTruck(tx, link.deviceId, link.truckId);
  // The truck each listed device had before, for the audit log.
  return Object.fromEntries(found.map((d) => [d.id, d.truckId]));
}
