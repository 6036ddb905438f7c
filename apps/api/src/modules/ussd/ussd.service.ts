import { createHash } from 'node:crypto';
import { BlockList } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import {
  dieselAmountKobo,
  EXPENSE_KINDS,
  expenseFields,
  lagosClockText,
  locationText,
  nextTripStatus,
  USSD_LOCK_MINUTES,
  USSD_PIN_TRIES,
  ussdCallbackRequest,
  type ExpenseKind,
  type TripIssueType,
  type TripStatus,
} from '@freightlane/domain';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@freightlane/domain/i18n';
import type { AppContext } from '../../context';
import type { UssdSettings } from '../../env';
import { AppError } from '../../errors';
import { audit } from '../../lib/audit';
import { verifyPassword } from '../../lib/password-hash';
import { sameSecret } from '../../lib/same-secret';
import {
  recordKnownDriverExpense,
  recordKnownDriverStatus,
  reportKnownDriverIssue,
  type DriverActionOutcome,
  type KnownDriver,
} from '../telematics';
import { liveTripOfDriver, terminalsOfTripRows, tripCourseOf } from '../trip';
import { clip, LANGUAGE_CHOICES, ussdWords, type UssdAnswer, type UssdWords } from './ussd-screens';
import {
  clearWrongPins,
  countWrongPin,
  findDriversByPhone,
  findTruckPlateOf,
  findUssdScreen,
  keepUssdScreen,
  markDriverPhoneVerified,
  openUssdSession,
  saveDriverLanguage,
  signInUssdSession,
  type UssdDriver,
  type UssdSessionRow,
} from './ussd.repository';

export interface UssdCaller {
  ip: string;
  log: FastifyBaseLogger;
}

/** The gateway's addresses as a BlockList (a set of addresses and ranges); null when any address may call. */
export function gatewayAddresses(settings: UssdSettings): BlockList | null {
  if (settings.allowedIps.length === 0) return null;
  const list = new BlockList();
  for (const rule of settings.allowedIps) list.addSubnet(rule.address, rule.prefix, rule.family);
  return list;
}

function fromGateway(addresses: BlockList | null, ip: string): boolean {
  if (!addresses) return true;
  // An IPv4 caller may reach a dual-stack server as ::ffff:a.b.c.d.
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const family = plain.includes(':') ? 'ipv6' : 'ipv4';
  try {
    return addresses.check(plain, family);
  } catch {
    return false;
  }
}

/**
 * One callback of Africa's Talking, answered with the screen the phone shows next. The gateway does not
 * sign its calls: a wrong secret in the address, or an address other than the gateway's when they are
 * pinned, is refused with nothing written and a warning in the log. Then every field is checked (400).
 * The same session and text again (the gateway repeats a callback it got no answer to) is answered with
 * the screen kept the first time, and nothing is done twice.
 */
export async function answerUssdCallback(
  ctx: AppContext,
  gateway: BlockList | null,
  secret: string,
  body: unknown,
  caller: UssdCaller,
): Promise<UssdAnswer> {
  const settings = ctx.env.ussd;
  if (!settings || !sameSecret(secret, settings.callbackSecret)) {
    caller.log.warn({ ip: caller.ip }, 'a USSD callback with a wrong secret was refused');
    throw new AppError('NOT_FOUND', 'Not found');
  }
  if (!fromGateway(gateway, caller.ip)) {
    caller.log.warn({ ip: caller.ip }, 'a USSD callback from an address not in USSD_ALLOWED_IPS was refused');
    throw new AppError('FORBIDDEN', 'This address may not call the USSD callback');
  }
  const parsed = ussdCallbackRequest.safeParse(body ?? {});
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'body',
      message: issue.message,
    }));
    throw new AppError('BAD_REQUEST', errors.map((e) => e.message).join('; '), { errors });
  }
  const { sessionId, serviceCode, phoneNumber, text } = parsed.data;
  if (serviceCode !== settings.serviceCode) {
    const message = `serviceCode must be this platform's USSD code, ${settings.serviceCode}`;
    throw new AppError('BAD_REQUEST', message, { errors: [{ field: 'serviceCode', message }] });
  }
  const session = await openUssdSession(ctx.db, { sessionId, phoneNumber, serviceCode });
  if (session.phoneNumber !== phoneNumber) {
    const message = 'phoneNumber is not the number this session started from';
    throw new AppError('BAD_REQUEST', message, { errors: [{ field: 'phoneNumber', message }] });
  }
  const kept = await findUssdScreen(ctx.db, sessionId, text);
  if (kept) return kept.answer as UssdAnswer;
  const answer = await screenOf(ctx, { session, text, ip: caller.ip });
  return (await keepUssdScreen(ctx.db, { sessionId, input: text, answer })) as UssdAnswer;
}

