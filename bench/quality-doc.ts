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
  chaos: SideReport | null = readSideReport(CHAOS_REPORT),
  restore: SideReport | null = readSideReport(RESTORE_REPORT),
): string {
  const m = report.machine;
  const judged = report.figures.filter((f) => f.target !== null);
  const missed = judged.filter((f) => !f.met);
  const lines = [
    '# Quality figures',
    '',
    'Made by `npm run bench` from the figures of its last complete run (`bench/report.json`), by',
    '`npm run chaos` from its last fault run (`bench/chaos-report.json`), and by `npm run restore-drill`',
    'from its last drill on the bench database (`bench/restore-report.json`); regenerate it from those',
    'reports with `npm run bench:quality`. Do not edit by hand.',
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
    lines.push(
      ...sideSection(
        'Faults (`npm run chaos`)',
        'From `bench/chaos-report.json`, the last fault run: PostgreSQL stopped under load, SIGTERM under load,\na background job killed halfway. Its own run and machine:',
        chaos,
      ),
    );
  }
  if (restore) {
    lines.push(
      ...sideSection(
        'Restore (`npm run restore-drill` with `DRILL_SOURCE_URL`)',
        "From `bench/restore-report.json`, the last drill on the bench database: `pg_dump -Fc`, `pg_restore -j 2`\ninto a fresh server, every table's row count compared, the app started on the copy. Its own run and machine:",
        restore,
      ),
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

/** A run that reports apart from the bench (`npm run chaos`, a restore drill): its figures, machine and time. */
export interface SideReport {
  generatedAt: string;
  machine: Machine;
  met: boolean;
  figures: Figure[];
}

export const CHAOS_REPORT = path.resolve(import.meta.dirname, 'chaos-report.json');
export const RESTORE_REPORT = path.resolve(import.meta.dirname, 'restore-report.json');

/** Writes a side run's report where qualityMarkdown reads it; `met` is false as well when the run failed. */
export function writeSideReport(
  file: string,
  run: { figures: Figure[]; machine: Machine; failed: boolean },
): boolean {
  const met = !run.failed && run.figures.every((f) => f.met);
  const report: SideReport = {
    generatedAt: new Date().toISOString(),
    machine: run.machine,
    met,
    figures: run.figures,
  };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return met;
}

/** A side run's last report, or null when it has not run in this checkout. */
export function readSideReport(file: string): SideReport | null {
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SideReport;
}

/** A side run's section: its own run, machine and targets, then its tables. */
function sideSection(title: string, intro: string, side: SideReport): string[] {
  const m = side.machine;
  const missed = side.figures.filter((f) => f.target !== null && !f.met);
  return [
    `## ${title}`,
    '',
    intro,
    '',
    `- Run: ${side.generatedAt}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB memory, Node ${m.node}, ${m.os}`,
    `- Targets: ${missed.length === 0 ? 'every one met' : `missed: ${missed.map((f) => `${f.scenario} ${f.name}`).join('; ')}`}`,
    '',
    ...figureTables(side.figures, '###'),
  ];
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
