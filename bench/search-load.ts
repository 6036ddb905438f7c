/**
 * Child process: autocannon over the search bench's requests (search.ts), each request one of them drawn
 * at random, with its reader's token and a page size drawn from 1 to 100 so that the answer caches rarely
 * hold it. Prints how many answered, each answer's time, and how many failed (not 200, or no answer).
 * Usage: search-load.ts origin requestsFile connections seconds
 */
import fs from 'node:fs';
import autocannon from 'autocannon';

const [origin, requestsFile, connections, seconds] = process.argv.slice(2);
if (!origin || !requestsFile || !connections || !seconds) {
  throw new Error('usage: search-load.ts origin requestsFile connections seconds');
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
        const size = 1 + Math.floor(Math.random() * 100);
        return {
          ...request,
          path: `${pick.path}${pick.path.includes('?') ? '&' : '?'}size=${size}`,
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
