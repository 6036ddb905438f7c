import {
  currentShareId,
  currentTrackingId,
  endStreamOnceOpen,
  firstStreamedDocument,
  freshFleetOf,
  liveTripOf,
  liveTrips,
  assertPublicShowsOnly,
  type LiveTrip,
} from '../../test/access-trips';
import { sharedPerSide } from '../../test/access-money';
import { sideOf, type AccessWorld, type Side } from '../../test/access-world';
import { insertTripAlert } from '../../modules/trip/alert/trip-alert.repository';
import {
  allOf,
  anySignedIn,
  everyone,
  listsOnlyOwn,
  namesNothingOfOtherSide,
  onlyRoles,
  own,
  type Cell,
  type Expected,
  type MatrixRow,
} from './row';

/**
 * Trips: /api/v1/trips/** (detail, list, status, cancel, resources, consignments, schedule, map, route,
 * issues, documents, free time, tracking links, the public open-access pages and their events),
 * /api/v1/map-settings and /api/v1/containers.
 *
 * A trip belongs to its two parties, its customer and its transporter (with the transporter's fleet
 * managers), and admins see every trip; anyone else gets 404 as if it did not exist (decision 008). Only
 * the transporter side and admins run a trip (status, resources); only the customer keeps its container's
 * free time; only the uploader's company deletes a document. The public pages answer whoever holds the
 * link and show nothing private (decision 009).
 */

/** Any party of the trip (and an admin) gets `status`; another company 404. */
const party = (status: number): Expected => ({
  anonymous: 401,
  customer: own(status, 404),
  transporter: own(status, 404),
  fleetManager: own(status, 404),
  admin: status,
});

/** The transporter side and admins run a trip; a customer is refused before any lookup. */
const runsTrip = (status: number): Expected =>
  onlyRoles({ transporter: own(status, 404), fleetManager: own(status, 404), admin: status });

const DAY_MS = 24 * 3600 * 1000;

/** The owner's shared trip (awarded, truck and driver on it, not started), or a new one of its own. */
const tripOf = async ({ world, owner, side, fresh }: Cell) =>
  fresh ? (await world.freshTrip(owner)).trip : side.trip;

const consignmentIdOf = async (world: AccessWorld, tripId: string) => {
  const [consignment] = await world.stored('consignments', { tripId });
  if (!consignment) throw new Error(`No consignment on trip ${tripId}`);
  return consignment.id as string;
};

/** A night-movement alert on the trip, as the trip watch raises it (no request raises one). */
const alertOn = async (world: AccessWorld, tripId: string) => {
  const alert = await insertTripAlert(world.t.ctx.db, {
    tripId,
    kind: 'NIGHT_MOVEMENT',
    description: 'The truck moved during the night hours (22:00 to 05:00, Lagos time).',
    raisedAt: new Date(Date.now() - 60 * 60_000),
    night: '2026-11-24',
    location: { state: 'Lagos', lga: 'Ikeja', description: null },
  });
  if (!alert) throw new Error(`The trip ${tripId} has a night-movement alert already`);
  return alert;
};
const sharedAlert = sharedPerSide((world, side) => alertOn(world, world.sides[side].trip.id));

const tripStored = ({ world, side }: Cell) => world.stored('trips', { id: side.trip.id });
const consignmentStored = ({ world, side }: Cell) => world.stored('consignments', { tripId: side.trip.id });

const otherSide = (side: Side): Side => (side === 'A' ? 'B' : 'A');

/** The live trips of the cell's owner and of the other side, for public answers. */
const liveOfCell = ({ world, owner }: Cell): [LiveTrip, LiveTrip] => [
  liveTripOf(world.sides[owner]),
  liveTripOf(world.sides[otherSide(owner)]),
];

const byTripNumber = (trip: LiveTrip) => trip.tripNumber;
const byPlate = (trip: LiveTrip) => trip.truckPlate;

