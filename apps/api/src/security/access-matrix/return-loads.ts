import { namesNothingOfOtherSide, onlyRoles, own, type Cell, type MatrixRow } from './row';

/**
 * Return loads (docs/decisions/036-return-loads.md): a transporter's trucks, their matches and its radius
 * are its own (owner and fleet managers read them, the owner sets the radius); a trip's return loads answer
 * its transporter only, so its customer cannot learn which other orders its truck is offered; an order's
 * count of trucks near its pickup and its "return loads welcome" mark belong to its customer.
 */

/** The open order of the owner's side, or a new one when the cell changes it. */
const openOrderOf = async ({ world, owner, side, fresh }: Cell) =>
  fresh ? await world.freshOpenOrder(owner) : side.openOrder;

export const rows: MatrixRow[] = [
  {
    op: 'GET /api/v1/return-loads',
    owned: false,
    expect: onlyRoles({ transporter: 200, fleetManager: 200 }),
    request: () => ({ url: '/api/v1/return-loads?size=100' }),
    check: namesNothingOfOtherSide((s) => [s.trip.id]),
  },
  {
    op: 'GET /api/v1/return-loads/settings',
    owned: false,
    expect: onlyRoles({ transporter: 200, fleetManager: 200 }),
    request: () => ({ url: '/api/v1/return-loads/settings' }),
  },
  {
    op: 'PUT /api/v1/return-loads/settings',
    owned: false,
    expect: onlyRoles({ transporter: 200 }),
    note: "The transporter's owner account sets how far its trucks look; fleet managers read it.",
    request: async (cell) => ({
      url: '/api/v1/return-loads/settings',
      body: { radiusKm: 75 },
      ...(cell.fresh ? { token: (await cell.world.freshCompanyAccount('TRANSPORTER')).accessToken } : {}),
    }),
    snapshot: ({ world }) => world.stored('companies', { id: world.sides.A.transporterCompanyId }),
  },
  {
    op: 'GET /api/v1/trips/{id}/return-loads',
    expect: onlyRoles({ transporter: own(200, 404), fleetManager: own(200, 404) }),
    note: "A trip's customer does not see which other customers' orders its truck is offered.",
    request: ({ side }) => ({ url: `/api/v1/trips/${side.trip.id}/return-loads` }),
  },
  {
    op: 'GET /api/v1/orders/{id}/trucks-near-pickup',
    expect: onlyRoles({ customer: own(200, 404) }),
    request: ({ side }) => ({ url: `/api/v1/orders/${side.openOrder.id}/trucks-near-pickup` }),
  },
  {
    op: 'PUT /api/v1/orders/{id}/return-loads-welcome',
    expect: onlyRoles({ customer: own(200, 404) }),
    request: async (cell) => ({
      url: `/api/v1/orders/${(await openOrderOf(cell)).id}/return-loads-welcome`,
      body: { returnLoadsWelcome: true },
    }),
    snapshot: async ({ world, side }) => world.stored('orders', { id: side.openOrder.id }),
  },
];
