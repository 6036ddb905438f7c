import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_CATALOG } from '@freightlane/domain/i18n';
import {
  drivers,
  smsMessages,
  tripIssues,
  trips,
  tripStatusLogs,
  ussdScreens,
  ussdSessions,
} from '../../db/schema';
import { USSD_SAMPLE_SERVICE_CODE, USSD_SIMULATOR_SECRET } from '../../env';
import { configErrorOf, PRODUCTION_ENV } from '../../test/env-config';
import { driverBody, insertDriver } from '../../test/fleet';
import { call, createTestApp, type TestApp } from '../../test/test-app';
import { tripWorld, type TripWorld } from '../../test/trip-world';
import { loadEnv } from '../../env';
import { clip } from './ussd-screens';
import { ussdActionId } from './ussd.service';

const CALLBACK = `/api/v1/ussd/africastalking/${USSD_SIMULATOR_SECRET}`;

function callback(
  t: TestApp,
  fields: Record<string, string>,
  options: { url?: string; remoteAddress?: string } = {},
) {
  return t.app
    .inject({
      method: 'POST',
      url: options.url ?? CALLBACK,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: options.remoteAddress,
      payload: new URLSearchParams({
        serviceCode: USSD_SAMPLE_SERVICE_CODE,
        networkCode: '62130',
        ...fields,
      }).toString(),
    })
    .then((res) => ({ status: res.statusCode, body: res.body, type: res.headers['content-type'] }));
}

/** A USSD session from `phoneNumber`: each call sends the whole text so far, as the gateway does. */
function sessionOf(t: TestApp, phoneNumber: string) {
  const sessionId = `ATUid_${randomUUID().replace(/-/g, '')}`;
  const send = async (text: string) => {
    const res = await callback(t, { sessionId, phoneNumber, text });
    expect(res.status, res.body).toBe(200);
    expect(res.type).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^(CON|END) /);
    expect(res.body.length - 4).toBeLessThanOrEqual(182);
    return res.body;
  };
  return { sessionId, send };
}

