/**
 * Child process: autocannon against `origin + pathPrefix + <random id>`, a fresh id for every request,
 * printing autocannon's JSON result. Usage: random-path-load.ts origin pathPrefix idsFile connections seconds
 *
 * setupRequest is autocannon's documented hook for changing each request before it is sent; no
 * pipelining, so every connection waits for its answer as a browser would.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';

const [origin, pathPrefix, idsFile, connections, seconds] = process.argv.slice(2);
if (!origin || pathPrefix === undefined || !idsFile || !connections || !seconds) {
  throw new Error('usage: random-path-load.ts origin pathPrefix idsFile connections seconds');
}
const ids = JSON.parse(fs.readFileSync(idsFile, 'utf8')) as string[];
if (ids.length === 0) throw new Error('No ids to load');

const result = await autocannon({
  url: origin,
  connections: Number(connections),
  duration: Number(seconds),
  pipelining: 1,
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: pathPrefix + ids[Math.floor(Math.random() * ids.length)]!,
      }),
    },
  ],
});
process.stdout.write(JSON.stringify(result));
