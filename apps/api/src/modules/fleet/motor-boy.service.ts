import {
  toPage,
  type CreateMotorBoyRequest,
  type FleetListQuery,
  type MotorBoy,
  type Page,
  type UpdateMotorBoyRequest,
} from '@freightlane/domain';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { audit, changeOf } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import type { Principal } from '../../plugins/auth';
import { assertOnNoLiveTrip } from './fleet-deactivation.service';
import { duplicateField, toPerson } from './fleet-person';
import {
  findMotorBoy,
  findMotorBoyWithPhone,
  insertMotorBoy,
  listMotorBoys,
  updateMotorBoyRow,
} from './motor-boy.repository';

const DUPLICATE_PHONE = 'A motor boy with this phone number is already in your fleet.';
const duplicatePhone = () => duplicateField('phoneNumber', DUPLICATE_PHONE);

export const toMotorBoy = toPerson;

export async function listMotorBoysOf(
  ctx: AppContext,
  principal: Principal,
  query: FleetListQuery,
): Promise<Page<MotorBoy>> {
  const { rows, total } = await listMotorBoys(ctx.db, principal.companyId, query);
  return toPage(rows.map(toMotorBoy), total, query);
}

export async function getMotorBoy(ctx: AppContext, principal: Principal, id: string): Promise<MotorBoy> {
  const row = await findMotorBoy(ctx.db, principal.companyId, id);
  if (!row) throw notFound('Motor boy');
  return toMotorBoy(row);
}

export async function createMotorBoy(
  ctx: AppContext,
  principal: Principal,
  input: CreateMotorBoyRequest,
  ip: string,
): Promise<MotorBoy> {
  if (await findMotorBoyWithPhone(ctx.db, principal.companyId, input.phoneNumber)) throw duplicatePhone();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const created = await insertMotorBoy(tx, { ...input, companyId: principal.companyId });
      await audit(
        tx,
        principal,
        { ip },
        { action: 'motor_boy.created', entityType: 'motor_boy', entityId: created.id },
      );
      return created;
    });
    return toMotorBoy(row);
  } catch (err) {
    if (uniqueViolation(err)) throw duplicatePhone();
    throw err;
  }
}

export async function updateMotorBoy(
  ctx: AppContext,
  principal: Principal,
  id: string,
  input: UpdateMotorBoyRequest,
  ip: string,
): Promise<MotorBoy> {
  if (
    input.phoneNumber &&
    (await findMotorBoyWithPhone(ctx.db, principal.companyId, input.phoneNumber, id))
  ) {
    throw duplicatePhone();
  }
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const motorBoy = await findMotorBoy(tx, principal.companyId, id, { forUpdate: true });
      if (!motorBoy) throw notFound('Motor boy');
      const updated = await updateMotorBoyRow(tx, motorBoy.id, input);
      await audit(
        tx,
        principal,
        { ip },
        {
          action: 'motor_boy.updated',
          entityType: 'motor_boy',
          entityId: motorBoy.id,
          data: changeOf(motorBoy, input),
        },
      );
      return updated;
    });
    return toMotorBoy(row);
  } catch (err) {
    if (uniqueViolation(err)) throw duplicatePhone();
    throw err;
  }
}

/** Deactivating keeps the motor boy (trips refer to them) but takes them out of the available ones. */
export async function setMotorBoyActive(
  ctx: AppContext,
  principal: Principal,
  id: string,
  active: boolean,
  ip: string,
): Promise<MotorBoy> {
  const row = await ctx.db.transaction(async (tx) => {
    const motorBoy = await findMotorBoy(tx, principal.companyId, id, { forUpdate: true });
    if (!motorBoy) throw notFound('Motor boy');
    if (motorBoy.active === active) return motorBoy;
    if (!active) {
      await assertOnNoLiveTrip(tx, principal.companyId, 'motorBoy', {
        id: motorBoy.id,
        name: `${motorBoy.firstName} ${motorBoy.lastName}`,
      });
    }
    const updated = await updateMotorBoyRow(tx, motorBoy.id, { active });
    await audit(
      tx,
      principal,
      { ip },
      {
        action: active ? 'motor_boy.activated' : 'motor_boy.deactivated',
        entityType: 'motor_boy',
        entityId: motorBoy.id,
        data: { before: { active: motorBoy.active }, after: { active } },
      },
    );
    return updated;
  });
  return toMotorBoy(row);
}