interface Turn {
  session: UssdSessionRow;
  /** Every answer of the session so far, joined by `*`. */
  text: string;
  ip: string;
}

/**
 * The driver a number belongs to. A number may be a driver's at two companies: the one with a trip in
 * progress or to come is meant; if that still leaves two, the driver says which (the first answer).
 */
function driverAmong(
  candidates: UssdDriver[],
  answers: string[],
): { driver: UssdDriver; rest: string[] } | { ask: UssdDriver[] } | { wrong: true } {
  const onTrip = candidates.filter((d) => d.hasLiveTrip);
  const pool = onTrip.length > 0 ? onTrip : candidates;
  if (pool.length === 1) return { driver: pool[0]!, rest: answers };
  if (answers.length === 0) return { ask: pool };
  const chosen = /^\d{1,2}$/.test(answers[0]!) ? pool[Number(answers[0]) - 1] : undefined;
  return chosen ? { driver: chosen, rest: answers.slice(1) } : { wrong: true };
}

/** One language for a screen shown before the driver is known: theirs if every candidate shares it. */
function sharedLocale(candidates: UssdDriver[]): Locale {
  const languages = new Set(candidates.map((d) => d.language ?? DEFAULT_LOCALE));
  return languages.size === 1 ? [...languages][0]! : DEFAULT_LOCALE;
}

async function screenOf(ctx: AppContext, turn: Turn): Promise<UssdAnswer> {
  const answers = turn.text === '' ? [] : turn.text.split('*');
  const candidates = await findDriversByPhone(ctx.db, turn.session.phoneNumber);
  if (candidates.length === 0) return ussdWords(DEFAULT_LOCALE).end('unknownNumber');
  const found = driverAmong(candidates, answers);
  if ('ask' in found) {
    return ussdWords(sharedLocale(found.ask)).choose(
      'chooseCompany',
      found.ask.map((d) => clip(d.companyName, 30)),
    );
  }
  if ('wrong' in found) return ussdWords(sharedLocale(candidates)).end('notAChoice');
  const { driver } = found;
  const words = ussdWords(driver.language ?? DEFAULT_LOCALE);
  if (!driver.pinHash) return words.end('noPin');

  const signedIn = turn.session.signedInAt !== null && turn.session.driverId === driver.driverId;
  if (signedIn) return menu(ctx, turn, driver, words, found.rest.slice(1));
  const now = new Date();
  if (driver.lockedUntil && driver.lockedUntil > now) {
    return words.end('locked', { time: lagosClockText(driver.lockedUntil.toISOString()) ?? '' });
  }
  // A lock that ran out: the driver starts again with every try.
  if (driver.lockedUntil || driver.pinFailures >= USSD_PIN_TRIES)
    await clearWrongPins(ctx.db, driver.driverId);
  const [pin, ...rest] = found.rest;
  if (pin === undefined) return words.con('enterPin', { firstName: clip(driver.firstName, 20) });
  const right = /^\d{4}$/.test(pin) && (await verifyPassword(driver.pinHash, pin));
  if (!right) {
    const lockUntil = new Date(now.getTime() + USSD_LOCK_MINUTES * 60_000);
    const counted = await countWrongPin(ctx.db, driver.driverId, USSD_PIN_TRIES, lockUntil);
    if (counted.lockedUntil && counted.lockedUntil > now) {
      return words.end('locked', { time: lagosClockText(counted.lockedUntil.toISOString()) ?? '' });
    }
    return words.end('wrongPin', { count: Math.max(USSD_PIN_TRIES - counted.failures, 0) });
  }
  await ctx.db.transaction(async (tx) => {
    await clearWrongPins(tx, driver.driverId);
    await signInUssdSession(tx, turn.session.sessionId, driver.driverId);
    await markDriverPhoneVerified(tx, driver.driverId, turn.session.phoneNumber);
  });
  return menu(ctx, turn, driver, words, rest);
}

