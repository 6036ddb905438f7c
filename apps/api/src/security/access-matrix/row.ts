import type { MultipartFile } from '../../test/multipart';
import {
  sideOf,
  type AccessSide,
  type AccessWorld,
  type PrincipalName,
  type Session,
  type Side,
} from '../../test/access-world';

/** The roles a matrix row gives an outcome for; the principals of the world map onto them. */
export type Role = 'anonymous' | 'customer' | 'transporter' | 'fleetManager' | 'admin';

/**
 * The status one role gets: one number whoever owns the object, or `own` (the object belongs to the
 * caller's side: customer A or transporter A or its fleet manager calling on an object of side A) and
 * `other` (an object of the other side).
 */
export type Outcome = number | { own: number; other: number };

/** The expected status of every role. Anonymous and the admin belong to no side: one number each. */
export interface Expected {
  anonymous: number;
  customer: Outcome;
  transporter: Outcome;
  fleetManager: Outcome;
  admin: number;
}

/** One cell of the matrix: who calls, on an object of which side. */
export interface Cell {
  world: AccessWorld;
  principal: PrincipalName;
  /** The caller's session; null for anonymous. */
  caller: Session | null;
  /** The side owning the object the request acts on. */
  owner: Side;
  /** The shared objects of the owner's side: `world.sides[owner]`. */
  side: AccessSide;
  /** The status this cell must get. */
  expected: number;
  /**
   * True when the row mutates and this cell is expected to succeed: build the request on an object made
   * for this cell alone (`world.fresh…`), so that no other cell sees the change.
   */
  fresh: boolean;
}

/** A request one cell sends; JSON `body` or a `multipart` form, never both. */
export interface MatrixRequest {
  /** The path with the object's ids filled in, and the query string if any. */
  url: string;
  body?: unknown;
  multipart?: { fields: Record<string, string>; file?: MultipartFile };
  headers?: Record<string, string>;
  /**
   * Send this token instead of the caller's, e.g. of `world.freshSession(cell.principal)` when the
   * call changes or ends the caller itself. Null sends none.
   */
  token?: string | null;
}

/** A cell's answer, handed to `check`. */
export interface MatrixAnswer {
  status: number;
  headers: Record<string, unknown>;
  /** The parsed JSON body, or the raw text when the answer is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checks read answers loosely, as tests do
  body: any;
}

export interface MatrixRow {
  /** The operation exactly as `/api/openapi.json` names it: method, space, path with {params}. */
  op: string;
  /**
   * Names a further row of the same operation on another kind of object (e.g. 'partners-only order'),
   * where one object cannot show every rule; the meta-test counts it as the operation's row too.
   */
  variant?: string;
  expect: Expected;
  /** Builds a request that is valid in every respect except, possibly, who sends it. */
  request: (cell: Cell) => MatrixRequest | Promise<MatrixRequest>;
  /**
   * Whether a succeeding cell changes state (so needs `fresh` objects, and refused cells are checked to
   * change nothing). Defaults to true for every method but GET.
   */
  mutates?: boolean;
  /**
   * False when the operation acts on no object of a side (a list of one's own, a create, a lookup):
   * each principal is then tried once, and outcomes are plain numbers.
   */
  owned?: boolean;
  /**
   * Extra assertions on an answer (API3: no other company's data in a list or detail). Throw (or use
   * expect) to fail the cell.
   */
  check?: (answer: MatrixAnswer, cell: Cell) => void | Promise<void>;
  /**
   * A read of the object a refused cell must leave unchanged, compared before and after every refused cell
   * of a mutating row (besides the fingerprint of the whole database the runner compares); its answer
   * shows in the failure, so it pinpoints what changed.
   */
  snapshot?: (cell: Cell) => Promise<unknown>;
  /** An event stream (SSE): the cell reads its status over a real connection, then hangs up. */
  stream?: boolean;
  /** Why an outcome is what it is, when the product spec says so and the code alone would not. */
  note?: string;
}

/** Shorthands for outcomes that read as data. */
export const own = (ownStatus: number, other: number): Outcome => ({ own: ownStatus, other });

/** Only `roles` may call (each getting its outcome); every other signed-in role gets 403, anonymous 401. */
export function onlyRoles(roles: Partial<Omit<Expected, 'anonymous'>>): Expected {
  return { anonymous: 401, customer: 403, transporter: 403, fleetManager: 403, admin: 403, ...roles };
}

/** Any signed-in caller gets `status`; anonymous 401. */
export const anySignedIn = (status: number): Expected => ({
  anonymous: 401,
  customer: status,
  transporter: status,
  fleetManager: status,
  admin: status,
});

/** Everyone, signed in or not, gets `status` (public operations). */
export const everyone = (status: number): Expected => ({
  anonymous: status,
  customer: status,
  transporter: status,
  fleetManager: status,
  admin: status,
});

/**
 * A check for lists and searches (API1, API3): when a caller of a side gets 200, the answer names the
 * object `idOf` picks from the owner's side if and only if the owner is the caller's side.
 */
export function listsOnlyOwn(idOf: (side: AccessSide) => string) {
  return (answer: MatrixAnswer, cell: Cell) => {
    const callerSide = sideOf(cell.principal);
    if (answer.status !== 200 || callerSide === null) return;
    const id = idOf(cell.side);
    const named = JSON.stringify(answer.body).includes(id);
    if (callerSide === cell.owner && !named) throw new Error(`its own object ${id} is not in the answer`);
    if (callerSide !== cell.owner && named)
      throw new Error(`the other side's object ${id} is in the answer (API1)`);
  };
}

/** A check that the answer names none of the other side's objects `idsOf` picks (API3). */
export function namesNothingOfOtherSide(idsOf: (side: AccessSide) => string[]) {
  return (answer: MatrixAnswer, cell: Cell) => {
    const callerSide = sideOf(cell.principal);
    if (answer.status !== 200 || callerSide === null) return;
    const text = JSON.stringify(answer.body);
    const leaked = idsOf(cell.world.sides[callerSide === 'A' ? 'B' : 'A']).filter((id) => text.includes(id));
    if (leaked.length > 0) throw new Error(`the other side's ${leaked.join(', ')} is in the answer (API3)`);
  };
}

/**
 * A check for reports and exports, which act on no one object: a caller of a side who gets 200 finds every
 * object `idsOf` picks from its own side in the answer, and none of the other side's (API1, API3).
 */
export function namesOwnAndNothingOfOtherSide(idsOf: (side: AccessSide) => string[]) {
  const nothingOfOther = namesNothingOfOtherSide(idsOf);
  return (answer: MatrixAnswer, cell: Cell) => {
    nothingOfOther(answer, cell);
    const callerSide = sideOf(cell.principal);
    if (answer.status !== 200 || callerSide === null) return;
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const missing = idsOf(cell.world.sides[callerSide]).filter((id) => !text.includes(id));
    if (missing.length > 0) throw new Error(`its own ${missing.join(', ')} is not in the answer`);
  };
}

/** Runs every check on the answer in turn, e.g. listsOnlyOwn and namesNothingOfOtherSide on one list. */
export const allOf =
  (...checks: NonNullable<MatrixRow['check']>[]) =>
  async (answer: MatrixAnswer, cell: Cell) => {
    for (const check of checks) await check(answer, cell);
  };
