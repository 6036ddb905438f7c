import { tripTimeline, type CargoType } from '@freightlane/domain';
import { sharedPerSide } from '../../test/access-money';
import type { AccessWorld, Side } from '../../test/access-world';
import { onlyRoles, own, type Cell, type Expected, type MatrixRow } from './row';

/**
 * Trip ratings: /api/v1/trips/{tripId}/ratings/** and the back office's /api/v1/admin/ratings/**.
 *
 * Only the two companies of a trip rate it (the customer, the transporter and its fleet managers); another
 * company gets 404 as for any trip it may not see (decision 008). Admins neither read nor give a trip's
 * ratings from the trip: the back office reads every rating in its own list and hides abusive comments.
 */

/** The parties of the trip get `status`, another company 404, admins 403. */
const ratingParty = (status: number): Expected =>
  onlyRoles({ customer: own(status, 404), transporter: own(status, 404), fleetManager: own(status, 404) });

/** A new trip of the side's pair, walked to DELIVERED by its transporter, that nobody rated yet. */
const freshDeliveredTrip = async (world: AccessWorld, side: Side) => {
  const { trip } = await world.freshTrip(side);
  const { customer, transporter } = world.sides[side];
  const url = `/api/v1/trips/${trip.id}`;
  const detail = (await world.read(url, customer.accessToken)) as {
    cargoType: CargoType;
    handover: { code: string };
  };
  const timeline = tripTimeline(detail.cargoType);
  for (const tripStatus of timeline.slice(0, timeline.indexOf('DELIVERED') + 1)) {
    await world.send('PATCH', `${url}/status`, transporter.accessToken, {
      tripStatus,
      ...(tripStatus === 'DELIVERED' ? { handoverCode: detail.handover.code } : {}),
    });
  }
  return trip;
};

/** The delivered trip refused cells act on, rated by its customer with a comment. */
const sharedRated = sharedPerSide(async (world, side) => {
  const trip = await freshDeliveredTrip(world, side);
  const rating = (await world.send(
    'POST',
    `/api/v1/trips/${trip.id}/ratings`,
    world.sides[side].customer.accessToken,
    {
      score: 2,
      tags: ['LATE'],
      comment: 'Two days late',
    },
  )) as { id: string };
  return { trip, rating };
});

const ratingBody = (cell: Cell) =>
  cell.principal.startsWith('customer')
    ? { score: 4, tags: ['ON_TIME'], comment: 'On time at Apapa' }
    : { score: 4, tags: ['QUICK_LOADING'] };

const ratingsStored = async ({ world, owner }: Cell) =>
  world.stored('tripRatings', { tripId: (await sharedRated.get(world, owner)).trip.id });

export const rows: MatrixRow[] = [
  {
    op: 'GET /api/v1/trips/{tripId}/ratings',
    expect: ratingParty(200),
    request: ({ side }) => ({ url: `/api/v1/trips/${side.trip.id}/ratings` }),
  },
  {
    op: 'POST /api/v1/trips/{tripId}/ratings',
    expect: ratingParty(201),
    note: 'The customer rates its transporter; the transporter or its fleet manager rates the customer.',
    request: async (cell) => {
      const trip = cell.fresh
        ? await freshDeliveredTrip(cell.world, cell.owner)
        : (await sharedRated.get(cell.world, cell.owner)).trip;
      return { url: `/api/v1/trips/${trip.id}/ratings`, body: ratingBody(cell) };
    },
    snapshot: ratingsStored,
  },
  {
    op: 'PUT /api/v1/trips/{tripId}/ratings/mine',
    expect: ratingParty(200),
    request: async (cell) => {
      let tripId: string;
      if (cell.fresh) {
        tripId = (await freshDeliveredTrip(cell.world, cell.owner)).id;
        await cell.world.send('POST', `/api/v1/trips/${tripId}/ratings`, cell.caller!.accessToken, {
          ...ratingBody(cell),
          score: 3,
        });
      } else {
        tripId = (await sharedRated.get(cell.world, cell.owner)).trip.id;
      }
      return { url: `/api/v1/trips/${tripId}/ratings/mine`, body: ratingBody(cell) };
    },
    snapshot: ratingsStored,
  },
  {
    op: 'GET /api/v1/admin/ratings',
    owned: false,
    expect: onlyRoles({ admin: 200 }),
    request: async ({ world }) => {
      await sharedRated.get(world, 'A');
      return { url: '/api/v1/admin/ratings?withComment=true' };
    },
  },
  {
    op: 'PUT /api/v1/admin/ratings/{ratingId}/comment-visibility',
    owned: false,
    expect: onlyRoles({ admin: 200 }),
    note: 'Hiding an abusive comment is the back office’s; the companies never change another’s rating.',
    request: async ({ world, fresh }) => {
      const ratingId = fresh
        ? (
            (await world.send(
              'POST',
              `/api/v1/trips/${(await freshDeliveredTrip(world, 'A')).id}/ratings`,
              world.sides.A.customer.accessToken,
              { score: 1, tags: [], comment: 'Rude crew' },
            )) as { id: string }
          ).id
        : (await sharedRated.get(world, 'A')).rating.id;
      return {
        url: `/api/v1/admin/ratings/${ratingId}/comment-visibility`,
        body: { hidden: true, reason: 'Insults the crew' },
      };
    },
    snapshot: async ({ world }) =>
      world.stored('tripRatings', { id: (await sharedRated.get(world, 'A')).rating.id }),
  },
];
