import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The public pages get their own light entry (track.html); every other path is the signed-in app. */
const PUBLIC_PAGE_PATH = /^\/(?:tripprogress|ongoingtripprogress|driver)(?:[/?#]|$)/;
/** The driver app's own files (public/driver/: worker, manifest, icons) are files, not the page. */
const DRIVER_APP_FILE = /^\/driver\/[^/?#]+\.[a-z]+(?:[?#]|$)/;

/** In development, answer the public pages with track.html, as the API does in production. */
function publicPagesInDev(): Plugin {
  return {
    name: 'freightlane-public-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && PUBLIC_PAGE_PATH.test(req.url) && !DRIVER_APP_FILE.test(req.url)) {
          req.url = '/track.html';
        }
        next();
      });
    },
  };
}

const COMPRESSIBLE = /\.(?:js|css|html|svg)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes .br and .gz beside every built text file once, at the highest levels, so the server sends them
 * as they are (@fastify/static preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'freightlane-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesBelow(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

// The API serves the built files from apps/web/dist on the same origin, so every call is /api/...
export default defineConfig({
  plugins: [react(), publicPagesInDev(), precompress()],
  build: {
    outDir: 'dist',
    // scripts/bundle-budget.mjs follows the public entry's imports through the manifest.
    manifest: true,
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        track: path.resolve(import.meta.dirname, 'track.html'),
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
