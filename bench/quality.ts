/**
 * `npm run bench:quality`: writes docs/quality.md from bench/report.json, the last complete run's
 * figures, without running the bench again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeQualityDoc, type QualityReport } from './quality-doc';

const file = path.join(import.meta.dirname, 'report.json');
const report = JSON.parse(fs.readFileSync(file, 'utf8')) as QualityReport & { partial?: boolean };
if (!Array.isArray(report.figures)) {
  throw new Error(`${file} holds no figure list: it predates them; run \`npm run bench\` to make a new one`);
}
if (report.partial) throw new Error(`${file} is from a partial run; run every scenario to make it`);
console.info(`Wrote ${path.relative(process.cwd(), writeQualityDoc(report))} from the run of ${report.at}`);
