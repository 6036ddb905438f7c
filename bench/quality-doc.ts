/**
 * docs/quality.md, made from a bench report's figures: every figure with its target, its value and
 * whether it was met, and the machine and the date of the run. Nothing in it is written by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { figureRow, type DatabaseInfo, type Figure, type Machine } from './figures';

export interface QualityReport {
  at: string;
  machine: Machine;
  database: DatabaseInfo | null;
  met: boolean;
  figures: Figure[];
  skipped: { scenario: string; reason: string }[];
  mixedWrite?: { database: DatabaseInfo; throwawayServer?: boolean };
}

export const QUALITY_DOC = path.resolve(import.meta.dirname, '../docs/quality.md');

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function qualityMarkdown(
  report: QualityReport,
  chaos: ChaosReport | null = readChaosReport(),
): string {
  const m = report.machine;
  const judged = report.figures.filter((f) => f.target !== null);
  const missed = judged.filter((f) => !f.met);
  const lines = [
    '# Quality figures',
    '',
    'Made by `npm run bench` from the figures of its last complete run (`bench/report.json`), and by',
    '`npm run chaos` from its last fault run (`bench/chaos-report.json`); regenerate it from those reports',
    'with `npm run bench:quality`. Do not edit by hand.',
    '',
    `- Run: ${report.at}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB memory, Node ${m.node}, ${m.os}`,
    ...(m.loadAverage
      ? [
          `- Load average (1 min, ${m.cores} cores): ${m.loadAverage.atStart} when the run began, ${m.loadAverage.atEnd} when it ended${Math.max(m.loadAverage.atStart, m.loadAverage.atEnd) > m.cores ? ' (the machine was shared with other work: expect every figure slower than on a quiet machine)' : ''}`,
        ]
      : []),
    `- Database: ${report.database ? `${report.database.kind}, ${report.database.version}` : 'none opened'}`,
    ...(report.mixedWrite
      ? [
          `- Mixed write load: ${report.mixedWrite.database.version}${report.mixedWrite.throwawayServer ? ' (a throwaway server the bench started)' : ''}`,
        ]
      : []),
    `- Targets: ${judged.length - missed.length} of ${judged.length} met${missed.length > 0 ? `; missed: ${missed.map((f) => `${f.scenario} ${f.name}`).join('; ')}` : ''}`,
    '',
    'A target reads "≤ bound" (the value may not exceed it) or "≥ bound" (it may not fall below it). A',
    'figure without a target is reported for context; a note in brackets says when its target applies',
    'to another kind of run only.',
    '',
  ];
  lines.push(...figureTables(report.figures, '##'));
  if (report.skipped.length > 0) {
    lines.push('## Skipped', '');
    for (const s of report.skipped) lines.push(`- ${s.scenario}: ${s.reason}`);
    lines.push('');
  }
  if (chaos) {
    const cm = chaos.machine;
    const chaosMissed = chaos.figures.filter((f) => f.target !== null && !f.met);
    lines.push(
      '## Faults (`npm run chaos`)',
      '',
      'From `bench/chaos-report.json`, the last fault run: PostgreSQL stopped under load, SIGTERM under load,',
      'a background job killed halfway. Its own run and machine:',
      '',
      `- Run: ${chaos.generatedAt}`,
      `- Machine: ${cm.cpu}, ${cm.cores} cores, ${cm.memoryGb} GB memory, Node ${cm.node}, ${cm.os}`,
      `- Targets: ${chaosMissed.length === 0 ? 'every one met' : `missed: ${chaosMissed.map((f) => `${f.scenario} ${f.name}`).join('; ')}`}`,
      '',
      ...figureTables(chaos.figures, '###'),
    );
  }
  return lines.join('\n');
}

/** One table per scenario, in the order the figures came. */
function figureTables(figures: Figure[], heading: string): string[] {
  const lines: string[] = [];
  for (const scenario of new Set(figures.map((f) => f.scenario))) {
    lines.push(
      `${heading} ${scenario}`,
      '',
      '| Figure | Target | Value | Met |',
      '| --- | --- | --- | --- |',
    );
    for (const f of figures.filter((x) => x.scenario === scenario)) {
      const row = figureRow(f);
      lines.push(`| ${cell(row.figure)} | ${cell(row.target)} | ${cell(row.value)} | ${row.met} |`);
    }
    lines.push('');
  }
  return lines;
}

/** What `npm run chaos` writes: its figures, with the run's own machine and time. */
export interface ChaosReport {
  generatedAt: string;
  machine: Machine;
  met: boolean;
  figures: Figure[];
}

export const CHAOS_REPORT = path.resolve(import.meta.dirname, 'chaos-report.json');

/** The last fault run's report, or null when `npm run chaos` has not run in this checkout. */
export function readChaosReport(): ChaosReport | null {
  if (!fs.existsSync(CHAOS_REPORT)) return null;
  return JSON.parse(fs.readFileSync(CHAOS_REPORT, 'utf8')) as ChaosReport;
}

/** Writes docs/quality.md from `report`; returns its path. */
export function writeQualityDoc(report: QualityReport): string {
  fs.writeFileSync(QUALITY_DOC, qualityMarkdown(report));
  return QUALITY_DOC;
}

export const BENCH_REPORT = path.resolve(import.meta.dirname, 'report.json');

/** The last complete bench run's report; throws when there is none or it predates the figure list. */
export function readBenchReport(): QualityReport {
  const report = JSON.parse(fs.readFileSync(BENCH_REPORT, 'utf8')) as QualityReport & { partial?: boolean };
  if (!Array.isArray(report.figures)) {
    throw new Error(
      `${BENCH_REPORT} holds no figure list: it predates them; run \`npm run bench\` to make a new one`,
    );
  }
  if (report.partial) throw new Error(`${BENCH_REPORT} is from a partial run; run every scenario to make it`);
  return report;
}

/**
 * Writes docs/quality.md again from the reports as they are now (after a fault run); null, and nothing
 * written, when there is no complete bench report to make it from.
 */
export function refreshQualityDoc(): string | null {
  if (!fs.existsSync(BENCH_REPORT)) return null;
  return writeQualityDoc(readBenchReport());
}
