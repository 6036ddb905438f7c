// `npm run build` and the first half of `npm start`: builds the web app (Vite, into apps/web/dist) and the
// API (esbuild, into apps/api/dist), each only when its inputs changed since its last build. A build
// leaves a SHA-256 of its inputs (paths and contents, not times: a fresh clone or a copied image keeps
// them) in `.build-stamp` inside its output; the next run rebuilds only on a different hash or a
// missing output. `--force` rebuilds both.
//
// Without the build tools (`npm ci --omit=dev`, the container image) an up-to-date output is used as it
// is, and a stale or missing one stops here with what to do, rather than serving code its sources no
// longer say. An output whose sources are not there at all (an image that ships only dist) is used as is.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { API_DIR, API_DIST, buildApi, resolveEsbuild } from './build-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-stamp';
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

const WEB_DIR = path.join(root, 'apps/web');
const SHARED_INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/domain/package.json',
  'packages/domain/src',
  'scripts/build.mjs',
];

const targets = [
  {
    name: 'web',
    sources: path.join(WEB_DIR, 'src'),
    outDir: path.join(WEB_DIR, 'dist'),
    entry: 'index.html',
    inputs: [
      ...SHARED_INPUTS,
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      'apps/web/vite.config.ts',
      'apps/web/index.html',
      'apps/web/track.html',
      'apps/web/public',
      'apps/web/src',
    ],
    // Vite inlines VITE_* variables, and NODE_ENV=development (only that value) makes a development build.
    environment: () => [
      `development build: ${process.env.NODE_ENV === 'development'}`,
      ...Object.keys(process.env)
        .filter((name) => name.startsWith('VITE_'))
        .sort()
        .map((name) => `${name}=${process.env[name]}`),
    ],
    toolInstalled: () => resolvesFrom(WEB_DIR, 'vite/package.json'),
    build: () => {
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      const result = spawnSync(npm, ['run', 'build', '--silent', '-w', '@freightlane/web'], {
        cwd: root,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error('the web build failed');
    },
  },
  {
    name: 'api',
    sources: path.join(API_DIR, 'src'),
    outDir: API_DIST,
    entry: 'server.js',
    inputs: [
      ...SHARED_INPUTS,
      'apps/api/package.json',
      'apps/api/tsconfig.json',
      'apps/api/src',
      'scripts/build-api.mjs',
    ],
    environment: () => [],
    toolInstalled: () => resolveEsbuild() !== null,
    build: () => buildApi(API_DIST),
  },
];

function resolvesFrom(dir, specifier) {
  try {
    createRequire(path.join(dir, 'package.json')).resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

/** Every file at or below `relative` (a file or a folder; a missing one counts as empty), sorted. */
function filesOf(relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [relative];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !TEST_FILE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

function inputsHash(target) {
  const hash = crypto.createHash('sha256');
  for (const file of target.inputs.flatMap(filesOf)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const setting of target.environment()) hash.update(`env ${setting}\0`);
  return hash.digest('hex');
}

function readStamp(target) {
  try {
    return fs.readFileSync(path.join(target.outDir, STAMP), 'utf8').trim();
  } catch {
    return null;
  }
}

const force = process.argv.includes('--force');
const say = (target, text) => console.info(`build ${target.name}: ${text}`);

try {
  for (const target of targets) {
    const output = path.relative(root, target.outDir);
    const built = fs.existsSync(path.join(target.outDir, target.entry));
    if (built && !fs.existsSync(target.sources)) {
      say(target, `${output} is used as it is (no sources here to compare it with)`);
      continue;
    }
    const hash = inputsHash(target);
    if (!force && built && readStamp(target) === hash) {
      say(target, `${output} is up to date`);
      continue;
    }
    if (!target.toolInstalled()) {
      console.error(
        `build ${target.name}: ${output} is ${built ? 'out of date' : 'missing'} and the build tools are not installed` +
          ' (npm ci --omit=dev). Build before leaving out the dev dependencies: npm ci && npm run build && npm ci --omit=dev',
      );
      process.exit(1);
    }
    say(target, force ? 'building' : `building (${built ? 'its inputs changed' : 'no build yet'})`);
    const started = performance.now();
    // A build that stops halfway must not leave the previous stamp behind to vouch for it.
    fs.rmSync(path.join(target.outDir, STAMP), { force: true });
    await target.build();
    fs.writeFileSync(path.join(target.outDir, STAMP), `${hash}\n`);
    say(target, `built ${output} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} catch (err) {
  // The tool has printed its own errors.
  if (!err.errors) console.error(`build: ${err.message}`);
  process.exit(1);
}