/** The main menu and its branches, after the PIN. */
async function menu(
  ctx: AppContext,
  turn: Turn,
  driver: UssdDriver,
  words: UssdWords,
  answers: string[],
): Promise<UssdAnswer> {
  const [choice, ...rest] = answers;
  if (choice === undefined) return words.con('menu');
  const known: KnownDriver = { driverId: driver.driverId, companyId: driver.companyId };
  switch (choice) {
    case '1':
      return rest.length === 0 ? myTrip(ctx, known, words) : words.end('notAChoice');
    case '2':
      return nextStep(ctx, turn, known, words, rest);
    case '3':
      return reportProblem(ctx, turn, known, words, rest);
    case '4':
      return chooseLanguage(ctx, turn, driver, words, rest);
    case '5':
      return recordMoney(ctx, turn, known, words, rest);
    case '0':
      return rest.length === 0 ? words.end('goodbye') : words.end('notAChoice');
    default:
      return words.end('notAChoice');
  }
}

async function myTrip(ctx: AppContext, driver: KnownDriver, words: UssdWords): Promise<UssdAnswer> {
  const trip = await liveTripOfDriver(ctx.db, driver.driverId);
  if (!trip) return words.end('noTrip');
  const course = tripCourseOf(trip, await terminalsOfTripRows(ctx.db, [{ trip }]));
  const plate = trip.truckId ? await findTruckPlateOf(ctx.db, trip.truckId) : null;
  return words.end('trip', {
    tripNumber: trip.tripNumber,
    pickup: clip(locationText(course.pickup), 34),
    delivery: clip(locationText(course.recipient), 34),
    stage: trip.latestStatus ? words.step(trip.latestStatus) : words.say('notStarted'),
    plate: plate ?? '–',
  });
}

/**
 * The action id of a screen: the same session and text always make the same id, so an action the gateway
 * sends twice is recorded once by the phone page's own rule (driver_actions). A UUID (version 8) made
 * from a SHA-256 of the two.
 */
