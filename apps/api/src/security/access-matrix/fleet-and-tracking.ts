import { randomUUID } from 'node:crypto';
import type { Cell, MatrixRow } from './row';
import { anySignedIn, everyone, onlyRoles, own } from './row';
import { sharedPerSide } from '../../test/access-money';
import {
  createDriverViaApi,
  createMotorBoyViaApi,
  createTruckViaApi,
  driverBody,
  motorBoyBody,
  truckBody,
} from '../../test/fleet';
import { multipartBody } from '../../test/multipart';
import { call } from '../../test/test-app';
import { sideOf, type AccessWorld, type Side } from '../../test/access-world';

/**
 * Fleet and truck tracking: /api/v1/fleet/** (trucks, drivers, photos, phone links, motor boys, fleet
 * managers), the driver's phone pages /api/v1/driver/** (token links and OsmAnd), /api/v1/tracking-companies,
 * /api/v1/tracking-credentials and /api/v1/tracking-settings.
 *
 * A transporter's fleet is seen and run by its owner account and its fleet managers, nobody else (decision
 * 008); only the owner hands out fleet manager logins. Another company's truck, driver, motor boy, manager
 * or tracking account answers 404. The driver's phone pages need no sign-in: the link token is the access,
 * so every caller holding it gets the same answer (decision 013).
 */

const fleetSide = (ownStatus: number, other = 404) =>
  onlyRoles({ transporter: own(ownStatus, other), fleetManager: own(ownStatus, other) });
const fleetOnly = (status: number) => onlyRoles({ transporter: status, fleetManager: status });

const tokenOfTransporter = ({ side }: Cell) => side.transporter.accessToken;

const truckOf = async (cell: Cell) =>
  cell.fresh ? await createTruckViaApi(cell.world.t, tokenOfTransporter(cell)) : cell.side.truck;
const driverOf = async (cell: Cell) =>
  cell.fresh ? await createDriverViaApi(cell.world.t, tokenOfTransporter(cell)) : cell.side.driver;
const motorBoyOf = async (cell: Cell) =>
  cell.fresh ? await createMotorBoyViaApi(cell.world.t, tokenOfTransporter(cell)) : cell.side.motorBoy;
/** A valid invitation of a fleet manager (a new login of the transporter's company). */
function managerBody() {
  const { firstName, lastName, phoneNumber, address, nextOfKin, guarantor } = driverBody();
  const email = `manager.${randomUUID().slice(0, 8)}@example.com`;
  return { firstName, lastName, phoneNumber, email, address, nextOfKin, guarantor };
}
const inviteManager = async (world: AccessWorld, side: Side) =>
  (await world.send(
    'POST',
    '/api/v1/fleet/managers',
    world.sides[side].transporter.accessToken,
    managerBody(),
  )) as {
    id: string;
  };
/** A fleet manager record of the side, invited by its owner account. */
const invitedManager = sharedPerSide(inviteManager);
const managerOf = async (cell: Cell) =>
  (cell.fresh
    ? await inviteManager(cell.world, cell.owner)
    : await invitedManager.get(cell.world, cell.owner)
  ).id;
const managerRow = async ({ world, owner }: Cell) =>
  world.stored('fleetManagers', { id: (await invitedManager.get(world, owner)).id });

/** A driver of the side with a photo, for reading the photo back. */
const photographed = sharedPerSide(async (world: AccessWorld, side: Side) => {
  const s = world.sides[side];
  const form = multipartBody(
    {},
    { fileName: 'musa.png', content: world.files.png(), contentType: 'image/png' },
  );
  const res = await world.t.app.inject({
    method: 'PUT',
    url: `/api/v1/fleet/drivers/${s.driver.id}/photo`,
    headers: { authorization: `Bearer ${s.transporter.accessToken}`, ...form.headers },
    payload: form.payload,
  });
  if (res.statusCode !== 200)
    throw new Error(`Uploading a driver photo failed: ${res.statusCode} ${res.body}`);
  return s.driver.id;
});