describe('the USSD menu', () => {
  let t: TestApp;
  let world: TripWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await tripWorld(t);
  });
  afterAll(() => t.close());

  const transporterToken = () => world.transporter.accessToken;

  async function givePin(driverId: string, token = transporterToken(), body: object = {}) {
    const res = await call(t.app, 'POST', `/api/v1/fleet/drivers/${driverId}/ussd-pin`, body, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.pin as string;
  }

  /** A trip of the world's pair with its truck and driver, and a PIN the transporter gave the driver. */
  async function driverOnTrip() {
    const trip = await world.newTrip();
    const { truck, driver } = await world.assignFleet(trip.id);
    const pin = await givePin(driver.id);
    return { trip, truck, driver, pin };
  }

  const driverRow = async (id: string) =>
    (await t.ctx.db.select().from(drivers).where(eq(drivers.id, id)))[0]!;
  const statusLogs = (tripId: string) =>
    t.ctx.db.select().from(tripStatusLogs).where(eq(tripStatusLogs.tripId, tripId));
  const issues = (tripId: string) => t.ctx.db.select().from(tripIssues).where(eq(tripIssues.tripId, tripId));

  it('asks for the PIN, and the right one opens the menu, signs the session in and proves the number', async () => {
    const { driver, pin } = await driverOnTrip();
    expect((await driverRow(driver.id)).phoneVerifiedAt).toBeNull();
    const { sessionId, send } = sessionOf(t, driver.phoneNumber);
    expect(await send('')).toBe('CON Freightlane. Hello Musa, enter your 4-digit PIN:');
    expect(await send(pin)).toBe(
      'CON 1. My trip\n2. Next step\n3. Report a problem\n4. Language\n5. Money spent\n0. Exit',
    );
    const [session] = await t.ctx.db.select().from(ussdSessions).where(eq(ussdSessions.sessionId, sessionId));
    expect(session).toMatchObject({ driverId: driver.id, phoneNumber: driver.phoneNumber });
    expect(session!.signedInAt).toBeInstanceOf(Date);
    expect((await driverRow(driver.id)).phoneVerifiedAt).toBeInstanceOf(Date);
  });

  it('shows the trip: number, pickup → delivery, stage and truck', async () => {
    const { trip, truck, driver, pin } = await driverOnTrip();
    const { send } = sessionOf(t, driver.phoneNumber);
    const screen = await send(`${pin}*1`);
    expect(screen).toMatch(
      new RegExp(
        `^END Trip ${trip.tripNumber}\\n.+, .+ → .+, .+\\nStage: Not started\\nTruck: ${truck.registrationNumber}$`,
      ),
    );
  });

  it('records each next step through the phone page’s service, once however often the gateway repeats it', async () => {
    const { trip, driver, pin } = await driverOnTrip();
    const first = sessionOf(t, driver.phoneNumber);
    expect(await first.send(`${pin}*2`)).toBe('CON Next step: Trip Started\n1. Record it\n0. Cancel');
    expect(await first.send(`${pin}*2*1`)).toBe('END Recorded: Trip Started. Thank you!');
    // The gateway got no answer and calls again with the same session and text: the same screen, nothing twice.
    expect(await first.send(`${pin}*2*1`)).toBe('END Recorded: Trip Started. Thank you!');
    const logs = await statusLogs(trip.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 'STARTED', actorDriverId: driver.id, actorUserId: null });
    const [audited] = await world.audits(trip.id, 'trip.status_changed');
    expect(audited!.data).toMatchObject({ to: 'STARTED', driverId: driver.id });

    // The next session offers the step after it; 0 cancels without recording.
    const second = sessionOf(t, driver.phoneNumber);
    expect(await second.send(`${pin}*2`)).toBe('CON Next step: At Pick-Up Location\n1. Record it\n0. Cancel');
    expect(await second.send(`${pin}*2*0`)).toBe('END Cancelled. Nothing was recorded.');
    expect(await statusLogs(trip.id)).toHaveLength(1);
    const third = sessionOf(t, driver.phoneNumber);
    expect(await third.send(`${pin}*2*1`)).toBe('END Recorded: At Pick-Up Location. Thank you!');
    expect((await world.tripRow(trip.id)).latestStatus).toBe('AT_PICKUP_LOCATION');
  });

  it('walks a trip through every step of its timeline, and says when all are recorded', async () => {
    const { trip, driver, pin } = await driverOnTrip();
    const timeline = ['STARTED', 'AT_PICKUP_LOCATION', 'LOADED', 'AT_DELIVERY_LOCATION'];
    for (const status of timeline) {
      const { send } = sessionOf(t, driver.phoneNumber);
      expect(await send(`${pin}*2*1`)).toMatch(/^END Recorded: /);
      expect((await world.tripRow(trip.id)).latestStatus).toBe(status);
    }
    const code: string = (await world.detail(trip.id)).handover.code;
    const { send } = sessionOf(t, driver.phoneNumber);
    expect(await send(`${pin}*2*${code}`)).toBe('END Recorded: Delivered. Thank you!');
    const { send: again } = sessionOf(t, driver.phoneNumber);
    expect(await again(`${pin}*2*1`)).toBe('END Recorded: Empty Dropped Off. Thank you!');
    // A completed trip is no longer the driver's trip in progress.
    const { send: after } = sessionOf(t, driver.phoneNumber);
    expect(await after(`${pin}*2`)).toBe(
      'END You have no trip in progress. Your transporter assigns you to the next one.',
    );
  });

  it('asks for the consignee’s handover code at delivery, and refuses a wrong one as the phone page does', async () => {
    const { trip, driver, pin } = await driverOnTrip();
    await world.walkTo(trip.id, 'AT_DELIVERY_LOCATION');
    const { send } = sessionOf(t, driver.phoneNumber);
    expect(await send(`${pin}*2`)).toBe(
      'CON Next step: Delivered\nEnter the consignee’s 6-digit handover code:',
    );
    const code: string = (await world.detail(trip.id)).handover.code;
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await send(`${pin}*2*${wrongCode}`)).toBe(
      'END Not recorded: The handover code is wrong; 4 tries left',
    );
    expect((await world.tripRow(trip.id)).latestStatus).toBe('AT_DELIVERY_LOCATION');
    const short = sessionOf(t, driver.phoneNumber);
    expect(await short.send(`${pin}*2*1234`)).toBe(
      'END The handover code has 6 digits. Nothing was recorded. Dial again.',
    );
    const right = sessionOf(t, driver.phoneNumber);
    expect(await right.send(`${pin}*2*${code}`)).toBe('END Recorded: Delivered. Thank you!');
    expect((await world.tripRow(trip.id)).latestStatus).toBe('DELIVERED');
  });

  it('says nothing was recorded when the trip moved on while the step was offered', async () => {
    const { trip, driver, pin } = await driverOnTrip();
    const { send } = sessionOf(t, driver.phoneNumber);
    expect(await send(`${pin}*2`)).toBe('CON Next step: Trip Started\n1. Record it\n0. Cancel');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await world.walkTo(trip.id, 'STARTED');
    expect(await send(`${pin}*2*1`)).toBe(
      'END The trip moved on while this screen was open. Nothing was recorded. Dial again.',
    );
    expect(await statusLogs(trip.id)).toHaveLength(1);
  });

  it.each([
    ['1', 'Breakdown', 'BREAKDOWN'],
    ['2', 'Accident', 'ACCIDENT'],
    ['3', 'Checkpoint', 'CHECKPOINT_DELAY'],
    ['4', 'Delay', 'OTHER'],
  ])('reports problem %s (%s) as an issue of the trip, once', async (choice, label, issueType) => {
    const { trip, driver, pin } = await driverOnTrip();
    const { sessionId, send } = sessionOf(t, driver.phoneNumber);
    expect(await send(`${pin}*3`)).toBe(
      'CON What happened?\n1. Breakdown\n2. Accident\n3. Checkpoint\n4. Delay\n0. Cancel',
    );
    const answer = `END Reported: ${label}. Your transporter can see it.`;
    expect(await send(`${pin}*3*${choice}`)).toBe(answer);
    expect(await send(`${pin}*3*${choice}`)).toBe(answer);
    const opened = await issues(trip.id);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ issueType, status: 'OPEN' });
    expect(opened[0]!.description).toContain('reported by the driver by USSD');
    // The same id as the phone page's driver_actions keep, made from the session and the text.
    expect(ussdActionId(sessionId, `${pin}*3*${choice}`)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('records money spent from a basic phone: diesel as litres and price, other kinds as an amount, once', async () => {
    const { trip, driver, pin } = await driverOnTrip();
    const { send } = sessionOf(t, driver.phoneNumber);
    expect(await send(`${pin}*5`)).toMatch(/^CON What did you pay for\?\n1\. Diesel\n2\. Toll/);
    expect(await send(`${pin}*5*1`)).toBe('CON Diesel: how many litres? (whole litres)');
    expect(await send(`${pin}*5*1*150`)).toBe('CON Price of one litre in naira:');
    expect(await send(`${pin}*5*1*150*1250`)).toBe(
      'CON Diesel: 150 litres at ₦1,250 = ₦187,500\n1. Record it\n0. Cancel',
    );
    expect(await send(`${pin}*5*1*150*1250*1`)).toBe(
      'END Recorded: Diesel ₦187,500. Your transporter will review it.',
    );
    // The gateway repeats the last screen: nothing is recorded twice.
    expect(await send(`${pin}*5*1*150*1250*1`)).toBe(
      'END Recorded: Diesel ₦187,500. Your transporter will review it.',
    );
    const toll = sessionOf(t, driver.phoneNumber);
    expect(await toll.send(`${pin}*5*2`)).toBe('CON Toll: how much in naira?');
    expect(await toll.send(`${pin}*5*2*1500`)).toBe('CON Toll: ₦1,500\n1. Record it\n0. Cancel');
    expect(await toll.send(`${pin}*5*2*1500*0`)).toBe('END Cancelled. Nothing was recorded.');
    expect(await toll.send(`${pin}*5*2*0`)).toBe(
      'END Enter a whole number above zero. Nothing was recorded. Dial again.',
    );
    expect(await toll.send(`${pin}*5*1*5000*1250`)).toBe('END Not recorded: Litres must be at most 2000');

    const money = await call(t.app, 'GET', `/api/v1/trips/${trip.id}/money`, undefined, {
      token: transporterToken(),
    });
    expect(money.body.expenses).toEqual([
      expect.objectContaining({
        kind: 'DIESEL',
        litres: 150,
        amountKobo: 18_750_000,
        status: 'PENDING',
        fromDriver: true,
        receipt: null,
      }),
    ]);
  });

  it('cancels a problem report with 0 and refuses a choice not on the menu', async () => {
    const { trip, driver, pin } = await driverOnTrip();
    expect(await sessionOf(t, driver.phoneNumber).send(`${pin}*3*0`)).toBe(
      'END Cancelled. Nothing was recorded.',
    );
    expect(await sessionOf(t, driver.phoneNumber).send(`${pin}*3*7`)).toBe(
      'END That is not a choice on the menu. Dial again.',
    );
    expect(await sessionOf(t, driver.phoneNumber).send(`${pin}*9`)).toBe(
      'END That is not a choice on the menu. Dial again.',
    );
    expect(await issues(trip.id)).toHaveLength(0);
  });

  it('changes the driver’s language, and speaks it from then on', async () => {
    const { driver, pin } = await driverOnTrip();
    const { send } = sessionOf(t, driver.phoneNumber);
    expect(await send(`${pin}*4`)).toBe(
      'CON Choose your language:\n1. English\n2. Pidgin\n3. Hausa\n4. Yorùbá\n5. Igbo',
    );
    expect(await send(`${pin}*4*3`)).toBe('END An gama. Freightlane za ta yi maka magana da Hausa yanzu.');
    expect((await driverRow(driver.id)).language).toBe('ha');
    const next = sessionOf(t, driver.phoneNumber);
    expect(await next.send('')).toBe('CON Freightlane. Sannu Musa, saka PIN ɗinka mai lambobi 4:');
    expect(await next.send(`${pin}`)).toBe(
      'CON 1. Tafiyata\n2. Mataki na gaba\n3. Faɗi matsala\n4. Harshe\n5. Kuɗin da na kashe\n0. Fita',
    );
    expect(await next.send(`${pin}*2`)).toBe(
      `CON Mataki na gaba: ${DRIVER_CATALOG.ha!['status.STARTED']}\n1. Rubuta shi\n0. Soke`,
    );
  });

  it('speaks the language the transporter set in the driver’s form', async () => {
    const created = await call(t.app, 'POST', '/api/v1/fleet/drivers', driverBody({ language: 'yo' }), {
      token: transporterToken(),
    });
    expect(created.status).toBe(201);
    expect(created.body.language).toBe('yo');
    const pin = await givePin(created.body.id);
    expect(await sessionOf(t, created.body.phoneNumber).send(`${pin}*0`)).toBe('END Ó dàbọ̀. Wakọ̀ pẹ̀lẹ́pẹ̀lẹ́.');
    const url = `/api/v1/fleet/drivers/${created.body.id}`;
    const updated = await call(t.app, 'PATCH', url, { language: 'ig' }, { token: transporterToken() });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.language).toBe('ig');
    const wrong = await call(t.app, 'PATCH', url, { language: 'fr' }, { token: transporterToken() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toEqual({
      field: 'language',
      message: 'Choose English, Pidgin, Hausa, Yoruba or Igbo',
    });
  });

  it('ends the session with 0', async () => {
    const { driver, pin } = await driverOnTrip();
    expect(await sessionOf(t, driver.phoneNumber).send(`${pin}*0`)).toBe('END Goodbye. Drive safely.');
  });

  it('tells a driver without a PIN to ask the transporter, and an unknown number that it is unknown', async () => {
    const trip = await world.newTrip();
    const { driver } = await world.assignFleet(trip.id);
    expect(await sessionOf(t, driver.phoneNumber).send('')).toBe(
      'END You have no USSD PIN yet. Ask your transporter to give you one.',
    );
    expect(await sessionOf(t, '+2348099999001').send('')).toBe(
      'END This number is not a Freightlane driver’s number. Ask your transporter to add it.',
    );
  });

  it('tells a driver without a trip so, for the trip, the next step and a problem', async () => {
    const driver = await insertDriver(t, world.transporter.company.id);
    const pin = await givePin(driver.id);
    const noTrip = 'END You have no trip in progress. Your transporter assigns you to the next one.';
    for (const choice of ['1', '2', '3']) {
      expect(await sessionOf(t, driver.phoneNumber).send(`${pin}*${choice}`)).toBe(noTrip);
    }
  });

  it('finds a driver of two companies at the one with a trip, and asks which company when both or neither have one', async () => {
    const atFirst = await insertDriver(t, world.transporter.company.id);
    const [atSecond] = await t.ctx.db
      .insert(drivers)
      .values({
        ...(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest)(atFirst),
        companyId: world.otherTransporter.company.id,
        firstName: 'Musa',
        lastName: 'Garba',
      })
      .returning();
    const firstPin = await givePin(atFirst.id);
    const secondPin = await givePin(atSecond!.id, world.otherTransporter.accessToken);

    // Neither has a trip: the driver says which company.
    const { send } = sessionOf(t, atFirst.phoneNumber);
    const names = [world.transporter.company.name, world.otherTransporter.company.name];
    const sorted = [...names].sort();
    expect(await send('')).toBe(
      `CON Which company are you driving for?\n1. ${clip(sorted[0]!, 30)}\n2. ${clip(sorted[1]!, 30)}`,
    );
    const secondIndex = sorted.indexOf(world.otherTransporter.company.name) + 1;
    expect(await send(`${secondIndex}`)).toBe('CON Freightlane. Hello Musa, enter your 4-digit PIN:');
    // The first company's PIN is not the second's.
    expect(await send(`${secondIndex}*${secondPin}`)).toMatch(/^CON 1\. My trip/);
    expect(await send(`${secondIndex}*${secondPin}*1`)).toBe(
      'END You have no trip in progress. Your transporter assigns you to the next one.',
    );

    // One of them is on a trip: that one is meant, without asking.
    const trip = await world.newTrip();
    await t.ctx.db.update(trips).set({ driverId: atFirst.id }).where(eq(trips.id, trip.id));
    const onTrip = sessionOf(t, atFirst.phoneNumber);
    expect(await onTrip.send('')).toBe('CON Freightlane. Hello Musa, enter your 4-digit PIN:');
    expect(await onTrip.send(`${firstPin}*1`)).toMatch(new RegExp(`^END Trip ${trip.tripNumber}\\n`));
  });

  describe('a spoofed or wrong callback', () => {
    it('refuses a wrong secret with 404 and records nothing', async () => {
      const { trip, driver, pin } = await driverOnTrip();
      const sessionId = `spoof_${randomUUID()}`;
      const res = await callback(
        t,
        { sessionId, phoneNumber: driver.phoneNumber, text: `${pin}*2*1` },
        { url: '/api/v1/ussd/africastalking/not-the-secret-at-all-but-long' },
      );
      expect(res.status).toBe(404);
      expect(await t.ctx.db.select().from(ussdSessions).where(eq(ussdSessions.sessionId, sessionId))).toEqual(
        [],
      );
      expect(await statusLogs(trip.id)).toHaveLength(0);
      expect((await driverRow(driver.id)).phoneVerifiedAt).toBeNull();
    });

    it('records nothing for a wrong PIN, and locks the menu for 30 minutes after five in a row', async () => {
      const { trip, driver, pin } = await driverOnTrip();
      const wrong = pin === '0000' ? '1111' : '0000';
      for (let left = 4; left >= 1; left -= 1) {
        expect(await sessionOf(t, driver.phoneNumber).send(`${wrong}*2*1`)).toBe(
          `END Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left, then the menu locks for 30 minutes. Dial again.`,
        );
      }
      expect(await statusLogs(trip.id)).toHaveLength(0);
      expect((await driverRow(driver.id)).phoneVerifiedAt).toBeNull();
      const locked = await sessionOf(t, driver.phoneNumber).send(`${wrong}`);
      expect(locked).toMatch(/^END Too many wrong PINs\. The menu is locked until \d{2}:\d{2}\.$/);
      const row = await driverRow(driver.id);
      expect(row.ussdPinFailures).toBe(5);
      const minutes = (row.ussdLockedUntil!.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(29);
      expect(minutes).toBeLessThanOrEqual(30);
      // Locked: even the right PIN does not open the menu.
      expect(await sessionOf(t, driver.phoneNumber).send(`${pin}*2*1`)).toMatch(/^END Too many wrong PINs/);
      expect(await statusLogs(trip.id)).toHaveLength(0);
      const access = await call(t.app, 'GET', `/api/v1/fleet/drivers/${driver.id}/ussd-pin`, undefined, {
        token: transporterToken(),
      });
      expect(access.body).toMatchObject({ failedTries: 5, lockedUntil: row.ussdLockedUntil!.toISOString() });

      // A new PIN from the transporter lifts the lock.
      const newPin = await givePin(driver.id);
      expect(await sessionOf(t, driver.phoneNumber).send(`${newPin}*2*1`)).toBe(
        'END Recorded: Trip Started. Thank you!',
      );
    });

    it('counts a repeated wrong-PIN callback once', async () => {
      const { driver, pin } = await driverOnTrip();
      const wrong = pin === '0000' ? '1111' : '0000';
      const { send } = sessionOf(t, driver.phoneNumber);
      await send(wrong);
      await send(wrong);
      expect((await driverRow(driver.id)).ussdPinFailures).toBe(1);
    });

    it('a right PIN starts the count again', async () => {
      const { driver, pin } = await driverOnTrip();
      const wrong = pin === '0000' ? '1111' : '0000';
      await sessionOf(t, driver.phoneNumber).send(wrong);
      await sessionOf(t, driver.phoneNumber).send(wrong);
      await sessionOf(t, driver.phoneNumber).send(pin);
      expect((await driverRow(driver.id)).ussdPinFailures).toBe(0);
    });

    it('answers 400 naming the field for a bad field, and records nothing', async () => {
      const base = { sessionId: `bad_${randomUUID()}`, phoneNumber: '+2348031234567', text: '' };
      const cases: [Record<string, string>, string][] = [
        [{ ...base, phoneNumber: '08031234567' }, 'phoneNumber'],
        [{ ...base, sessionId: 'x'.repeat(101) }, 'sessionId'],
        [{ ...base, sessionId: 'has space' }, 'sessionId'],
        [{ ...base, text: '1'.repeat(201) }, 'text'],
        [{ ...base, text: '1*<script>' }, 'text'],
        [{ ...base, serviceCode: '*999#' }, 'serviceCode'],
        [{ ...base, networkCode: 'MTN' }, 'networkCode'],
      ];
      for (const [fields, field] of cases) {
        const res = await callback(t, fields);
        expect(res.status, field).toBe(400);
        expect(JSON.parse(res.body).errors[0].field).toBe(field);
      }
      const nul = await callback(t, { ...base, text: '1\u00002' });
      expect(nul.status).toBe(400);
      const { sessionId: _sid, ...noSession } = base;
      expect((await callback(t, noSession)).status).toBe(400);
      expect(
        await t.ctx.db.select().from(ussdSessions).where(eq(ussdSessions.sessionId, base.sessionId)),
      ).toEqual([]);
    });

    it('refuses a session id used from another number', async () => {
      const { driver, pin } = await driverOnTrip();
      const { sessionId, send } = sessionOf(t, driver.phoneNumber);
      await send('');
      const res = await callback(t, { sessionId, phoneNumber: '+2348099999002', text: pin });
      expect(res.status).toBe(400);
      expect(
        await t.ctx.db.select().from(ussdScreens).where(eq(ussdScreens.sessionId, sessionId)),
      ).toHaveLength(1);
    });
  });

  describe('the PIN the transporter gives', () => {
    it('answers a random 4-digit PIN once and keeps only its argon2 hash', async () => {
      const driver = await insertDriver(t, world.transporter.company.id);
      const res = await call(
        t.app,
        'POST',
        `/api/v1/fleet/drivers/${driver.id}/ussd-pin`,
        {},
        {
          token: world.fleetManager.accessToken,
        },
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ pin: expect.stringMatching(/^\d{4}$/), sentBySms: false });
      const row = await driverRow(driver.id);
      expect(row.ussdPinHash).toMatch(/^\$argon2id\$/);
      expect(row.ussdPinHash).not.toContain(res.body.pin);
      expect(row.ussdPinSetAt!.toISOString()).toBe(res.body.pinSetAt);
      const access = await call(t.app, 'GET', `/api/v1/fleet/drivers/${driver.id}/ussd-pin`, undefined, {
        token: transporterToken(),
      });
      expect(access.status).toBe(200);
      expect(access.body).toEqual({
        serviceCode: USSD_SAMPLE_SERVICE_CODE,
        pinSetAt: res.body.pinSetAt,
        failedTries: 0,
        lockedUntil: null,
        phoneVerified: false,
      });
      expect(JSON.stringify(access.body)).not.toContain(res.body.pin);
      const audited = await world.audits(driver.id, 'driver.ussd_pin_given');
      expect(audited).toHaveLength(1);
      expect(JSON.stringify(audited[0]!.data)).not.toContain(res.body.pin);
    });

    it('is another company’s business: 404; a customer or admin: 403; no sign-in: 401; bad body: 400', async () => {
      const driver = await insertDriver(t, world.transporter.company.id);
      const url = `/api/v1/fleet/drivers/${driver.id}/ussd-pin`;
      const other = await call(t.app, 'POST', url, {}, { token: world.otherTransporter.accessToken });
      expect(other.status).toBe(404);
      expect(
        (await call(t.app, 'GET', url, undefined, { token: world.otherTransporter.accessToken })).status,
      ).toBe(404);
      expect((await call(t.app, 'POST', url, {}, { token: world.customer.accessToken })).status).toBe(403);
      expect((await call(t.app, 'POST', url, {}, { token: world.admin.accessToken })).status).toBe(403);
      expect((await call(t.app, 'POST', url, {})).status).toBe(401);
      const bad = await call(t.app, 'POST', url, { sendBySms: 'yes' }, { token: transporterToken() });
      expect(bad.status).toBe(400);
      expect((await driverRow(driver.id)).ussdPinHash).toBeNull();
    });

    it('sends the PIN by SMS only to a verified number', async () => {
      const driver = await insertDriver(t, world.transporter.company.id);
      const url = `/api/v1/fleet/drivers/${driver.id}/ussd-pin`;
      const refused = await call(t.app, 'POST', url, { sendBySms: true }, { token: transporterToken() });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^Verify the driver's phone number first/);
      expect((await driverRow(driver.id)).ussdPinHash).toBeNull();
      const sms = () => t.ctx.db.select().from(smsMessages).where(eq(smsMessages.to, driver.phoneNumber));
      expect(await sms()).toHaveLength(0);

      await t.ctx.db
        .update(drivers)
        .set({ phoneVerifiedAt: new Date(), language: 'pcm' })
        .where(eq(drivers.id, driver.id));
      const sent = await call(t.app, 'POST', url, { sendBySms: true }, { token: transporterToken() });
      expect(sent.status).toBe(201);
      expect(sent.body.sentBySms).toBe(true);
      const [message] = await sms();
      expect(message).toMatchObject({
        purpose: 'ussd.pin',
        companyId: world.transporter.company.id,
        text: `Freightlane: your USSD PIN na ${sent.body.pin}. Dial ${USSD_SAMPLE_SERVICE_CODE} for your trip. No show anybody di PIN.`,
      });
    });
  });
});

