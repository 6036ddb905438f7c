import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { multipartBody, SAMPLE_FILES } from './multipart';

/**
 * fast-check arbitraries of invalid and boundary requests, built from the app's own OpenAPI document: an
 * operation's path parameters, query, JSON body schema and multipart form decide what is generated, so a new
 * route is fuzzed as soon as it is documented.
 */

/** The JSON Schema subset the OpenAPI document of the zod schemas uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  secured: boolean;
  parameters: Parameter[];
  body: {
    contentType: 'application/json' | 'multipart/form-data';
    required: boolean;
    schema: JsonSchema;
  } | null;
  /** Answers an event stream on success, which never ends: only requests it must refuse are sent. */
  eventStream: boolean;
}

export const operationLabel = (op: Operation) => `${op.method} ${op.path}`;

interface OpenApiOperation {
  parameters?: Parameter[];
  security?: unknown[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/** Every operation of an OpenAPI document. */
export function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const contentType = (['application/json', 'multipart/form-data'] as const).find((c) => content[c]);
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        secured: (op.security?.length ?? 0) > 0,
        parameters: op.parameters ?? [],
        body: contentType
          ? { contentType, required: op.requestBody?.required ?? false, schema: content[contentType]!.schema }
          : null,
        eventStream: Object.values(op.responses ?? {}).some((r) => r.content?.['text/event-stream']),
      };
    }),
  );
}

/** Who sends a request: a signed-in role of the world, nobody, or a token no server issued. */
export type Principal = string;

export interface FuzzWorld {
  /** Access tokens by principal name. */
  tokens: Record<string, string>;
  /** Ids of real rows of every table, so requests reach the checks behind authorisation. */
  ids: string[];
  /** Real values for path parameters that are not row ids (a driver's phone-link token, a tracking id). */
  pathValues: Record<string, string[]>;
}

/** One generated request, with the defect that must make the server refuse it (null when it may succeed). */
export interface HostileRequest {
  inject: InjectOptions;
  principal: string;
  defect: string | null;
  /** A short account of the request for failure messages (bodies cut to a few hundred characters). */
  describe: string;
}

// ---------------------------------------------------------------------------------------------------------
// Hostile values

const MEGABYTE = 1024 * 1024;

/** Texts attackers and broken clients send: injections, path tricks, odd unicode, control characters. */
export const HOSTILE_TEXTS: readonly string[] = [
  '',
  ' ',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  "' OR 1=1--",
  "'; DROP TABLE trips; --",
  '" OR ""="',
  '1 UNION SELECT password_hash FROM users',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x1F',
  '%00',
  '%',
  '%zz',
  '\u202emalicious\u202c',
  '\u0645\u0631\u062d\u0628\u0627',
  'Z\u0335\u0321\u031ba\u0334l\u0337g\u0338o\u0336',
  '\u{1F69A}\u{1F4E6}',
  '\ud800',
  '\udfff\ud800',
  '\ufeff',
  '\uffff',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\u0001\u0002\u001f\u007f',
  '\uff21\uff22\uff23',
  '\u0130stanbul',
  '9'.repeat(400),
  'x'.repeat(10_000),
];

const hostileText = fc.constantFrom(...HOSTILE_TEXTS);

/** Percent-encodes any text, lone surrogates included (as the bytes of U+FFFD, which encodeURIComponent refuses). */
export const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Raw URL pieces sent unencoded: malformed escapes, encoded NUL and lone surrogate, dot segments. */
const RAW_URL_TRICKS = [
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '..',
  '../..',
  '%2e%2e%2f%2e%2e',
  "'%20OR%201=1--",
  'a%2Fb',
];
const uuidArb = fc.uuid({ version: [4, 7] });

/** Unicode text of any plane, with lone surrogates (JSON can carry them; the server must cope). */
const anyText = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength, unit: 'grapheme' }),
    fc.string({ maxLength, unit: 'binary' }),
    fc.string({
      maxLength: Math.max(0, Math.floor(maxLength / 2)),
      unit: fc.constantFrom('\ud83d', '\ude9a', '\u{1F69A}', 'é', 'ß'),
    }),
  );

/** Huge and odd numbers for number fields and numeric query values. */
const hostileNumbers = [
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53,
  2 ** 63,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
  123456789012,
];

// ---------------------------------------------------------------------------------------------------------
// Schema helpers

