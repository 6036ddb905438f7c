import { randomUUID } from 'node:crypto';
import { sharedPerSide } from '../../test/access-money';
import type { AccessWorld, Side } from '../../test/access-world';
import { uploadAs } from '../../test/multipart';
import { everyone, namesNothingOfOtherSide, onlyRoles, own, type Cell, type MatrixRow } from './row';

/**
 * Money on the road (docs/decisions/046-money-on-the-road.md): a trip's advances, expenses, settlement and
 * profit, and a driver's running balance, are the transporter's own. Its owner and fleet managers change
 * them; admins read a trip's account and receipts; the trip's customer is refused whatever the trip, and
 * another transporter's trip is not found. The driver acts from the phone link, which is the access.
 */

const runsCash = (status: number) =>
  onlyRoles({ transporter: own(status, 404), fleetManager: own(status, 404) });
const readsCash = (status: number) =>
  onlyRoles({ transporter: own(status, 404), fleetManager: own(status, 404), admin: status });

const receiptFile = (world: AccessWorld) => ({
  fileName: 'toll-receipt.jpg',
  content: world.files.jpeg(),
  contentType: 'image/jpeg',
});

/** An expense the side's transporter recorded, with its receipt, on `tripId`: its id. */
async function officeExpense(world: AccessWorld, side: Side, tripId: string): Promise<string> {
  const res = await uploadAs(
    world.t,
    `/api/v1/trips/${tripId}/expenses`,
    world.sides[side].transporter.accessToken,
    { kind: 'TOLL', amountKobo: '150000' },
    receiptFile(world),
  );
  if (res.status !== 201) throw new Error(`recording an expense failed: ${res.status}`);
  return (res.body.expenses as { id: string }[]).at(-1)!.id;
}

/** The side's shared trip with an advance and a receipted expense on it, made once per side. */
const cashOf = sharedPerSide(async (world: AccessWorld, side: Side) => {
  const s = world.sides[side];
  const money = await world.send('POST', `/api/v1/trips/${s.trip.id}/advances`, s.transporter.accessToken, {
    method: 'CASH',
    amountKobo: 5_000_000,
  });
  return {
    advanceId: (money.advances as { id: string }[])[0]!.id,
    expenseId: await officeExpense(world, side, s.trip.id),
  };
});

/** The owner's shared trip, or a new one (truck and driver on it) when the cell changes it. */
const tripOf = async ({ world, owner, side, fresh }: Cell) =>
  fresh ? (await world.freshTrip(owner)).trip : side.trip;

/** A driver's link on a new trip with an expense the owner queried, for the cells that answer it. */
async function queriedExpenseOf(cell: Cell) {
  const { trip, driver } = await cell.world.freshTrip(cell.owner);
  const link = await cell.world.freshDriverLink(cell.owner, driver.id);
  const recorded = await uploadAs(cell.world.t, `${link.base}/expenses`, undefined, {
    clientActionId: randomUUID(),
    kind: 'LEVY',
    amountKobo: '300000',
  });
  if (recorded.status !== 201) throw new Error(`recording a driver's expense failed: ${recorded.status}`);
  const token = cell.world.sides[cell.owner].transporter.accessToken;
  const money = await cell.world.read(`/api/v1/trips/${trip.id}/money`, token);
  const expenseId = (money.expenses as { id: string }[])[0]!.id;
  await cell.world.send('POST', `/api/v1/trips/${trip.id}/expenses/${expenseId}/review`, token, {
    decision: 'QUERY',
    note: 'Send the union ticket',
  });
  return { link, expenseId };
}