export function ussdActionId(sessionId: string, text: string): string {
  const hex = createHash('sha256').update(`ussd\n${sessionId}\n${text}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What the phone page's service refused, in the screen's words; anything else is not the driver's to read. */
async function acted(
  words: UssdWords,
  act: () => Promise<DriverActionOutcome>,
  done: (outcome: DriverActionOutcome) => UssdAnswer,
): Promise<UssdAnswer> {
  try {
    return done(await act());
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      return words.end('notRecorded', { reason: clip(err.message, 120) });
    }
    throw err;
  }
}

/**
 * Whether the trip moved on after the screen that offered the step was shown (the transporter or the
 * truck's geofence recorded it meanwhile): the driver confirmed a step that is no longer the next one.
 */
async function movedSinceOffer(ctx: AppContext, turn: Turn, latestStatusAt: Date | null): Promise<boolean> {
  if (!latestStatusAt) return false;
  const offerInput = turn.text.slice(0, turn.text.lastIndexOf('*'));
  const offer = await findUssdScreen(ctx.db, turn.session.sessionId, offerInput);
  return offer !== null && latestStatusAt > offer.createdAt;
}

async function nextStep(
  ctx: AppContext,
  turn: Turn,
  driver: KnownDriver,
  words: UssdWords,
  answers: string[],
): Promise<UssdAnswer> {
  const trip = await liveTripOfDriver(ctx.db, driver.driverId);
  if (!trip) return words.end('noTrip');
  const next = nextTripStatus(trip.cargoType, trip.latestStatus);
  if (!next) return words.end('allDone');
  const step = words.step(next);
  const [reply, ...extra] = answers;
  if (reply === undefined) {
    return next === 'DELIVERED' ? words.con('handoverCode', { step }) : words.con('nextStep', { step });
  }
  if (extra.length > 0) return words.end('notAChoice');
  if (next !== 'DELIVERED' && reply === '0') return words.end('cancelled');
  if (next !== 'DELIVERED' && reply !== '1') return words.end('notAChoice');
  if (next === 'DELIVERED' && !/^\d{6}$/.test(reply)) return words.end('handoverFormat');
  if (await movedSinceOffer(ctx, turn, trip.latestStatusAt)) return words.end('moved');
  const tripStatus: TripStatus = next;
  return acted(
    words,
    () =>
      recordKnownDriverStatus(
        ctx,
        driver,
        {
          clientActionId: ussdActionId(turn.session.sessionId, turn.text),
          tripStatus,
          note: undefined,
          ...(tripStatus === 'DELIVERED' ? { handoverCode: reply } : {}),
        },
        turn.ip,
      ),
    (outcome) =>
      words.end('recorded', { step: words.step(outcome.result.trip.latestTripStatus ?? tripStatus) }),
  );
}

/** The problems a driver reports from a basic phone, in the menu's order, as the trip's issue types. */
const PROBLEMS = [
  { key: 'problem.BREAKDOWN', issueType: 'BREAKDOWN', description: 'Breakdown' },
  { key: 'problem.ACCIDENT', issueType: 'ACCIDENT', description: 'Accident' },
  { key: 'problem.CHECKPOINT', issueType: 'CHECKPOINT_DELAY', description: 'Held at a checkpoint' },
  { key: 'problem.DELAY', issueType: 'OTHER', description: 'Delay on the road' },
] as const satisfies readonly { key: string; issueType: TripIssueType; description: string }[];

async function reportProblem(
  ctx: AppContext,
  turn: Turn,
  driver: KnownDriver,
  words: UssdWords,
  answers: string[],
): Promise<UssdAnswer> {
  const trip = await liveTripOfDriver(ctx.db, driver.driverId);
  if (!trip) return words.end('noTrip');
  const [reply, ...extra] = answers;
  if (reply === undefined) return words.con('problemMenu');
  if (extra.length > 0) return words.end('notAChoice');
  if (reply === '0') return words.end('cancelled');
  const problem = /^\d$/.test(reply) ? PROBLEMS[Number(reply) - 1] : undefined;
  if (!problem) return words.end('notAChoice');
  return acted(
    words,
    () =>
      reportKnownDriverIssue(
        ctx,
        driver,
        {
          clientActionId: ussdActionId(turn.session.sessionId, turn.text),
          issueType: problem.issueType,
          // The transporter reads the issue in the app: the words are theirs, the way the driver said it is USSD.
          description: `${problem.description} (reported by the driver by USSD)`,
        },
        turn.ip,
      ),
    () => words.end('reported', { problem: words.say(problem.key) }),
  );
}

/** What a driver pays for on the road, in the money menu's order: every kind but the allowance, the office's to give. */
const MONEY_KINDS = EXPENSE_KINDS.filter(
  (kind): kind is Exclude<ExpenseKind, 'ALLOWANCE'> => kind !== 'ALLOWANCE',
);

/** A whole number typed on a keypad (USSD has no decimal point); null for anything else or zero. */
function wholeNumber(text: string): number | null {
  if (!/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

const naira = (kobo: number) => (kobo / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 });

/**
 * Money spent, from a basic phone (decision 046): what for, then the amount in whole naira (diesel: whole
 * litres, then the price of a litre), a confirmation, and the expense waits for the owner's review like one
 * from the phone page. The fields go through the same rules as the page's.
 */
async function recordMoney(
  ctx: AppContext,
  turn: Turn,
  driver: KnownDriver,
  words: UssdWords,
  answers: string[],
): Promise<UssdAnswer> {
  const trip = await liveTripOfDriver(ctx.db, driver.driverId);
  if (!trip) return words.end('noTrip');
  const [choice, ...values] = answers;
  if (choice === undefined) return words.con('moneyMenu');
  if (choice === '0' && values.length === 0) return words.end('cancelled');
  const kind = /^\d$/.test(choice) ? MONEY_KINDS[Number(choice) - 1] : undefined;
  if (!kind) return words.end('notAChoice');
  const name = words.say(`money.${kind}`);
  const diesel = kind === 'DIESEL';
  const numbers = diesel ? values.slice(0, 2) : values.slice(0, 1);
  const asked = diesel ? ['litres', 'pricePerLitre'] : ['amount'];
  if (numbers.length < asked.length) {
    const next = asked[numbers.length] as 'litres' | 'pricePerLitre' | 'amount';
    if (numbers.some((n) => wholeNumber(n) === null)) return words.end('numberFormat');
    return words.con(next, { kind: name });
  }
  const parsed = numbers.map(wholeNumber);
  if (parsed.some((n) => n === null)) return words.end('numberFormat');
  const [first, second] = parsed as number[];
  const fields = diesel
    ? { kind, litres: String(first), pricePerLitreKobo: String(second! * 100) }
    : { kind, amountKobo: String(first! * 100) };
  const checked = expenseFields.safeParse(fields);
  if (!checked.success) {
    return words.end('notRecorded', { reason: clip(checked.error.issues[0]!.message, 120) });
  }
  const amountKobo = diesel ? dieselAmountKobo(first!, second! * 100) : first! * 100;
  const [reply, ...extra] = values.slice(numbers.length);
  if (reply === undefined) {
    return diesel
      ? words.con('confirmDiesel', { litres: first!, price: naira(second! * 100), total: naira(amountKobo) })
      : words.con('confirmAmount', { kind: name, amount: naira(amountKobo) });
  }
  if (extra.length > 0) return words.end('notAChoice');
  if (reply === '0') return words.end('cancelled');
  if (reply !== '1') return words.end('notAChoice');
  return acted(
    words,
    () =>
      recordKnownDriverExpense(
        ctx,
        driver,
        { ...checked.data, clientActionId: ussdActionId(turn.session.sessionId, turn.text) },
        turn.ip,
      ),
    () => words.end('expenseRecorded', { kind: name, amount: naira(amountKobo) }),
  );
}

async function chooseLanguage(
  ctx: AppContext,
  turn: Turn,
  driver: UssdDriver,
  words: UssdWords,
  answers: string[],
): Promise<UssdAnswer> {
  const [reply, ...extra] = answers;
  if (reply === undefined) return words.choose('languageMenu', LANGUAGE_CHOICES);
  const locale = /^\d$/.test(reply) ? LOCALES[Number(reply) - 1] : undefined;
  if (!locale || extra.length > 0) return words.end('notAChoice');
  await ctx.db.transaction(async (tx) => {
    await saveDriverLanguage(tx, driver.driverId, locale);
    await audit(
      tx,
      { userId: null, companyId: driver.companyId, driverId: driver.driverId },
      { ip: turn.ip },
      {
        action: 'driver.language_changed',
        entityType: 'driver',
        entityId: driver.driverId,
        data: { before: { language: driver.language }, after: { language: locale }, by: 'USSD' },
      },
    );
  });
  return ussdWords(locale).end('languageSaved');
}