const types = (s: JsonSchema): string[] | null => {
  if (s.anyOf || s.oneOf) {
    const parts = (s.anyOf ?? s.oneOf)!.map(types);
    return parts.some((p) => p === null) ? null : [...new Set(parts.flat() as string[])];
  }
  if (s.allOf) return null;
  if (s.enum) return [...new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)))];
  if (s.const !== undefined) return [s.const === null ? 'null' : typeof s.const];
  if (!s.type) return null;
  const list = Array.isArray(s.type) ? s.type : [s.type];
  return [...list, ...(s.nullable ? ['null'] : []), ...(list.includes('integer') ? ['number'] : [])];
};

const allowsJsonType = (accepted: string[], value: unknown): boolean => {
  if (value === null) return accepted.includes('null');
  if (Array.isArray(value)) return accepted.includes('array');
  if (typeof value === 'number') return accepted.includes('number') || accepted.includes('integer');
  return accepted.includes(typeof value);
};

const matches = (pattern: string | undefined, value: string) =>
  !pattern || new RegExp(pattern, 'u').test(value);

/** A deeply nested value, which parsers and validators must not choke on. */
const deepValue = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? { nested: value } : [value];
  return value;
};

/** Values of every JSON type, for wrong-type defects (one is picked that the field does not accept). */
const WRONG_TYPE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  '',
  'not the right type',
  [],
  ['a', 1, null],
  {},
  { $ne: null },
  { $gt: '' },
  deepValue(2000),
];

// ---------------------------------------------------------------------------------------------------------
// Values that fit a schema (with boundary picks)

const FORMAT_SAMPLES: Record<string, () => fc.Arbitrary<string>> = {
  date: () =>
    fc.oneof(
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('2024-02-29', '1970-01-01', '9999-12-31', '0001-01-01'),
    ),
  'date-time': () =>
    fc.oneof(
      fc
        .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString()),
      fc.constantFrom('1970-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '2026-03-01T00:00:00+01:00'),
    ),
  email: () => fc.oneof(fc.emailAddress(), fc.constantFrom('a@b.co', `${'x'.repeat(64)}@example.com`)),
  uri: () =>
    fc.oneof(
      fc.webUrl(),
      fc.constantFrom('javascript:alert(1)', 'file:///etc/passwd', 'http://169.254.169.254/'),
    ),
};

/** A value meant to satisfy `schema`, often at its limits; `ids` are real row ids for uuid fields. */
export function fitting(schema: JsonSchema, ids: readonly string[], depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => fitting(s, ids, depth + 1)));
  if (schema.allOf) return fitting(schema.allOf[0]!, ids, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const orNull = (arb: fc.Arbitrary<unknown>) =>
    schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null'))
      ? fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) })
      : arb;
  switch (type) {
    case 'string':
      return orNull(fittingString(schema, ids));
    case 'integer':
    case 'number':
      return orNull(fittingNumber(schema, type === 'integer'));
    case 'boolean':
      return orNull(fc.boolean());
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + 3, min + 3);
      if (depth > 6) return fc.constant([]);
      return orNull(
        fc.array(fitting(schema.items ?? {}, ids, depth + 1), { minLength: min, maxLength: max }),
      );
    }
    case 'object':
    default: {
      if (!schema.properties)
        return depth > 6
          ? fc.constant({})
          : fc.oneof(
              fc.constant({}),
              fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 2 }),
            );
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties).map(([key, s]) => {
        const value = fitting(s, ids, depth + 1);
        return [key, required.has(key) ? value : fc.option(value, { nil: undefined, freq: 3 })] as const;
      });
      return orNull(
        fc
          .record(Object.fromEntries(entries))
          .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))),
      );
    }
  }
}

function fittingString(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<string> {
  if (schema.format === 'uuid') {
    return ids.length ? fc.oneof(fc.constantFrom(...ids), uuidArb) : uuidArb;
  }
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length <= (schema.maxLength ?? 2000));
  }
  if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format]!();
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 2000;
  const fits = (text: string) => text.length >= min && text.length <= max;
  const short = Math.max(min, Math.min(max, 40));
  const long = Math.max(min, Math.min(max, 5000));
  const candidates: fc.Arbitrary<string>[] = [
    fc.oneof(
      fc.string({ minLength: min, maxLength: short, unit: 'grapheme' }),
      fc.string({ minLength: min, maxLength: short, unit: 'binary' }),
    ),
    ...['x'.repeat(long), '\u{1F69A}'.repeat(Math.floor(long / 2)), 'é'.repeat(long)]
      .filter(fits)
      .map((text) => fc.constant(text)),
  ];
  const hostile = HOSTILE_TEXTS.filter(fits);
  if (hostile.length) candidates.push(fc.constantFrom(...hostile));
  // Graphemes may take two code units each, so a few strings come out longer than the limit.
  return fc.oneof(...candidates).filter(fits);
}