export const rows: MatrixRow[] = [
  {
    op: 'GET /api/v1/trips/{id}/money',
    expect: readsCash(200),
    note: "A trip's cash is the transporter's business: its customer is refused, whatever the trip.",
    request: async (cell) => {
      await cashOf.get(cell.world, cell.owner);
      return { url: `/api/v1/trips/${cell.side.trip.id}/money` };
    },
    check: namesNothingOfOtherSide((s) => [s.trip.id, s.driver.id]),
  },
  {
    op: 'POST /api/v1/trips/{id}/advances',
    expect: runsCash(201),
    request: async (cell) => ({
      url: `/api/v1/trips/${(await tripOf(cell)).id}/advances`,
      body: { method: 'TRANSFER', amountKobo: 2_500_000, reference: 'GTB-7781' },
    }),
    snapshot: ({ world, side }) => world.stored('tripAdvances', { tripId: side.trip.id }),
  },
  {
    op: 'DELETE /api/v1/trips/{id}/advances/{advanceId}',
    expect: runsCash(200),
    request: async (cell) => {
      if (!cell.fresh) {
        const { advanceId } = await cashOf.get(cell.world, cell.owner);
        return { url: `/api/v1/trips/${cell.side.trip.id}/advances/${advanceId}` };
      }
      const trip = await tripOf(cell);
      const money = await cell.world.send(
        'POST',
        `/api/v1/trips/${trip.id}/advances`,
        cell.side.transporter.accessToken,
        { method: 'CASH', amountKobo: 100_000 },
      );
      return { url: `/api/v1/trips/${trip.id}/advances/${(money.advances as { id: string }[])[0]!.id}` };
    },
    snapshot: ({ world, side }) => world.stored('tripAdvances', { tripId: side.trip.id }),
  },
  {
    op: 'POST /api/v1/trips/{id}/expenses',
    expect: runsCash(201),
    request: async (cell) => ({
      url: `/api/v1/trips/${(await tripOf(cell)).id}/expenses`,
      multipart: { fields: { kind: 'LOADING', amountKobo: '800000' }, file: receiptFile(cell.world) },
    }),
    snapshot: ({ world, side }) => world.stored('tripExpenses', { tripId: side.trip.id }),
  },
  {
    op: 'POST /api/v1/trips/{id}/expenses/{expenseId}/review',
    expect: runsCash(200),
    request: async (cell) => {
      const trip = await tripOf(cell);
      const expenseId = cell.fresh
        ? await officeExpense(cell.world, cell.owner, trip.id)
        : (await cashOf.get(cell.world, cell.owner)).expenseId;
      return {
        url: `/api/v1/trips/${trip.id}/expenses/${expenseId}/review`,
        body: { decision: 'QUERY', note: 'Which gate?' },
      };
    },
    snapshot: ({ world, side }) => world.stored('tripExpenses', { tripId: side.trip.id }),
  },
  {
    op: 'GET /api/v1/trips/expenses/{expenseId}/receipt',
    expect: readsCash(200),
    request: async (cell) => {
      const { expenseId } = await cashOf.get(cell.world, cell.owner);
      return { url: `/api/v1/trips/expenses/${expenseId}/receipt` };
    },
  },
  {
    op: 'POST /api/v1/trips/{id}/settlement',
    expect: runsCash(201),
    note: 'A trip is settled once delivered or cancelled: the cells that may settle do so on a cancelled trip.',
    request: async (cell) => {
      const trip = await tripOf(cell);
      if (cell.fresh) {
        await cell.world.send('PATCH', '/api/v1/trips/cancel', cell.side.transporter.accessToken, {
          tripIds: [trip.id],
          reason: 'The consignee closed the warehouse',
        });
      }
      return {
        url: `/api/v1/trips/${trip.id}/settlement`,
        body: { direction: 'TO_DRIVER', amountKobo: 0, method: 'CASH' },
      };
    },
    snapshot: ({ world, side }) => world.stored('tripSettlements', { tripId: side.trip.id }),
  },
  {
    op: 'GET /api/v1/fleet/drivers/{id}/balance',
    expect: runsCash(200),
    request: async (cell) => {
      await cashOf.get(cell.world, cell.owner);
      return { url: `/api/v1/fleet/drivers/${cell.side.driver.id}/balance` };
    },
    check: namesNothingOfOtherSide((s) => [s.trip.id, s.driver.id]),
  },
  {
    op: 'POST /api/v1/driver/{token}/expenses',
    expect: everyone(201),
    request: async (cell) => {
      const link = cell.fresh
        ? await cell.world.freshDriverLink(cell.owner, (await cell.world.freshTrip(cell.owner)).driver.id)
        : cell.side.driverLink;
      return {
        url: `${link.base}/expenses`,
        multipart: {
          fields: { clientActionId: randomUUID(), kind: 'TOLL', amountKobo: '50000' },
          file: receiptFile(cell.world),
        },
      };
    },
  },
  {
    op: 'POST /api/v1/driver/{token}/expenses/{expenseId}/reply',
    expect: everyone(201),
    request: async (cell) => {
      const { link, expenseId } = await queriedExpenseOf(cell);
      return {
        url: `${link.base}/expenses/${expenseId}/reply`,
        multipart: {
          fields: { clientActionId: randomUUID(), note: 'Ticket attached' },
          file: receiptFile(cell.world),
        },
      };
    },
  },
  {
    op: 'GET /api/v1/trips/{id}/call-up',
    expect: readsCash(200),
    note: "A trip's call-up is the transporter's way into the port: its customer is refused, whatever the trip.",
    request: async (cell) => ({ url: `/api/v1/trips/${cell.side.trip.id}/call-up` }),
    check: namesNothingOfOtherSide((s) => [s.trip.id]),
  },
  {
    op: 'POST /api/v1/trips/{id}/call-ups',
    expect: runsCash(201),
    request: async (cell) => {
      // A new trip each time: the shared one may have reached the terminal, where a ticket is behind it.
      const { trip } = await cell.world.freshTrip(cell.owner);
      const owner = cell.world.sides[cell.owner].transporter.accessToken;
      const { holdingBays } = await cell.world.read(`/api/v1/trips/${trip.id}/call-up`, owner);
      return {
        url: `/api/v1/trips/${trip.id}/call-ups`,
        body: {
          ticketNumber: 'ETO-4471203',
          holdingBayId: (holdingBays as { id: string }[])[0]!.id,
          validFrom: new Date(Date.now() + 3_600_000).toISOString(),
          validUntil: new Date(Date.now() + 7 * 3_600_000).toISOString(),
          costKobo: 1_500_000,
        },
      };
    },
  },
];
