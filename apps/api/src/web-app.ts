import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { shareIdFromPath, trackingIdFromUrl } from '@freightlane/domain/public-tracking';

const TRACKING_PREFIX = '/tripprogress';
const ONGOING_PREFIX = '/ongoingtripprogress';
const DRIVER_PREFIX = '/driver';
const COMPRESSED_SIBLINGS = /\.(?:js|css|html|svg)$/;

function isAtOrBelow(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The public pages are the light entry (track.html), not the signed-in app. */
export function isPublicPagePath(pathname: string): boolean {
  return (
    isAtOrBelow(pathname, TRACKING_PREFIX) ||
    isAtOrBelow(pathname, ONGOING_PREFIX) ||
    isAtOrBelow(pathname, DRIVER_PREFIX)
  );
}

function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * The JSON the public page at `pathname` will fetch first, or null when the page will not fetch (the
 * five-part rule fails, or the id is not valid percent-encoding). It must be the very URL the page
 * builds (apps/web/src/public/public-api.ts) for the browser to reuse the preloaded answer.
 */
export function publicDocumentUrl(pathname: string): string | null {
  try {
    if (isAtOrBelow(pathname, TRACKING_PREFIX)) {
      // The page applies the rule to origin + path; any origin has three parts, so one stands in for all.
      const id = trackingIdFromUrl(`http://localhost${pathname}`);
      return id === null ? null : `/api/v1/trips/open-access/${encodeURIComponent(id)}`;
    }
    if (isAtOrBelow(pathname, ONGOING_PREFIX) && pathname.split('/').length === 3) {
      const id = shareIdFromPath(pathname);
      return id === null ? null : `/api/v1/trips/open-access/ongoing/${encodeURIComponent(id)}`;
    }
  } catch {
    // decodeURIComponent refused a malformed escape: the page shows the not-found state without a fetch.
  }
  return null;
}

/** track.html with a preload of the page's first fetch, so it starts with the HTML, not after the script. */
export function withDocumentPreload(html: string, documentUrl: string | null): string {
  if (!documentUrl) return html;
  const link = `<link rel="preload" as="fetch" href="${escapeAttribute(documentUrl)}" crossorigin="anonymous">`;
  return html.replace(/<head>/i, `<head>\n    ${link}`);
}

/**
 * The driver's page is installable (decision 013): it names its web app manifest, which starts the app
 * at /driver/, where the page goes back to the last link opened on the phone.
 */
export function withDriverApp(html: string, pathname: string): string {
  if (!isAtOrBelow(pathname, DRIVER_PREFIX)) return html;
  const links =
    '<link rel="manifest" href="/driver/manifest.webmanifest">\n    ' +
    '<link rel="apple-touch-icon" href="/driver/icon-192.png">';
  return html.replace(/<\/head>/i, `  ${links}\n  </head>`);
}

type ContentEncoding = 'br' | 'gzip';

/** The encoding the client prefers among brotli and gzip (their q-values; brotli on a tie), or none. */
export function acceptedEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/**
 * The public page, compressed for the client. It differs per id, so it is compressed per request; it is
 * about a kilobyte, which takes microseconds at these levels.
 */
function sendPublicPage(request: FastifyRequest, reply: FastifyReply, html: string, pathname: string) {
  const page = Buffer.from(withDriverApp(withDocumentPreload(html, publicDocumentUrl(pathname)), pathname));
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  reply
    .status(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding');
  if (encoding === 'br') {
    const body = zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (encoding === 'gzip') {
    return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(page, { level: 6 }));
  }
  return reply.send(page);
}

/**
 * The built web app on the same origin. The public pages get the light entry with their first fetch
 * preloaded; any other non-API path gets the signed-in app's index.html so client routes work. Files go
 * out as the .br or .gz the build wrote beside them when the client accepts it.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const trackFile = path.join(distDir, 'track.html');
  const hasWeb = fs.existsSync(indexFile);
  const publicPage = hasWeb && fs.existsSync(trackFile) ? fs.readFileSync(trackFile, 'utf8') : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // send's own max-age=0 would override the cache-control written below.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; the HTML must always be fresh.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        // The same URL answers brotli, gzip or plain bytes: caches must keep them apart.
        if (COMPRESSED_SIBLINGS.test(filePath.replace(/\.(?:br|gz)$/, ''))) {
          res.setHeader('vary', 'Accept-Encoding');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // HEAD answers as GET does, without the body (uptime monitors check pages with HEAD).
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (url.startsWith('/api/') || url === '/api' || !reading) {
      return reply
        .status(404)
        .send({ message: `No such API route: ${request.method} ${url}`, code: 'NOT_FOUND' });
    }
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built yet. Run `npm run build` (npm start does this for you).');
    }
    if (publicPage && isPublicPagePath(url)) return sendPublicPage(request, reply, publicPage, url);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
