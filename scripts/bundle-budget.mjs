// The JavaScript budget of the public tracking page: everything /tripprogress/{id} loads (apps/web/dist/track.html,
// its scripts, modulepreloads and every chunk they import), gzipped at level 9, must stay within 120 KB and
// carry neither zod nor Mantine. Run after `npm run build`; exits 1 when the budget is broken.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_BYTES = 120 * 1024;
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const entryHtml = path.join(distDir, 'track.html');
const manifestFile = path.join(distDir, '.vite', 'manifest.json');

/** Signs of the signed-in app's libraries, which the light entry must never pull in. */
const FORBIDDEN = [
  { name: 'zod', pattern: /\bzod\b|_zod\b|\$Zod|ZodError/i },
  { name: '@mantine', pattern: /@mantine|\bmantine-/i },
];

if (!fs.existsSync(entryHtml)) {
  console.error(`${path.relative(process.cwd(), entryHtml)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

/** dist-relative path of a URL the HTML or a chunk refers to. */
function distPath(url, fromFile = null) {
  const clean = url.split(/[?#]/)[0];
  if (clean.startsWith('/')) return clean.slice(1);
  const base = fromFile ? path.posix.dirname(fromFile) : '';
  return path.posix.normalize(path.posix.join(base, clean));
}

const html = fs.readFileSync(entryHtml, 'utf8');
const roots = new Set();
for (const tag of html.match(/<(?:script|link)\b[^>]*>/gi) ?? []) {
  const attr = (name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  if (tag.toLowerCase().startsWith('<script')) {
    const src = attr('src');
    if (src) roots.add(distPath(src));
  } else if (attr('rel')?.toLowerCase() === 'modulepreload') {
    const href = attr('href');
    if (href) roots.add(distPath(href));
  }
}
if (roots.size === 0) {
  console.error('track.html references no script: the public entry is missing from the build.');
  process.exit(1);
}

// The manifest lists each chunk's static and dynamic imports; parsing the chunks as well catches any the
// manifest might not name (both are followed, the union is counted).
const byFile = new Map();
if (fs.existsSync(manifestFile)) {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  for (const chunk of Object.values(manifest)) byFile.set(chunk.file, chunk);
  for (const chunk of Object.values(manifest)) {
    chunk.importedFiles = [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]
      .map((key) => manifest[key]?.file)
      .filter(Boolean);
  }
}

const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+\.m?js)["']/g;
const files = new Set();
const queue = [...roots];
while (queue.length) {
  const file = queue.shift();
  if (files.has(file)) continue;
  const full = path.join(distDir, file);
  if (!fs.existsSync(full)) {
    console.error(`${file} is referenced but missing from the build.`);
    process.exit(1);
  }
  files.add(file);
  const code = fs.readFileSync(full, 'utf8');
  const imported = new Set(byFile.get(file)?.importedFiles ?? []);
  for (const match of code.matchAll(IMPORT_SPECIFIER)) imported.add(distPath(match[1], file));
  for (const next of imported) if (!files.has(next)) queue.push(next);
}

let total = 0;
const problems = [];
const rows = [...files].sort().map((file) => {
  const content = fs.readFileSync(path.join(distDir, file));
  const gzip = zlib.gzipSync(content, { level: 9 }).length;
  total += gzip;
  const text = content.toString('utf8');
  for (const { name, pattern } of FORBIDDEN) {
    if (pattern.test(text)) problems.push(`${file} contains ${name}`);
  }
  return { file, bytes: content.length, gzip };
});

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const width = Math.max(...rows.map((r) => r.file.length), 'total'.length);
console.info(`JavaScript loaded by /tripprogress/{id} (${path.relative(process.cwd(), entryHtml)}):`);
console.info(`${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip -9'.padStart(10)}`);
for (const r of rows) {
  console.info(`${r.file.padEnd(width)}  ${kb(r.bytes).padStart(10)}  ${kb(r.gzip).padStart(10)}`);
}
console.info(`${'total'.padEnd(width)}  ${''.padStart(10)}  ${kb(total).padStart(10)}`);
console.info(`budget ${kb(BUDGET_BYTES)} (${BUDGET_BYTES} bytes): ${total} bytes used`);

if (total > BUDGET_BYTES) {
  problems.push(`over budget by ${total - BUDGET_BYTES} bytes`);
}
if (problems.length) {
  for (const p of problems) console.error(`✗ ${p}`);
  process.exit(1);
}
console.info('✓ within budget, no zod, no Mantine');
