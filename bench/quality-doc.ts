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

export function qualityMarkdown(report: QualityReport): string {
  const m = report.machine;
  const judged = report.figures.filter((f) => f.target !== null);
  const missed = judged.filter((f) => !f.met);
  const lines = [
    '# Quality figures',
    '',
    'Made by `npm run bench` from the figures of its last complete run (`bench/report.json`); regenerate',
    'it from that report with `npm run bench:quality`. Do not edit by hand.',
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
  const scenarios = [...new Set(report.figures.map((f) => f.scenario))];
  for (const scenario of scenarios) {
    lines.push(`## ${scenario}`, '', '| Figure | Target | Value | Met |', '| --- | --- | --- | --- |');
    for (const f of report.figures.filter((x) => x.scenario === scenario)) {
      const row = figureRow(f);
      lines.push(`| ${cell(row.figure)} | ${cell(row.target)} | ${cell(row.value)} | ${row.met} |`);
    }
    lines.push('');
  }
  if (report.skipped.length > 0) {
    lines.push('## Skipped', '');
    for (const s of report.skipped) lines.push(`- ${s.scenario}: ${s.reason}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** Writes docs/quality.md from `report`; returns its path. */
export function writeQualityDoc(report: QualityReport): string {
  fs.writeFileSync(QUALITY_DOC, qualityMarkdown(report));
  return QUALITY_DOC;
}