/**
 * A driver's phone link on a trip of its own, for a cell that acts through it: the status and issue of a
 * cell must not move the world's shared trip.
 */
const driverLinkOf = async (cell: Cell) => {
  if (!cell.fresh) return cell.side.driverLink;
  const { driver } = await cell.world.freshTrip(cell.owner);
  return cell.world.freshDriverLink(cell.owner, driver.id);
};

/** The devices of the side's tracking account (the Simulator provider's demo trackers). */
const devicesOf = sharedPerSide(async (world: AccessWorld, side: Side) => {
  const s = world.sides[side];
  const page = await world.read(
    `/api/v1/tracking-credentials/trucks/${s.trackingCredential.id}`,
    s.transporter.accessToken,
  );
  const devices = page.content as { id: string }[];
  if (devices.length === 0) throw new Error('The Simulator tracking account lists no devices');
  return devices;
});

/** The shared objects of the side the caller does not belong to. */
const otherSideOf = (cell: Cell) => cell.world.sides[sideOf(cell.principal) === 'A' ? 'B' : 'A'];

const stamp = () => new Date().toISOString();

export const rows: MatrixRow[] = [
  // Trucks -----------------------------------------------------------------------------------------------
  {
    op: 'GET /api/v1/fleet/trucks',
    owned: false,
    expect: fleetOnly(200),
    request: () => ({ url: '/api/v1/fleet/trucks?size=100' }),
    check: (answer, cell) => {
      if (answer.status !== 200) return;
      const other = otherSideOf(cell);
      if (JSON.stringify(answer.body).includes(other.truck.id))
        throw new Error("the other side's truck is listed (API1)");
    },
  },
  {
    op: 'POST /api/v1/fleet/trucks',
    owned: false,
    expect: fleetOnly(201),
    request: () => ({ url: '/api/v1/fleet/trucks', body: truckBody() }),
  },
  {
    op: 'GET /api/v1/fleet/trucks/{id}',
    expect: fleetSide(200),
    request: ({ side }) => ({ url: `/api/v1/fleet/trucks/${side.truck.id}` }),
  },
  {
    op: 'PATCH /api/v1/fleet/trucks/{id}',
    expect: fleetSide(200),
    request: async (cell) => ({
      url: `/api/v1/fleet/trucks/${(await truckOf(cell)).id}`,
      body: { capacityTonnes: 28 },
    }),
    snapshot: ({ world, side }) => world.stored('trucks', { id: side.truck.id }),
  },
  {
    op: 'PATCH /api/v1/fleet/trucks/{id}/active',
    expect: fleetSide(200),
    request: async (cell) => ({
      url: `/api/v1/fleet/trucks/${(await truckOf(cell)).id}/active`,
      body: { active: false },
    }),
    snapshot: ({ world, side }) => world.stored('trucks', { id: side.truck.id }),
  },

  // Drivers ----------------------------------------------------------------------------------------------
  {
    op: 'GET /api/v1/fleet/drivers',
    owned: false,
    expect: fleetOnly(200),
    request: () => ({ url: '/api/v1/fleet/drivers?size=100' }),
    check: (answer, cell) => {
      if (answer.status !== 200) return;
      const other = otherSideOf(cell);
      if (JSON.stringify(answer.body).includes(other.driver.id))
        throw new Error("the other side's driver is listed (API1)");
    },
  },
  {
    op: 'POST /api/v1/fleet/drivers',
    owned: false,
    expect: fleetOnly(201),
    request: () => ({ url: '/api/v1/fleet/drivers', body: driverBody() }),
  },
  {
    op: 'GET /api/v1/fleet/drivers/{id}',
    expect: fleetSide(200),
    request: ({ side }) => ({ url: `/api/v1/fleet/drivers/${side.driver.id}` }),
  },
  {
    op: 'PATCH /api/v1/fleet/drivers/{id}',
    expect: fleetSide(200),
    request: async (cell) => ({
      url: `/api/v1/fleet/drivers/${(await driverOf(cell)).id}`,
      body: { lastName: 'Abubakar' },
    }),
    snapshot: ({ world, side }) => world.stored('drivers', { id: side.driver.id }),
  },
  {
    op: 'PATCH /api/v1/fleet/drivers/{id}/active',
    expect: fleetSide(200),
    request: async (cell) => ({
      url: `/api/v1/fleet/drivers/${(await driverOf(cell)).id}/active`,
      body: { active: false },
    }),
    snapshot: ({ world, side }) => world.stored('drivers', { id: side.driver.id }),
  },
  {
    op: 'PUT /api/v1/fleet/drivers/{id}/photo',
    expect: fleetSide(200),
    request: async (cell) => ({
      url: `/api/v1/fleet/drivers/${(await driverOf(cell)).id}/photo`,
      multipart: {
        fields: {},
        file: { fileName: 'driver.png', content: cell.world.files.png(), contentType: 'image/png' },
      },
    }),
    snapshot: ({ world, side }) => world.stored('drivers', { id: side.driver.id }),
  },
  {
    op: 'GET /api/v1/fleet/drivers/{id}/photo',
    expect: fleetSide(200),
    request: async ({ world, owner }) => ({
      url: `/api/v1/fleet/drivers/${await photographed.get(world, owner)}/photo`,
    }),
  },
  {
    op: 'GET /api/v1/fleet/drivers/{id}/phone-link',
    expect: fleetSide(200),
    request: ({ side }) => ({ url: `/api/v1/fleet/drivers/${side.driver.id}/phone-link` }),
  },
  {
    op: 'POST /api/v1/fleet/drivers/{id}/phone-link',
    expect: fleetSide(201),
    request: async (cell) => ({ url: `/api/v1/fleet/drivers/${(await driverOf(cell)).id}/phone-link` }),
    snapshot: ({ world, side }) => world.stored('driverPhoneLinks', { driverId: side.driver.id }),
  },
  {
    op: 'DELETE /api/v1/fleet/drivers/{id}/phone-link',
    expect: fleetSide(204),
    request: async (cell) => {
      if (!cell.fresh) return { url: `/api/v1/fleet/drivers/${cell.side.driver.id}/phone-link` };
      const driver = await driverOf(cell);
      await cell.world.freshDriverLink(cell.owner, driver.id);
      return { url: `/api/v1/fleet/drivers/${driver.id}/phone-link` };
    },
    snapshot: ({ world, side }) => world.stored('driverPhoneLinks', { driverId: side.driver.id }),
  },
  {
    op: 'GET /api/v1/fleet/drivers/{id}/data',
    expect: fleetSide(200),
    note: "The driver's own data, for the transporter that employs them to answer the driver's request.",
    request: ({ side }) => ({ url: `/api/v1/fleet/drivers/${side.driver.id}/data` }),
  },
  {
    op: 'POST /api/v1/fleet/drivers/{id}/location-history/erasure',
    expect: onlyRoles({ transporter: own(200, 404) }),
    note: 'Only the owner account erases where a driver went; fleet managers download the data only.',
    request: async (cell) => ({
      url: `/api/v1/fleet/drivers/${(await driverOf(cell)).id}/location-history/erasure`,
    }),
    snapshot: ({ world, side }) => world.stored('driverPhoneLinks', { driverId: side.driver.id }),
  },
  {
    op: 'GET /api/v1/fleet/drivers/{id}/phone-verification',
    expect: fleetSide(200),
    request: ({ side }) => ({ url: `/api/v1/fleet/drivers/${side.driver.id}/phone-verification` }),
  },
  {
    op: 'POST /api/v1/fleet/drivers/{id}/phone-verification',
    expect: fleetSide(200),
    request: async (cell) => ({
      url: `/api/v1/fleet/drivers/${(await driverOf(cell)).id}/phone-verification`,
    }),
    snapshot: ({ world, side }) => world.stored('phoneVerifications', { driverId: side.driver.id }),
  },
  {
    op: 'POST /api/v1/fleet/drivers/{id}/phone-verification/check',
    expect: fleetSide(200),
    request: async (cell) => {
      const driver = await driverOf(cell);
      const url = `/api/v1/fleet/drivers/${driver.id}/phone-verification`;
      if (!cell.fresh) return { url: `${url}/check`, body: { code: '123456' } };
      // A code sent to the fresh driver's phone, read back as the driver would.
      await cell.world.send('POST', url, tokenOfTransporter(cell));
      const [sms] = await cell.world.stored('smsMessages', { to: driver.phoneNumber });
      return { url: `${url}/check`, body: { code: /\d{6}/.exec(String(sms!.text))![0] } };
    },
    snapshot: ({ world, side }) => world.stored('drivers', { id: side.driver.id }),
  },

  {
    op: 'GET /api/v1/fleet/drivers/{id}/ussd-pin',
    expect: fleetSide(200),
    request: ({ side }) => ({ url: `/api/v1/fleet/drivers/${side.driver.id}/ussd-pin` }),
  },
  {
    op: 'POST /api/v1/fleet/drivers/{id}/ussd-pin',
    expect: fleetSide(201),
    request: async (cell) => ({
      url: `/api/v1/fleet/drivers/${(await driverOf(cell)).id}/ussd-pin`,
      body: {},
    }),
    snapshot: ({ world, side }) => world.stored('drivers', { id: side.driver.id }),
  },

  // Motor boys -------------------------------------------------------------------------------------------
  {
    op: 'GET /api/v1/fleet/motor-boys',
    owned: false,
    expect: fleetOnly(200),
    request: () => ({ url: '/api/v1/fleet/motor-boys?size=100' }),
    check: (answer, cell) => {
      if (answer.status !== 200) return;
      const other = otherSideOf(cell);
      if (JSON.stringify(answer.body).includes(other.motorBoy.id))
        throw new Error("the other side's motor boy is listed (API1)");
    },
  },
  {
    op: 'POST /api/v1/fleet/motor-boys',
    owned: false,
    expect: fleetOnly(201),
    request: () => ({ url: '/api/v1/fleet/motor-boys', body: motorBoyBody() }),
  },
  {
    op: 'GET /api/v1/fleet/motor-boys/{id}',
    expect: fleetSide(200),
    request: ({ side }) => ({ url: `/api/v1/fleet/motor-boys/${side.motorBoy.id}` }),
  },
  {
    op: 'PATCH /api/v1/fleet/motor-boys/{id}',
    expect: fleetSide(200),
    request: async (cell) => ({
      url: `/api/v1/fleet/motor-boys/${(await motorBoyOf(cell)).id}`,
      body: { lastName: 'Adewale' },
    }),
    snapshot: ({ world, side }) => world.stored('motorBoys', { id: side.motorBoy.id }),
  },
  {
    op: 'PATCH /api/v1/fleet/motor-boys/{id}/active',
    expect: fleetSide(200),
    request: async (cell) => ({
      url: `/api/v1/fleet/motor-boys/${(await motorBoyOf(cell)).id}/active`,
      body: { active: false },
    }),
    snapshot: ({ world, side }) => world.stored('motorBoys', { id: side.motorBoy.id }),
  },

  // Fleet managers ---------------------------------------------------------------------------------------
  {
    op: 'GET /api/v1/fleet/managers',
    owned: false,
    expect: fleetOnly(200),
    request: async ({ world }) => {
      await Promise.all([invitedManager.get(world, 'A'), invitedManager.get(world, 'B')]);
      return { url: '/api/v1/fleet/managers?size=100' };
    },
    check: (answer, cell) => {
      if (answer.status !== 200) return;
      const otherSide = sideOf(cell.principal) === 'A' ? 'B' : 'A';
      if (JSON.stringify(answer.body).includes(invitedManager.now(cell.world, otherSide).id)) {
        throw new Error("the other side's fleet manager is listed (API1)");
      }
    },
  },
  {
    op: 'POST /api/v1/fleet/managers',
    owned: false,
    expect: onlyRoles({ transporter: 201 }),
    note: 'Only the owner account hands out logins to its company.',
    request: () => ({ url: '/api/v1/fleet/managers', body: managerBody() }),
  },
  {
    op: 'GET /api/v1/fleet/managers/{id}',
    expect: fleetSide(200),
    request: async (cell) => ({ url: `/api/v1/fleet/managers/${await managerOf(cell)}` }),
  },
  {
    op: 'PATCH /api/v1/fleet/managers/{id}',
    expect: fleetSide(200),
    request: async (cell) => ({
      url: `/api/v1/fleet/managers/${await managerOf(cell)}`,
      body: { lastName: 'Okonkwo' },
    }),
    snapshot: managerRow,
  },
  {
    op: 'PATCH /api/v1/fleet/managers/{id}/active',
    expect: fleetSide(200),
    request: async (cell) => ({
      url: `/api/v1/fleet/managers/${await managerOf(cell)}/active`,
      body: { active: false },
    }),
    snapshot: managerRow,
  },

  // The driver's phone (no sign-in: the link token is the access) ----------------------------------------
  {
    op: 'GET /api/v1/driver/{token}',
    expect: everyone(200),
    request: ({ side }) => ({ url: side.driverLink.base }),
    check: (answer, cell) => {
      const other = cell.world.sides[cell.owner === 'A' ? 'B' : 'A'];
      if (answer.status === 200 && JSON.stringify(answer.body).includes(other.trip.tripNumber)) {
        throw new Error("the link shows the other side's trip");
      }
    },
  },
  {
    op: 'PUT /api/v1/driver/{token}/language',
    expect: everyone(200),
    request: async (cell) => ({
      url: `${(await driverLinkOf(cell)).base}/language`,
      body: { language: 'ha' },
    }),
  },
  {
    op: 'POST /api/v1/driver/{token}/positions',
    expect: everyone(200),
    request: async (cell) => ({
      url: `${(await driverLinkOf(cell)).base}/positions`,
      body: { positions: [{ latitude: 6.4474, longitude: 3.3903, recordedAt: stamp() }] },
    }),
  },
  {
    op: 'POST /api/v1/driver/{token}/status',
    expect: everyone(200),
    request: async (cell) => ({
      url: `${(await driverLinkOf(cell)).base}/status`,
      body: { tripStatus: 'STARTED', clientActionId: randomUUID() },
    }),
  },
  {
    op: 'POST /api/v1/driver/{token}/issues',
    expect: everyone(201),
    request: async (cell) => ({
      url: `${(await driverLinkOf(cell)).base}/issues`,
      body: { issueType: 'BREAKDOWN', description: 'Tyre burst at Ojuelegba', clientActionId: randomUUID() },
    }),
  },
  {
    op: 'POST /api/v1/driver/{token}/documents',
    expect: everyone(201),
    request: async (cell) => ({
      url: `${(await driverLinkOf(cell)).base}/documents`,
      multipart: {
        fields: { clientActionId: randomUUID(), kind: 'WAYBILL' },
        file: { fileName: 'waybill.jpg', content: cell.world.files.jpeg(), contentType: 'image/jpeg' },
      },
    }),
  },
  {
    op: 'GET /api/v1/driver/osmand',
    owned: false,
    expect: everyone(200),
    request: ({ world }) => ({
      url: `/api/v1/driver/osmand?id=${world.sides.A.driverLink.token}&lat=6.4474&lon=3.3903&timestamp=${Math.floor(Date.now() / 1000)}`,
    }),
  },
  {
    op: 'POST /api/v1/driver/osmand',
    owned: false,
    expect: everyone(200),
    request: ({ world }) => ({
      url: `/api/v1/driver/osmand?id=${world.sides.A.driverLink.token}&lat=6.4474&lon=3.3903&timestamp=${Math.floor(Date.now() / 1000)}`,
    }),
  },

  // Tracking accounts and settings -----------------------------------------------------------------------
  {
    op: 'GET /api/v1/tracking-companies',
    owned: false,
    expect: anySignedIn(200),
    request: () => ({ url: '/api/v1/tracking-companies' }),
  },
  {
    op: 'GET /api/v1/tracking-credentials',
    owned: false,
    expect: fleetOnly(200),
    request: () => ({ url: '/api/v1/tracking-credentials' }),
    check: (answer, cell) => {
      if (answer.status !== 200) return;
      const other = otherSideOf(cell);
      if (JSON.stringify(answer.body).includes(other.trackingCredential.id)) {
        throw new Error("the other side's tracking account is listed (API1)");
      }
    },
  },
  {
    op: 'POST /api/v1/tracking-credentials',
    owned: false,
    expect: fleetOnly(201),
    request: async ({ world, caller }) => {
      const companies = await world.read(
        '/api/v1/tracking-companies',
        caller?.accessToken ?? world.sessions.transporterA.accessToken,
      );
      const simulator = (companies.content ?? companies).find((c: { name: string }) =>
        /simulator/i.test(c.name),
      );
      return {
        url: '/api/v1/tracking-credentials',
        body: { trackingCompanyId: simulator.id, label: 'Yard trackers' },
      };
    },
  },
  {
    op: 'PATCH /api/v1/tracking-credentials/{id}',
    expect: fleetSide(200),
    request: async (cell) => {
      const id = cell.fresh
        ? (await cell.world.freshTrackingCredential(cell.owner)).id
        : cell.side.trackingCredential.id;
      return { url: `/api/v1/tracking-credentials/${id}`, body: { label: 'Apapa trackers' } };
    },
    snapshot: ({ world, side }) => world.stored('trackingCredentials', { id: side.trackingCredential.id }),
  },
  {
    op: 'GET /api/v1/tracking-credentials/trucks/{id}',
    expect: fleetSide(200),
    request: ({ side }) => ({ url: `/api/v1/tracking-credentials/trucks/${side.trackingCredential.id}` }),
  },
  {
    op: 'POST /api/v1/tracking-credentials/trucks/{id}',
    expect: fleetSide(200),
    note: 'Linking devices of one side to trucks of that side; the shared devices stay unlinked for refused cells.',
    request: async (cell) => {
      const [device] = await devicesOf.get(cell.world, cell.owner);
      const truck = cell.fresh
        ? await createTruckViaApi(cell.world.t, tokenOfTransporter(cell))
        : cell.side.truck;
      return {
        url: `/api/v1/tracking-credentials/trucks/${cell.side.trackingCredential.id}`,
        body: { links: [{ deviceId: device!.id, truckId: truck.id }] },
      };
    },
    snapshot: ({ world, side }) =>
      world.stored('trackingDevices', { credentialId: side.trackingCredential.id }),
  },
  {
    op: 'GET /api/v1/tracking-settings',
    owned: false,
    expect: fleetOnly(200),
    request: () => ({ url: '/api/v1/tracking-settings' }),
  },
  {
    op: 'PUT /api/v1/tracking-settings',
    owned: false,
    expect: fleetOnly(200),
    request: async ({ world, caller }) => {
      // The caller's own settings sent back as they are: valid, and they change nothing another row reads.
      const current = caller
        ? await call(world.t.app, 'GET', '/api/v1/tracking-settings', undefined, {
            token: caller.accessToken,
          })
        : null;
      const body =
        current?.status === 200
          ? current.body
          : await world.read('/api/v1/tracking-settings', world.sessions.transporterA.accessToken);
      return { url: '/api/v1/tracking-settings', body };
    },
  },
];
