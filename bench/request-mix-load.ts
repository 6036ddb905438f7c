/**
 * Child process: autocannon over a mix of signed-in requests (the search and cold-read scenarios), each
 * request one of them drawn at random, with its reader's token; `{size}` in a path becomes a page size
 * drawn from 1 to 100 and `{page}` a page from 0 to 49, so that the answer caches rarely hold the answer.
 * Prints how many answered, each answer's time, and how many failed (not 200, or no answer).
 * Usage: request-mix-load.ts origin requestsFile connections seconds
 */
import fs from 'node:fs';
import autocannon from 'autocannon';

const [origin, requestsFile, connections, seconds] = process.argv.slice(2);
if (!origin || !requestsFile || !connections || !seconds) {
  throw new Error('usage: request-mix-load.ts origin requestsFile connections seconds');
}
const requests = JSON.parse(fs.readFileSync(requestsFile, 'utf8')) as {
  path: string;
  authorization: string;
}[];
if (requests.length === 0) throw new Error('No requests to load');

const times: number[] = [];
let failed = 0;
const started = performance.now();
const result = await autocannon({
  url: origin,
  connections: Number(connections),
  duration: Number(seconds),
  pipelining: 1,
  // An answer slower than this counts as failed; the target is far below it.
  timeout: 10,
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => {
        const pick = requests[Math.floor(Math.random() * requests.length)]!;
        const path = pick.path
          .replace('{size}', String(1 + Math.floor(Math.random() * 100)))
          .replace('{page}', String(Math.floor(Math.random() * 50)));
        return {
          ...request,
          path,
          headers: { ...request.headers, authorization: pick.authorization, 'accept-encoding': 'gzip' },
        };
      },
      onResponse: (status) => {
        if (status !== 200) failed++;
      },
    },
  ],
  setupClient: (client) => {
    client.on('response', (_status: number, _bytes: number, responseTime: number) =>
      times.push(responseTime),
    );
  },
});
failed += result.errors + result.timeouts;
process.stdout.write(
  JSON.stringify({ requests: times.length, seconds: (performance.now() - started) / 1000, times, failed }),
);