function bounds(schema: JsonSchema) {
  const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : schema.minimum;
  const max = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : schema.maximum;
  const minOpen = schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === 'number';
  const maxOpen = schema.exclusiveMaximum === true || typeof schema.exclusiveMaximum === 'number';
  return { min, max, minOpen, maxOpen };
}

function fittingNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const { min, max, minOpen, maxOpen } = bounds(schema);
  const lo = min === undefined ? -1e15 : minOpen ? min + (integer ? 1 : 0.001) : min;
  const hi = max === undefined ? 1e15 : maxOpen ? max - (integer ? 1 : 0.001) : max;
  const inRange = (n: number) => n >= lo && n <= hi && (!integer || Number.isInteger(n));
  const edges = [lo, hi, 0, 1].filter(inRange);
  const core = integer
    ? fc.integer({ min: Math.max(lo, Number.MIN_SAFE_INTEGER), max: Math.min(hi, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  return edges.length ? fc.oneof(core, fc.constantFrom(...edges)) : core;
}

// ---------------------------------------------------------------------------------------------------------
// Defects of a JSON body: each one a change the schema certainly refuses

interface Defect {
  name: string;
  apply: (body: Record<string, unknown>) => unknown;
}

/** The plain-object fields of a schema, each with its path, reached without passing through a union. */
function plainFields(
  schema: JsonSchema,
  path: string[] = [],
): { path: string[]; schema: JsonSchema; parent: JsonSchema }[] {
  if (!schema.properties || schema.anyOf || schema.oneOf) return [];
  return Object.entries(schema.properties).flatMap(([key, child]) => [
    { path: [...path, key], schema: child, parent: schema },
    ...plainFields(child, [...path, key]),
  ]);
}

/** Sets `value` at `path` in a copy of `body`, creating the objects on the way. */
function setAt(
  body: Record<string, unknown>,
  path: string[],
  value: unknown,
  remove = false,
): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

/** Values certainly refused for a field: beyond its limits, of a type it does not take, outside its enum. */
function refusedValues(schema: JsonSchema): unknown[][] {
  const out: unknown[][] = [];
  const accepted = types(schema);
  if (accepted) out.push(WRONG_TYPE_VALUES.filter((v) => !allowsJsonType(accepted, v)));
  if (schema.enum && schema.enum.every((v) => typeof v === 'string')) {
    const values = schema.enum as string[];
    const odd = ['NOT_IN_THE_LIST', ...values.map((v) => v.toLowerCase()), ...values.map((v) => `${v} `)];
    out.push(odd.filter((v) => !values.includes(v)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string' && !schema.enum) {
    if (schema.maxLength !== undefined) {
      const max = schema.maxLength;
      out.push(['x'.repeat(max + 1), 'é'.repeat(max + 1), 'x'.repeat(max + 100_000)]);
    }
    if (schema.minLength) out.push(['x'.repeat(schema.minLength - 1)]);
    if (
      schema.pattern ||
      schema.format === 'uuid' ||
      schema.format === 'date' ||
      schema.format === 'date-time' ||
      schema.format === 'email'
    ) {
      const bad = [
        ...HOSTILE_TEXTS,
        'not-a-uuid',
        '2026-02-30',
        '2026-13-01',
        '31/12/2026',
        'no-at-sign',
        '00000000-0000-0000-0000-00000000000g',
      ]
        // Schemas may trim and change case before matching (codes are upper-cased): a value is refused
        // only when no such reading of it matches.
        .filter((v) =>
          [v, v.trim(), v.trim().toUpperCase(), v.trim().toLowerCase()].every(
            (r) => !matches(schema.pattern, r),
          ),
        )
        .filter((v) => schema.pattern || refusedByFormat(schema.format!, v));
      out.push(bad);
    }
  }
  if (type === 'integer' || type === 'number') {
    const { min, max, minOpen, maxOpen } = bounds(schema);
    const beyond: number[] = [];
    if (max !== undefined)
      beyond.push(maxOpen ? max : max + 1, max * 2 + 10, ...(max < 1e308 ? [1e308] : []));
    if (min !== undefined) beyond.push(minOpen ? min : min - 1, ...(min > -1e308 ? [-1e308] : []));
    if (type === 'integer') beyond.push(1.5, 0.1);
    out.push(beyond);
  }
  if (type === 'array') {
    if (schema.maxItems !== undefined) out.push([Array.from({ length: schema.maxItems + 1 }, () => ({}))]);
    if (schema.minItems) out.push([[]]);
  }
  return out.filter((group) => group.length > 0);
}

/**
 * Query values certainly refused for a parameter. A query value is always text: a text parameter takes
 * any number's text, so only its limits, enum and pattern give refused values; a number parameter refuses
 * texts no number reads ('' is not one of them: a coerced number reads it as 0).
 */
function refusedQueryValues(schema: JsonSchema): fc.Arbitrary<string>[] {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const { type: _type, anyOf: _anyOf, oneOf: _oneOf, ...limits } = schema;
  const groups =
    type === 'integer' || type === 'number'
      ? [...refusedValues({ ...limits, type }).slice(1), ['abc', '1,5', '12abc', '--1', '[object Object]']]
      : type === 'string'
        ? refusedValues({ ...limits, type: 'string' }).filter((group) =>
            group.every((v) => typeof v === 'string'),
          )
        : [];
  return groups
    .map((group) => group.filter((v) => typeof v === 'string' || typeof v === 'number').map(String))
    .filter((group) => group.length > 0)
    .map((group) => fc.constantFrom(...group));
}

function refusedByFormat(format: string, value: string): boolean {
  if (format === 'uuid')
    return !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
  if (format === 'date')
    return !/^\d{4}-\d{2}-\d{2}$/.test(value) || value === '2026-02-30' || value === '2026-13-01';
  if (format === 'date-time') return Number.isNaN(Date.parse(value)) || !/^\d{4}-/.test(value);
  if (format === 'email') return !value.includes('@');
  return false;
}

/** Every field-level defect of a JSON object schema. */
function bodyDefects(schema: JsonSchema): fc.Arbitrary<Defect>[] {
  const out: fc.Arbitrary<Defect>[] = [];
  const fields = plainFields(schema);
  for (const { path, schema: field, parent } of fields) {
    const name = path.join('.');
    if (parent.required?.includes(path[path.length - 1]!)) {
      out.push(
        fc.constant({ name: `missing required ${name}`, apply: (b) => setAt(b, path, undefined, true) }),
      );
    }
    for (const group of refusedValues(field)) {
      const values = fc.constantFrom(...group);
      out.push(
        values.map((v) => ({
          name: `refused value at ${name}: ${preview(v)}`,
          apply: (b) => setAt(b, path, v),
        })),
      );
    }
  }
  const objects = [
    { path: [] as string[], schema },
    ...fields.filter((f) => f.schema.properties && !f.schema.anyOf && !f.schema.oneOf),
  ];
  for (const { path, schema: obj } of objects) {
    if (obj.additionalProperties === false) {
      out.push(
        fc.constantFrom('isAdmin', 'role', 'companyId', 'userType', 'id', 'x'.repeat(300)).map((key) => ({
          name: `unknown field ${[...path, key].join('.')}`,
          apply: (b) => (path.length ? setAt(b, [...path, key], true) : { ...b, [key]: true }),
        })),
      );
    }
  }
  // A NUL anywhere in a JSON body is refused before any route sees it (plugins/input-text.ts).
  out.push(
    fc.constantFrom('\u0000', 'Lagos\u0000', '\u0000'.repeat(5000)).chain((nul) =>
      fc.constantFrom<Defect>(
        { name: 'NUL in a field name', apply: (b) => ({ ...b, [`note${nul}`]: 'x' }) },
        ...fields
          .filter((f) => types(f.schema)?.includes('string') && !f.schema.anyOf && !f.schema.oneOf)
          .map((f) => ({
            name: `NUL in ${f.path.join('.')}`,
            apply: (b: Record<string, unknown>) => setAt(b, f.path, nul),
          })),
      ),
    ),
  );
  return out;
}

const preview = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} chars)` : text;
};

// ---------------------------------------------------------------------------------------------------------
// Requests

interface Draft {
  principal: string;
  path: Record<string, string>;
  /** Query pairs already percent-encoded (raw hostile pairs stay as sent). */
  query: string[];
  headers: Record<string, string>;
  payload?: string | Buffer;
  contentType?: string;
}

const PRINCIPAL_DEFECTS = ['anonymous', 'garbage token', 'alg none token', 'expired-looking token'] as const;

function badToken(kind: string): string | null {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  if (kind === 'anonymous') return null;
  if (kind === 'garbage token') return `not.a.${randomBytes(4).toString('hex')}`;
  if (kind === 'alg none token')
    return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'admin', roles: ['role_admin'] })}.`;
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'x', exp: 1 })}.${randomBytes(32).toString('base64url')}`;
}

/** A query string value, sometimes sent raw (malformed percent-encoding, `../`), mostly encoded. */
const encodePair = (key: string, value: string, raw: boolean) =>
  raw ? `${key}=${value}` : `${encode(key)}=${encode(value)}`;

function queryValue(schema: JsonSchema, world: FuzzWorld): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fitting(schema, world.ids).map((v) =>
        typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
      ),
    },
    { weight: 2, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.constantFrom(...hostileNumbers.map(String)) },
    { weight: 1, arbitrary: anyText(30) },
  );
}

/** The query of a request: some documented parameters (repeated, hostile, missing), plus stray keys. */
function queryArb(op: Operation, world: FuzzWorld, keepRequired: boolean): fc.Arbitrary<string[]> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const perParam = params.map((p) =>
    fc
      .tuple(
        fc.constantFrom<'omit' | 'one' | 'repeat' | 'raw'>(
          ...(p.required && keepRequired ? [] : ['omit' as const]),
          'one',
          'one',
          'repeat',
          'raw',
        ),
        fc.array(queryValue(p.schema, world), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...RAW_URL_TRICKS),
      )
      .map(([how, values, raw]) => {
        if (how === 'omit') return [];
        if (how === 'raw') return [encodePair(p.name, raw, true)];
        return (how === 'repeat' ? values : values.slice(0, 1)).map((v) => encodePair(p.name, v, false));
      }),
  );
  const stray = fc.array(
    fc.constantFrom(
      '__proto__=1',
      '__proto__[admin]=1',
      'constructor[prototype][admin]=1',
      'constructor=x',
      'toString=1',
      'hasOwnProperty=1',
      'q[$ne]=1',
      'page[]=1',
      `x=${'y'.repeat(5000)}`,
      '=&&==',
      `${encode('\u{1F69A}')}=${encode('\u202e')}`,
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...perParam), stray).map(([pairs, extra]) => [...pairs.flat(), ...extra]);
}

/** A path parameter: a real value, an unknown uuid, or a hostile string (encoded, or a raw path trick). */
function pathValue(param: Parameter, op: Operation, world: FuzzWorld): fc.Arbitrary<string> {
  const real = [
    ...(world.pathValues[param.name] ?? []),
    ...(param.schema.format === 'uuid' ? world.ids : []),
  ];
  const options: fc.Arbitrary<string>[] = [
    fitting(param.schema, op.eventStream ? [] : world.ids).map((v) => encode(String(v))),
    hostileText.filter((v) => v !== '').map(encode),
    fc.constantFrom(...RAW_URL_TRICKS, 'x'.repeat(3000)),
    uuidArb,
  ];
  if (real.length && !op.eventStream) options.push(fc.constantFrom(...real).map(encode));
  return fc.oneof(...options);
}

/** Path values certainly refused: not matching the parameter's pattern or format, or no real value at all. */
function refusedPathValue(param: Parameter): fc.Arbitrary<string> {
  const numeric = param.schema.type === 'integer' || param.schema.type === 'number';
  const candidates = HOSTILE_TEXTS.filter((v) => v.trim() !== '' && !/^[0-9a-zA-Z]+$/.test(v)).filter(
    (v) =>
      !matches(param.schema.pattern, v) &&
      !(param.schema.enum ?? []).includes(v) &&
      !(numeric && !Number.isNaN(Number(v))),
  );
  return fc.oneof(
    fc.constantFrom(...candidates).map(encode),
    fc.constantFrom('%2e%2e%2f%2e%2e', '%00', encode("' OR 1=1--"), `${'9'.repeat(3000)}%00`),
  );
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'undefined',
  'NaN',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
];
const WRONG_CONTENT_TYPES = [
  'application/xml',
  'application/x-www-form-urlencoded',
  'text/html',
  'application/octet-stream',
  'image/png',
];

/** A hostile file name for an upload. */
const hostileFileName = fc.constantFrom(
  '../../../../etc/passwd',
  '..\\..\\boot.ini',
  '<script>alert(1)</script>.pdf',
  'quote.pdf\u0000.exe',
  'CON',
  '\u202eexe.pdf',
  `${'a'.repeat(5000)}.pdf`,
  '"; filename=evil.html',
  '\u{1F69A}.pdf',
  '',
);

/** Files that must be refused: too large, empty, of a refused kind. */
const refusedFiles = fc.constantFrom<{ name: string; content: () => Buffer; contentType: string }>(
  {
    name: 'HTML',
    content: () => Buffer.from('<!doctype html><script>alert(1)</script>'),
    contentType: 'application/pdf',
  },
  {
    name: 'SVG',
    content: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    contentType: 'image/svg+xml',
  },
  {
    name: 'executable',
    content: () => Buffer.from('MZ\u0090\u0000\u0003 This program cannot be run in DOS mode'),
    contentType: 'image/png',
  },
  { name: 'shell script', content: () => Buffer.from('#!/bin/sh\nrm -rf /\n'), contentType: 'image/jpeg' },
  { name: 'empty file', content: () => Buffer.alloc(0), contentType: 'application/pdf' },
  {
    name: 'file over 10 MB',
    content: () => Buffer.concat([SAMPLE_FILES.pdf(), Buffer.alloc(10 * MEGABYTE + 1, 0x20)]),
    contentType: 'application/pdf',
  },
);

/** Multipart bodies that must be refused: a file in the wrong field, none, a refused file, a broken form. */
function multipartDefects(
  schema: JsonSchema,
): fc.Arbitrary<{ name: string; payload: Buffer | string; contentType: string }>[] {
  const textFields = Object.entries(schema.properties ?? {}).filter(([k]) => k !== 'file');
  const fieldsArb = fc.record(
    Object.fromEntries(
      textFields.map(([k, s]) => [
        k,
        s.enum ? fc.constantFrom(...(s.enum as string[])) : fc.oneof(hostileText, anyText(20)),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const build = (fields: Record<string, string>, file?: Parameters<typeof multipartBody>[1]) => {
    const { payload, headers } = multipartBody(fields, file);
    return { payload, contentType: headers['content-type'] };
  };
  const out = [
    fc
      .tuple(fieldsArb, fc.constantFrom('upload', 'files[]', 'File', 'file ', ''), hostileFileName)
      .map(([fields, field, fileName]) => ({
        name: `file in field ${JSON.stringify(field)}`,
        ...build(fields, { fileName, content: SAMPLE_FILES.pdf(), contentType: 'application/pdf', field }),
      })),
    fieldsArb.map((fields) => ({ name: 'no file', ...build(fields) })),
    fc.tuple(fieldsArb, refusedFiles, hostileFileName).map(([fields, file, fileName]) => ({
      name: `refused file: ${file.name}`,
      ...build(fields, { fileName, content: file.content(), contentType: file.contentType }),
    })),
    fc.tuple(fieldsArb, hostileFileName).map(([fields, fileName]) => {
      const { payload, contentType } = build(fields, {
        fileName,
        content: SAMPLE_FILES.pdf(),
        contentType: 'application/pdf',
      });
      return {
        name: 'multipart body cut short',
        payload: payload.subarray(0, Math.floor(payload.length / 2)),
        contentType,
      };
    }),
    fc.tuple(fieldsArb, hostileFileName).map(([fields, fileName]) => {
      const { payload } = build(fields, {
        fileName,
        content: SAMPLE_FILES.pdf(),
        contentType: 'application/pdf',
      });
      return {
        name: 'multipart with a boundary that is not in the body',
        payload,
        contentType: 'multipart/form-data; boundary=nope',
      };
    }),
    fc.constant({
      name: 'multipart without a boundary',
      payload: '--x\r\n\r\n--x--',
      contentType: 'multipart/form-data',
    }),
    fc.constant({
      name: 'JSON instead of a form',
      payload: '{"file":"JVBERi0xLjQ="}',
      contentType: 'application/json',
    }),
  ];
  for (const [key, s] of textFields) {
    out.push(
      fc
        .tuple(fieldsArb, fc.constantFrom(...(s.enum ? ['NOT_IN_THE_LIST', 'a\u0000b'] : ['a\u0000b'])))
        .map(([fields, value]) => ({
          name: `refused form field ${key}: ${JSON.stringify(value)}`,
          ...build(
            { ...fields, [key]: value },
            { fileName: 'doc.pdf', content: SAMPLE_FILES.pdf(), contentType: 'application/pdf' },
          ),
        })),
    );
    if (schema.required?.includes(key)) {
      out.push(
        fieldsArb.map((fields) => {
          const { [key]: _omitted, ...rest } = fields;
          return {
            name: `form without ${key}`,
            ...build(rest, {
              fileName: 'doc.pdf',
              content: SAMPLE_FILES.pdf(),
              contentType: 'application/pdf',
            }),
          };
        }),
      );
    }
  }
  return out;
}

/** Body-level defects of any request that may carry a body: none of them can be parsed into a valid one. */
function transportDefects(
  op: Operation,
): fc.Arbitrary<Pick<Draft, 'payload' | 'contentType'> & { name: string }>[] {
  const objectBody = op.body?.contentType === 'application/json' && op.body.required;
  const out: fc.Arbitrary<Pick<Draft, 'payload' | 'contentType'> & { name: string }>[] = [
    fc.constantFrom(...MALFORMED_JSON).map((payload) => ({
      name: `malformed JSON ${JSON.stringify(payload)}`,
      payload,
      contentType: 'application/json',
    })),
    fc
      .constantFrom(...WRONG_CONTENT_TYPES)
      .map((contentType) => ({ name: `content type ${contentType}`, payload: '<a>1</a>', contentType })),
    fc.constant({
      name: 'JSON body over 1 MB',
      payload: JSON.stringify({ note: 'x'.repeat(MEGABYTE + 10) }),
      contentType: 'application/json',
    }),
    fc.constant({ name: 'empty JSON body', payload: '', contentType: 'application/json' }),
  ];
  if (objectBody) {
    out.push(
      fc.constantFrom('[]', '"text"', '42', 'null', 'true', '[{"a":1}]').map((payload) => ({
        name: `JSON ${payload} instead of an object`,
        payload,
        contentType: 'application/json',
      })),
      fc.constant({ name: 'no body', payload: undefined, contentType: undefined }),
      fc.constantFrom('text/plain', 'multipart/form-data; boundary=x').map((contentType) => ({
        name: `JSON object sent as ${contentType}`,
        payload: '{}',
        contentType,
      })),
    );
  }
  return out;
}

function summarise(op: Operation, draft: Draft, url: string): string {
  const body =
    draft.payload === undefined
      ? ''
      : typeof draft.payload === 'string'
        ? draft.payload
        : draft.payload.toString('latin1');
  const cut = body.length > 300 ? `${body.slice(0, 300)}… (${body.length} bytes)` : body;
  return `${op.method} ${url.length > 300 ? `${url.slice(0, 300)}…` : url} as ${draft.principal}${draft.contentType ? ` [${draft.contentType}]` : ''} ${cut}`;
}

function toRequest(op: Operation, world: FuzzWorld, draft: Draft, defect: string | null): HostileRequest {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => draft.path[name] ?? '');
  const url = draft.query.length ? `${path}?${draft.query.join('&')}` : path;
  const token = draft.principal in world.tokens ? world.tokens[draft.principal]! : badToken(draft.principal);
  const headers: Record<string, string> = { ...draft.headers };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (draft.contentType) headers['content-type'] = draft.contentType;
  return {
    principal: draft.principal,
    defect,
    describe: `${defect ? `[${defect}] ` : ''}${summarise(op, draft, url)}`,
    inject: {
      method: op.method,
      url,
      headers,
      ...(draft.payload === undefined ? {} : { payload: draft.payload }),
    },
  };
}

/**
 * Requests for one operation. Where `mustRefuse`, each carries at least one defect the server must refuse
 * (its name is the request's `defect`); otherwise the requests are boundary and hostile values any of which
 * may be valid.
 */
export function hostileRequests(
  op: Operation,
  world: FuzzWorld,
  mustRefuse: boolean,
): fc.Arbitrary<HostileRequest> {
  const principals = [...Object.keys(world.tokens), ...PRINCIPAL_DEFECTS];
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const jsonSchema = op.body?.contentType === 'application/json' ? op.body.schema : null;
  const base = fc.record({
    principal: fc.constantFrom(...principals),
    path: fc.record(
      Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p, op, world)])),
    ) as fc.Arbitrary<Record<string, string>>,
    query: queryArb(op, world, mustRefuse),
    headers: fc.record(
      Object.fromEntries(
        headerParams.map((p) => [
          p.name,
          fc.oneof(fc.stringMatching(/^[\x20-\x7e]{0,200}$/), fc.constant('x'.repeat(4000))),
        ]),
      ),
    ) as fc.Arbitrary<Record<string, string>>,
    body: jsonSchema ? fitting(jsonSchema, world.ids) : fc.constant(undefined),
  });
  const withJson = (draft: Omit<Draft, 'payload' | 'contentType'>, body: unknown): Draft =>
    body === undefined ? draft : { ...draft, payload: JSON.stringify(body), contentType: 'application/json' };

  if (!mustRefuse) {
    return base.map(({ body, ...rest }) => toRequest(op, world, withJson(rest, body), null));
  }

  type Change = { name: string; change: (draft: Draft, body: unknown) => Draft };
  const changes: fc.Arbitrary<Change>[] = [];
  if (op.secured) {
    changes.push(
      fc.constantFrom(...PRINCIPAL_DEFECTS).map((principal) => ({
        name: `signed in as ${principal}`,
        change: (d, body) => withJson({ ...d, principal }, body),
      })),
    );
  }
  for (const param of pathParams) {
    const { pattern, enum: values, format, type } = param.schema;
    if (pattern || values || format === 'uuid' || type === 'integer' || /token/i.test(param.name)) {
      changes.push(
        refusedPathValue(param).map((value) => ({
          name: `path ${param.name} = ${value.slice(0, 60)}`,
          change: (d, body) => withJson({ ...d, path: { ...d.path, [param.name]: value } }, body),
        })),
      );
    }
    if (format === 'uuid') {
      // A well-formed id of no row passes validation, so the body's boundary values reach the service,
      // which must answer 404 (a fresh random uuid names nothing).
      changes.push(
        uuidArb.map((value) => ({
          name: `path ${param.name} names no row`,
          change: (d, body) => withJson({ ...d, path: { ...d.path, [param.name]: value } }, body),
        })),
      );
    }
  }
  const nulQuery = fc.constantFrom(
    'q',
    'page',
    'note',
    '__proto__',
    ...op.parameters.filter((p) => p.in === 'query').map((p) => p.name),
  );
  changes.push(
    nulQuery.map((key) => ({
      name: `NUL in query ${key}`,
      change: (d, body) => withJson({ ...d, query: [...d.query, encodePair(key, 'a\u0000b', false)] }, body),
    })),
  );
  for (const param of op.parameters.filter((p) => p.in === 'query')) {
    if (param.required) {
      changes.push(
        fc.constant({
          name: `query without ${param.name}`,
          change: (d, body) =>
            withJson(
              {
                ...d,
                query: d.query.filter(
                  (pair) => !pair.startsWith(`${encode(param.name)}=`) && !pair.startsWith(`${param.name}=`),
                ),
              },
              body,
            ),
        }),
      );
    }
    for (const values of refusedQueryValues(param.schema)) {
      changes.push(
        values.map((v) => ({
          name: `query ${param.name} = ${preview(v)}`,
          change: (d, body) =>
            withJson(
              {
                ...d,
                query: [
                  ...d.query.filter(
                    (pair) =>
                      !pair.startsWith(`${encode(param.name)}=`) && !pair.startsWith(`${param.name}=`),
                  ),
                  encodePair(param.name, String(v), false),
                ],
              },
              body,
            ),
        })),
      );
    }
  }
  if (op.method !== 'GET') {
    for (const transport of transportDefects(op)) {
      changes.push(
        transport.map(({ name, payload, contentType }) => ({
          name,
          change: (d) => ({ ...d, payload, contentType }),
        })),
      );
    }
  }
  if (jsonSchema) {
    for (const defect of bodyDefects(jsonSchema)) {
      changes.push(
        defect.map(({ name, apply }) => ({
          name,
          change: (d, body) =>
            withJson(
              d,
              apply(
                body !== null && typeof body === 'object' && !Array.isArray(body)
                  ? (body as Record<string, unknown>)
                  : {},
              ),
            ),
        })),
      );
    }
  }
  if (op.body?.contentType === 'multipart/form-data') {
    for (const defect of multipartDefects(op.body.schema)) {
      changes.push(
        defect.map(({ name, payload, contentType }) => ({
          name,
          change: (d) => ({ ...d, payload, contentType }),
        })),
      );
    }
  }
  return fc
    .tuple(base, fc.oneof(...changes))
    .map(([{ body, ...rest }, { name, change }]) => toRequest(op, world, change(rest, body), name));
}