const isTransporterSide = (cell: Cell) =>
  cell.principal === 'transporterA' ||
  cell.principal === 'transporterB' ||
  cell.principal === 'fleetManagerA';

export const rows: MatrixRow[] = [
  {
    op: 'GET /api/v1/trips',
    expect: anySignedIn(200),
    request: ({ side }) => ({ url: `/api/v1/trips?q=${side.trip.tripNumber}` }),
    check: listsOnlyOwn((s) => s.trip.id),
  },
  {
    op: 'GET /api/v1/trips/lookup/trip-status',
    owned: false,
    expect: anySignedIn(200),
    request: () => ({ url: '/api/v1/trips/lookup/trip-status' }),
  },
  {
    op: 'GET /api/v1/trips/{id}/dossier',
    expect: party(200),
    note: "Either company on the trip gets its dossier (the customer's without the road cash); another company's trip is not found.",
    request: ({ side }) => ({ url: `/api/v1/trips/${side.trip.id}/dossier` }),
  },
  {
    op: 'GET /api/v1/trips/{id}/record',
    expect: party(200),
    note: "Either company on the trip checks its record; another company's trip is not found.",
    request: ({ side }) => ({ url: `/api/v1/trips/${side.trip.id}/record` }),
    check: namesNothingOfOtherSide((s) => [s.trip.id]),
  },
  {
    op: 'GET /api/v1/trips/{id}',
    expect: party(200),
    request: ({ side }) => ({ url: `/api/v1/trips/${side.trip.id}` }),
    note: 'The handover code is for the consignee: the transporter side never reads it (decision 008).',
    check: allOf(
      namesNothingOfOtherSide((s) => [s.trip.id, s.truck.id, s.driver.id]),
      (answer, cell) => {
        if (answer.status === 200 && isTransporterSide(cell) && answer.body.handover?.code !== null) {
          throw new Error('the transporter side reads the handover code');
        }
      },
    ),
  },
  {
    op: 'PATCH /api/v1/trips/{id}',
    expect: party(200),
    note: 'Every party keeps its own note on the trip (decision 008).',
    request: async (cell) => ({
      url: `/api/v1/trips/${(await tripOf(cell)).id}`,
      body: { note: 'Call the warehouse before arrival' },
    }),
    snapshot: ({ world, side }) => world.stored('tripNotes', { tripId: side.trip.id }),
  },
  {
    op: 'PATCH /api/v1/trips/cancel',
    expect: party(200),
    note: 'Either party may cancel before loading (decision 008); a trip of another company is not found.',
    request: async (cell) => ({
      url: '/api/v1/trips/cancel',
      body: { tripIds: [(await tripOf(cell)).id], reason: 'The consignee closed the warehouse' },
    }),
    snapshot: tripStored,
  },
  {
    op: 'PATCH /api/v1/trips/{id}/status',
    expect: runsTrip(200),
    note: 'Only the transporter side and admins move a trip (decision 008).',
    request: async (cell) => ({
      url: `/api/v1/trips/${(await tripOf(cell)).id}/status`,
      body: { tripStatus: 'STARTED' },
    }),
    snapshot: tripStored,
  },
  {
    op: 'POST /api/v1/trips/{id}/status/undo',
    expect: onlyRoles({ admin: 200 }),
    request: async ({ world, owner, side, fresh }) => {
      let tripId: string;
      if (fresh) {
        tripId = (await world.freshTrip(owner)).trip.id;
        await world.send('PATCH', `/api/v1/trips/${tripId}/status`, side.transporter.accessToken, {
          tripStatus: 'STARTED',
        });
      } else {
        tripId = (await liveTrips(world))[owner].id;
      }
      return { url: `/api/v1/trips/${tripId}/status/undo`, body: { reason: 'Recorded on the wrong trip' } };
    },
    snapshot: async ({ world, owner }) => world.stored('trips', { id: (await liveTrips(world))[owner].id }),
  },
  {
    op: 'PUT /api/v1/trips/consignment/{id}/assign-resources',
    expect: runsTrip(200),
    request: async (cell) => {
      const trip = await tripOf(cell);
      const { truck, driver } = await freshFleetOf(cell.world, cell.owner);
      return {
        url: `/api/v1/trips/consignment/${await consignmentIdOf(cell.world, trip.id)}/assign-resources`,
        body: { truckId: truck.id, driverId: driver.id },
      };
    },
    snapshot: tripStored,
  },
  {
    op: 'PATCH /api/v1/trips/{id}/resources',
    expect: runsTrip(200),
    request: async (cell) => {
      const trip = await tripOf(cell);
      const { truck } = await freshFleetOf(cell.world, cell.owner);
      return { url: `/api/v1/trips/${trip.id}/resources`, body: { truckId: truck.id } };
    },
    snapshot: tripStored,
  },
  {
    op: 'PATCH /api/v1/trips/consignment/{id}',
    expect: party(200),
    note: 'Either party corrects the consignment before loading (decision 008).',
    request: async (cell) => ({
      url: `/api/v1/trips/consignment/${await consignmentIdOf(cell.world, (await tripOf(cell)).id)}`,
      body: { containerSize: 'FTS_40_HIGH' },
    }),
    snapshot: consignmentStored,
  },
  {
    op: 'GET /api/v1/trips/schedule/year/{year}/month/{month}',
    expect: anySignedIn(200),
    request: async ({ world, side }) => {
      const [trip] = await world.stored('trips', { id: side.trip.id });
      const [year, month] = String(trip!.pickupDate).split('-');
      return { url: `/api/v1/trips/schedule/year/${Number(year)}/month/${Number(month)}` };
    },
    check: listsOnlyOwn((s) => s.trip.id),
  },
  {
    op: 'GET /api/v1/trips/map',
    expect: anySignedIn(200),
    request: async ({ world }) => {
      await liveTrips(world);
      return { url: '/api/v1/trips/map?sabiPort=false&bargeTrip=false' };
    },
    check: listsOnlyOwn((s) => liveTripOf(s).id),
  },
  {
    op: 'GET /api/v1/map-settings',
    owned: false,
    expect: everyone(200),
    request: () => ({ url: '/api/v1/map-settings' }),
  },
  {
    op: 'GET /api/v1/trips/{id}/route',
    expect: party(200),
    request: ({ side }) => ({ url: `/api/v1/trips/${side.trip.id}/route` }),
  },
  {
    op: 'POST /api/v1/trips/{id}/issues',
    expect: party(201),
    note: 'Any party of the trip opens an issue (decision 008).',
    request: async (cell) => ({
      url: `/api/v1/trips/${(await tripOf(cell)).id}/issues`,
      body: { issueType: 'CHECKPOINT_DELAY', description: 'Held at the Mile 2 checkpoint' },
    }),
    snapshot: ({ world, side }) => world.stored('tripIssues', { tripId: side.trip.id }),
  },
  {
    op: 'GET /api/v1/trips/issues',
    expect: anySignedIn(200),
    note: "Filtering by another company's trip answers an empty page, not its issues.",
    request: ({ side }) => ({ url: `/api/v1/trips/issues?tripId=${side.trip.id}&size=100` }),
    check: listsOnlyOwn((s) => s.tripIssue.id),
  },
  {
    op: 'GET /api/v1/trips/issues/resolve/{id}',
    // The spec makes resolving a GET; it changes the issue all the same.
    mutates: true,
    expect: party(200),
    request: async (cell) => {
      const issue = cell.fresh
        ? await cell.world.freshTripIssue(cell.owner, (await tripOf(cell)).id)
        : cell.side.tripIssue;
      return { url: `/api/v1/trips/issues/resolve/${issue.id}` };
    },
    snapshot: ({ world, side }) => world.stored('tripIssues', { id: side.tripIssue.id }),
  },
  {
    op: 'POST /api/v1/trips/alerts/{id}/acknowledge',
    expect: onlyRoles({ transporter: own(200, 404), fleetManager: own(200, 404) }),
    note: 'An alert (a truck moving at night) is the transporter’s to mark seen; the customer and admins read it on the trip.',
    request: async (cell) => {
      const alert = cell.fresh
        ? await alertOn(cell.world, (await tripOf(cell)).id)
        : await sharedAlert.get(cell.world, cell.owner);
      return { url: `/api/v1/trips/alerts/${alert.id}/acknowledge` };
    },
    snapshot: async ({ world, owner }) =>
      world.stored('tripAlerts', { id: (await sharedAlert.get(world, owner)).id }),
  },
  {
    op: 'POST /api/v1/trips/{id}/documents',
    expect: party(201),
    request: async (cell) => ({
      url: `/api/v1/trips/${(await tripOf(cell)).id}/documents`,
      multipart: { fields: { kind: 'WAYBILL' }, file: cell.world.files.pdf('waybill.pdf') },
    }),
    snapshot: ({ world, side }) => world.stored('tripDocuments', { tripId: side.trip.id }),
  },
  {
    op: 'GET /api/v1/trips/documents/{id}',
    expect: party(200),
    request: ({ side }) => ({ url: `/api/v1/trips/documents/${side.tripDocument.id}` }),
  },
  {
    op: 'DELETE /api/v1/trips/documents/{id}',
    expect: { ...party(200), customer: own(403, 404) },
    note: "The shared document is the transporter's upload: its customer may read it, only the uploader's company (or an admin) deletes it.",
    request: async (cell) => {
      const document = cell.fresh
        ? await cell.world.freshTripDocument(cell.owner, (await tripOf(cell)).id)
        : cell.side.tripDocument;
      return { url: `/api/v1/trips/documents/${document.id}` };
    },
    snapshot: ({ world, side }) => world.stored('tripDocuments', { id: side.tripDocument.id }),
  },
  {
    op: 'PUT /api/v1/trips/{id}/free-time',
    expect: onlyRoles({ customer: own(200, 404), admin: 200 }),
    note: "The free time and deposit are the customer's facts about its container; the transporter side may not write them.",
    request: async (cell) => ({
      url: `/api/v1/trips/${(await tripOf(cell)).id}/free-time`,
      body: {
        dischargeDate: null,
        expectedEmptyReturnDate: null,
        depositKobo: null,
        depositStatus: 'NOT_PAID',
        depositRefundedOn: null,
      },
    }),
    snapshot: consignmentStored,
  },
  {
    op: 'GET /api/v1/containers/at-risk',
    owned: false,
    expect: onlyRoles({ customer: 200 }),
    request: async ({ world }) => {
      await liveTrips(world);
      return { url: '/api/v1/containers/at-risk?size=100' };
    },
    check: allOf(
      listsOnlyOwn((s) => liveTripOf(s).id),
      namesNothingOfOtherSide((s) => [liveTripOf(s).id, s.trip.id]),
    ),
  },
  {
    op: 'PUT /api/v1/trips/{id}/tracking-link',
    expect: party(200),
    note: 'Every party of the trip may hand out and end its tracking link (decision 009).',
    request: async (cell) => ({
      url: `/api/v1/trips/${(await tripOf(cell)).id}/tracking-link`,
      body: { expiresAt: new Date(Date.now() + 7 * DAY_MS).toISOString() },
    }),
    snapshot: tripStored,
  },
  {
    op: 'POST /api/v1/trips/{id}/tracking-link/revoke',
    expect: party(200),
    request: async (cell) => ({ url: `/api/v1/trips/${(await tripOf(cell)).id}/tracking-link/revoke` }),
    snapshot: async (cell) => [
      await tripStored(cell),
      await cell.world.stored('revokedTrackingLinks', { tripId: cell.side.trip.id }),
    ],
  },
  {
    op: 'GET /api/v1/trips/ongoing-link',
    owned: false,
    expect: onlyRoles({ customer: 200 }),
    check: async (answer, cell) => {
      const callerSide = sideOf(cell.principal);
      if (answer.status !== 200 || callerSide === null) return;
      if (answer.body.shareId === (await currentShareId(cell.world, otherSide(callerSide)))) {
        throw new Error("the answer is the other customer's share link");
      }
    },
    request: () => ({ url: '/api/v1/trips/ongoing-link' }),
  },
  {
    op: 'POST /api/v1/trips/ongoing-link/rotate',
    owned: false,
    expect: onlyRoles({ customer: 200 }),
    note: "Rotates the caller's own company's link; the public rows read the current link on every cell.",
    request: () => ({ url: '/api/v1/trips/ongoing-link/rotate' }),
  },
  {
    op: 'GET /api/v1/trips/open-access/{trackingId}',
    expect: everyone(200),
    note: 'Public: whoever holds the link reads the trip, and nothing private (decision 009).',
    request: async ({ world, owner }) => {
      const live = (await liveTrips(world))[owner];
      return { url: `/api/v1/trips/open-access/${await currentTrackingId(world, live.id)}` };
    },
    check: (answer, cell) =>
      assertPublicShowsOnly(JSON.stringify(answer.body), ...liveOfCell(cell), byTripNumber),
  },
  {
    op: 'GET /api/v1/trips/open-access/{trackingId}/record',
    expect: everyone(200),
    note: "Public: the check of the tracked trip's record says intact or where it broke, never an entry's content.",
    request: async ({ world, owner }) => {
      const live = (await liveTrips(world))[owner];
      return { url: `/api/v1/trips/open-access/${await currentTrackingId(world, live.id)}/record` };
    },
    check: (answer, cell) => {
      const text = JSON.stringify(answer.body);
      const [own, other] = liveOfCell(cell);
      const leaked = [...own.secrets, ...other.secrets, other.tripNumber].filter((secret) =>
        text.includes(secret),
      );
      if (leaked.length > 0) throw new Error(`The record check shows ${leaked.join(', ')}`);
    },
  },
  {
    op: 'GET /api/v1/trips/open-access/ongoing/{id}',
    expect: everyone(200),
    note: "Public: the customer's ongoing table for whoever holds its share link, and nothing private.",
    request: async ({ world, owner }) => {
      await liveTrips(world);
      return { url: `/api/v1/trips/open-access/ongoing/${await currentShareId(world, owner)}` };
    },
    check: (answer, cell) => assertPublicShowsOnly(JSON.stringify(answer.body), ...liveOfCell(cell), byPlate),
  },
  {
    op: 'GET /api/v1/trips/open-access/{trackingId}/events',
    expect: everyone(200),
    note: 'The stream is ended by revoking the link once its first document is sent (it then sends gone).',
    request: async ({ world, owner, side }) => {
      const live = (await liveTrips(world))[owner];
      const trackingId = await currentTrackingId(world, live.id);
      endStreamOnceOpen(world, () =>
        world.send('POST', `/api/v1/trips/${live.id}/tracking-link/revoke`, side.transporter.accessToken),
      );
      return { url: `/api/v1/trips/open-access/${trackingId}/events` };
    },
    check: (answer, cell) =>
      assertPublicShowsOnly(firstStreamedDocument(answer.body, 'trip'), ...liveOfCell(cell), byTripNumber),
  },
  {
    op: 'GET /api/v1/trips/open-access/ongoing/{id}/events',
    expect: everyone(200),
    note: 'The stream is ended by rotating the share link once its first document is sent (it then sends gone).',
    request: async ({ world, owner, side }) => {
      await liveTrips(world);
      const shareId = await currentShareId(world, owner);
      endStreamOnceOpen(world, () =>
        world.send('POST', '/api/v1/trips/ongoing-link/rotate', side.customer.accessToken),
      );
      return { url: `/api/v1/trips/open-access/ongoing/${shareId}/events` };
    },
    check: (answer, cell) =>
      assertPublicShowsOnly(firstStreamedDocument(answer.body, 'trips'), ...liveOfCell(cell), byPlate),
  },
];
