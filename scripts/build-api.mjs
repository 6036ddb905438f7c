// The API compiled for plain `node`: apps/api/src/server.ts bundled by esbuild into one ES module with the
// workspace's own packages (@freightlane/*) inside it, every other package left to node_modules, and the
// SQL migrations copied beside it, where the migrator looks for them (db/client.ts, MIGRATIONS_DIR).
//
//   node scripts/build-api.mjs [--out DIR]     (default apps/api/dist)
//
// scripts/build.mjs calls it only when the API's inputs changed.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules, createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_DIR = path.join(root, 'apps/api');
export const API_DIST = path.join(API_DIR, 'dist');
const WORKSPACE_SCOPE = '@freightlane/';

/** esbuild as apps/api declares it, wherever npm placed it; null when not installed (npm ci --omit=dev). */
export function resolveEsbuild() {
  try {
    return createRequire(path.join(API_DIR, 'package.json')).resolve('esbuild');
  } catch {
    return null;
  }
}

/** `pg` for `pg`, `@fastify/static` for `@fastify/static/lib/x`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Leaves third-party packages to node_modules and refuses one that apps/api does not list in its
 * `dependencies`: the bundle runs from apps/api, so a package found today only through a devDependency
 * or another workspace would be missing after `npm ci --omit=dev`.
 */
function thirdPartyExternal(dependencies) {
  const builtins = new Set(builtinModules);
  return {
    name: 'freightlane-third-party-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || builtins.has(packageName(args.path))) {
          return { external: true };
        }
        if (args.path.startsWith(WORKSPACE_SCOPE)) return undefined;
        const name = packageName(args.path);
        if (!dependencies.has(name)) {
          return {
            errors: [
              {
                text: `${name} is imported at run time by ${path.relative(root, args.importer)} but is not in the dependencies of apps/api/package.json`,
              },
            ],
          };
        }
        return { external: true };
      });
    },
  };
}

export async function buildApi(outDir = API_DIST) {
  const esbuildPath = resolveEsbuild();
  if (!esbuildPath) throw new Error('esbuild is not installed: run `npm ci` (with dev dependencies) first');
  const esbuild = await import(pathToFileURL(esbuildPath).href);
  const manifest = JSON.parse(fs.readFileSync(path.join(API_DIR, 'package.json'), 'utf8'));
  const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));

  fs.rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    // The embedded database's thread loads its own file (db/pglite-thread.ts starts it beside server.js);
    // the operator's command that makes platform administrators runs on its own (docs/deploy.md).
    entryPoints: {
      server: path.join(API_DIR, 'src/server.ts'),
      'pglite-worker': path.join(API_DIR, 'src/db/pglite-worker.ts'),
      'admin-cli': path.join(API_DIR, 'src/db/admin-cli.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    tsconfig: path.join(API_DIR, 'tsconfig.json'),
    // Stack traces in the logs point at the TypeScript (`node --enable-source-maps`), as under tsx.
    sourcemap: true,
    plugins: [thirdPartyExternal(dependencies)],
    logLevel: 'warning',
  });
  fs.cpSync(path.join(API_DIR, 'src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  // ESM wherever the folder is put: one under node_modules (the test's) has no package scope to say so.
  fs.writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const outDir = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : API_DIST;
  try {
    await buildApi(outDir);
    console.info(`API compiled into ${path.relative(process.cwd(), outDir) || '.'}`);
  } catch (err) {
    // esbuild has printed its errors already.
    if (!err.errors) console.error(err.message);
    process.exit(1);
  }
}