describe('the USSD gateway’s addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ USSD_ALLOWED_IPS: '196.201.214.0/24, 2001:db8::1' });
  });
  afterAll(() => t.close());

  it('refuses a callback from any other address, with the right secret, and records nothing', async () => {
    const sessionId = `pinned_${randomUUID()}`;
    const fields = { sessionId, phoneNumber: '+2348099999003', text: '' };
    const outside = await callback(t, fields, { remoteAddress: '41.58.1.1' });
    expect(outside.status).toBe(403);
    expect(await t.ctx.db.select().from(ussdSessions).where(eq(ussdSessions.sessionId, sessionId))).toEqual(
      [],
    );
    expect((await callback(t, fields, { remoteAddress: '196.201.214.77' })).status).toBe(200);
    expect(
      (await callback(t, { ...fields, sessionId: `v6_${randomUUID()}` }, { remoteAddress: '2001:db8::1' }))
        .status,
    ).toBe(200);
  });
});

describe('the USSD menu in production', () => {
  const secret = 's'.repeat(40);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'k'.repeat(32),
      USSD_SERVICE_CODE: '*384*77#',
      USSD_CALLBACK_SECRET: secret,
    });
  });
  afterAll(() => t.close());

  it('answers the gateway at its own secret, and has no simulated phone', async () => {
    const res = await callback(
      t,
      { sessionId: `prod_${randomUUID()}`, phoneNumber: '+2348099999004', text: '', serviceCode: '*384*77#' },
      { url: `/api/v1/ussd/africastalking/${secret}` },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/^END This number is not a Freightlane driver’s number/);
    const sample = await callback(t, { sessionId: `prod_${randomUUID()}`, phoneNumber: '+2348099999004' });
    expect(sample.status).toBe(404);
    for (const [method, url] of [
      ['GET', '/api/dev/ussd'],
      ['POST', '/api/dev/ussd/session'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('the USSD configuration', () => {
  it('refuses production with USSD on and no secret of its own, or a bad code or address', () => {
    expect(configErrorOf({ ...PRODUCTION_ENV, USSD_SERVICE_CODE: '*384*1234#' }).message).toContain(
      'USSD_CALLBACK_SECRET: is required in production when USSD_SERVICE_CODE is set',
    );
    expect(
      configErrorOf({
        ...PRODUCTION_ENV,
        USSD_SERVICE_CODE: '*384*1234#',
        USSD_CALLBACK_SECRET: USSD_SIMULATOR_SECRET,
      }).message,
    ).toContain("USSD_CALLBACK_SECRET: must be the platform's own, not the simulator's");
    expect(configErrorOf({ ...PRODUCTION_ENV, USSD_CALLBACK_SECRET: 'k'.repeat(32) }).message).toContain(
      'USSD_SERVICE_CODE: is required when USSD_CALLBACK_SECRET is set',
    );
    expect(configErrorOf({ USSD_CALLBACK_SECRET: 'short' }).message).toContain(
      'USSD_CALLBACK_SECRET: must be 24 or more',
    );
    expect(configErrorOf({ USSD_SERVICE_CODE: '384*1234' }).message).toContain(
      'USSD_SERVICE_CODE: must be a USSD code such as *384*1234#',
    );
    expect(configErrorOf({ USSD_ALLOWED_IPS: '196.201.214.0/40' }).message).toContain(
      'USSD_ALLOWED_IPS: must be IP addresses or ranges',
    );
    expect(configErrorOf({ USSD_ALLOWED_IPS: 'gateway.example.com' }).message).toContain(
      'USSD_ALLOWED_IPS: must be IP addresses or ranges',
    );
  });

  it('is off in production unless configured, and on with a sample code outside it', () => {
    expect(loadEnv(PRODUCTION_ENV).ussd).toBeNull();
    const on = loadEnv({
      ...PRODUCTION_ENV,
      USSD_SERVICE_CODE: '*384*77#',
      USSD_CALLBACK_SECRET: 's'.repeat(40),
      USSD_ALLOWED_IPS: '196.201.214.0/24',
    }).ussd;
    expect(on).toEqual({
      serviceCode: '*384*77#',
      callbackSecret: 's'.repeat(40),
      allowedIps: [{ address: '196.201.214.0', prefix: 24, family: 'ipv4' }],
    });
    expect(loadEnv({}).ussd).toMatchObject({
      serviceCode: USSD_SAMPLE_SERVICE_CODE,
      callbackSecret: USSD_SIMULATOR_SECRET,
    });
  });
});
