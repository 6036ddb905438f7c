/**
 * The bench's one list of figures. Every number `npm run bench` judges or reports is a Figure; the table
 * it prints, the `figures` of bench/report.json and docs/quality.md are all made from that list, so they
 * cannot tell different stories.
 *
 * A judged figure has a target: its text as people read it ("≤ 50 ms"), the numeric bound and the
 * direction (`max`: the value may not exceed the bound; `min`: it may not fall below it), and `met`. A
 * figure only reported (a throughput beside a latency target, a figure whose target holds on PostgreSQL
 * only) has `target`, `bound` and `direction` null and `met` true, with `note` saying why when there is
 * a reason beyond "shown for context".
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import type { Figures } from './load';

export type Direction = 'max' | 'min';

export interface Figure {
  /** The scenario's name, as `npm run bench -- --only` takes it. */
  scenario: string;
  name: string;
  /** Null when the run could not measure it (then a judged figure is not met). */
  value: number | null;
  unit: string;
  /** The target as people read it, e.g. "≤ 50 ms"; null when the figure is only reported. */
  target: string | null;
  bound: number | null;
  direction: Direction | null;
  met: boolean;
  note?: string;
}

function judged(
  scenario: string,
  name: string,
  value: number | null,
  unit: string,
  direction: Direction,
  bound: number,
  note?: string,
): Figure {
  const met = value !== null && (direction === 'max' ? value <= bound : value >= bound);
  const target = `${direction === 'max' ? '≤' : '≥'} ${bound.toLocaleString('en-GB')}${unit ? ` ${unit}` : ''}`;
  return { scenario, name, value, unit, target, bound, direction, met, ...(note ? { note } : {}) };
}

/** A figure that may not exceed `bound`. */
export function atMost(
  scenario: string,
  name: string,
  value: number | null,
  unit: string,
  bound: number,
  note?: string,
): Figure {
  return judged(scenario, name, value, unit, 'max', bound, note);
}

/** A figure that may not fall below `bound`. */
export function atLeast(
  scenario: string,
  name: string,
  value: number | null,
  unit: string,
  bound: number,
  note?: string,
): Figure {
  return judged(scenario, name, value, unit, 'min', bound, note);
}

/** A figure shown without a target. */
export function reported(
  scenario: string,
  name: string,
  value: number | null,
  unit: string,
  note?: string,
): Figure {
  return {
    scenario,
    name,
    value,
    unit,
    target: null,
    bound: null,
    direction: null,
    met: true,
    ...(note ? { note } : {}),
  };
}

/** `figure` judged where its target applies (e.g. on PostgreSQL only); elsewhere reported, saying why. */
export function judgedWhen(applies: boolean, why: string, figure: Figure): Figure {
  return applies ? figure : reported(figure.scenario, figure.name, figure.value, figure.unit, why);
}

/**
 * The usual figures of one load: throughput and latencies (judged where `targets` says so), and the
 * transport errors and non-2xx answers, each with a target of 0.
 */
export function loadFigures(
  scenario: string,
  label: string,
  f: Figures,
  targets: { p50Ms?: number | null; p99Ms?: number | null; requestsPerSecond?: number | null } = {},
): Figure[] {
  const prefix = label ? `${label} ` : '';
  const ms = (name: 'p50Ms' | 'p99Ms', text: string) => {
    const bound = targets[name];
    // A load nothing answered in time has no latency (autocannon says 0): never a met target.
    const value = f.requests > 0 ? f[name] : null;
    return bound === undefined || bound === null
      ? reported(scenario, `${prefix}${text}`, value, 'ms')
      : atMost(scenario, `${prefix}${text}`, value, 'ms', bound);
  };
  return [
    targets.requestsPerSecond === undefined || targets.requestsPerSecond === null
      ? reported(scenario, `${prefix}throughput`, f.requestsPerSecond, 'req/s')
      : atLeast(scenario, `${prefix}throughput`, f.requestsPerSecond, 'req/s', targets.requestsPerSecond),
    ms('p50Ms', 'p50'),
    ms('p99Ms', 'p99'),
    atMost(scenario, `${prefix}errors (connection, timeout)`, f.errors, '', 0),
    atMost(scenario, `${prefix}non-2xx answers`, f.non2xx, '', 0),
  ];
}

function shown(value: number | null): string {
  if (value === null) return '—';
  return Number.isInteger(value) ? value.toLocaleString('en-GB') : String(value);
}

/** One row per figure, as printed and as docs/quality.md lists them. */
export function figureRow(f: Figure): {
  scenario: string;
  figure: string;
  value: string;
  target: string;
  met: string;
} {
  return {
    scenario: f.scenario,
    figure: f.name,
    value: `${shown(f.value)}${f.unit && f.value !== null ? ` ${f.unit}` : ''}`,
    target: f.target ?? (f.note ? `(${f.note})` : '—'),
    met: f.target === null ? '' : f.met ? 'yes' : 'NO',
  };
}

/** Prints the figures as one table; the FAIL lines after it name each missed target. */
export function printFigures(figures: readonly Figure[]): void {
  console.table(figures.map(figureRow));
  for (const f of figures) {
    if (!f.met) console.info(`FAIL ${f.scenario}: ${f.name} ${figureRow(f).value} (target ${f.target})`);
  }
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  /**
   * The 1-minute load average when the run began and when it ended: on a machine shared with other work
   * (a load above the cores), every figure is slower than the machine alone would give.
   */
  loadAverage?: { atStart: number; atEnd: number };
}

/** This machine; `loadAtStart` is os.loadavg()[0] when the run began. */
export function machine(loadAtStart?: number): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: +(os.totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    ...(loadAtStart === undefined
      ? {}
      : { loadAverage: { atStart: +loadAtStart.toFixed(2), atEnd: +os.loadavg()[0]!.toFixed(2) } }),
  };
}

export interface DatabaseInfo {
  kind: Database['kind'];
  version: string;
}

/** The database's kind and its server's version string. */
export async function databaseInfo(database: Database): Promise<DatabaseInfo> {
  const result = await database.db.execute(sql`SELECT version() AS version`);
  const version = (result as unknown as { rows: { version: string }[] }).rows[0]?.version ?? 'unknown';
  return { kind: database.kind, version };
}
