/**
 * `npm run bench:quality`: writes docs/quality.md from bench/report.json (the last complete run's figures)
 * and bench/chaos-report.json (the last fault run's), without running either again.
 */
import path from 'node:path';
import { readBenchReport, writeQualityDoc } from './quality-doc';

const report = readBenchReport();
console.info(`Wrote ${path.relative(process.cwd(), writeQualityDoc(report))} from the run of ${report.at}`);
