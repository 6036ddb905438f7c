/**
 * Child process: autocannon against `origin + pathPrefix + <random id>`, a fresh id for every request
 * (or against `origin + pathPrefix` itself when idsFile is "-"), printing autocannon's JSON result with
 * the latencies of the connections once open beside it (`connected`).
 * Usage: random-path-load.ts origin pathPrefix idsFile connections seconds [headersJson]
 *
 * setupRequest is autocannon's documented hook for changing each request before it is sent; no
 * pipelining, so every connection waits for its answer as a browser would.
 *
 * Each connection's first answer is told apart: all connections open in the same millisecond, and a
 * server whose event loop is busy accepts one new connection per turn of its loop (libuv since 1.45,
 * libuv/libuv#3696), so the hundredth first request waits a hundred turns for its connection to be
 * accepted, a queue real visitors, who arrive one at a time, never form.
 */
import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { connectedFigures } from './load';

const [origin, pathPrefix, idsFile, connections, seconds, headersJson] = process.argv.slice(2);
if (!origin || pathPrefix === undefined || !idsFile || !connections || !seconds) {
  throw new Error('usage: random-path-load.ts origin pathPrefix idsFile connections seconds [headersJson]');
}
const ids = idsFile === '-' ? null : (JSON.parse(fs.readFileSync(idsFile, 'utf8')) as string[]);
if (ids?.length === 0) throw new Error('No ids to load');
const headers = headersJson ? (JSON.parse(headersJson) as Record<string, string>) : {};

const opened = new WeakSet<object>();
const firstAnswers: number[] = [];
const later: number[] = [];
// Without a callback autocannon returns its instance, an event emitter that is also a promise of the result
// (its README); the types know only the promise.
const instance = autocannon({
  url: origin,
  connections: Number(connections),
  duration: Number(seconds),
  pipelining: 1,
  headers,
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: ids ? pathPrefix + ids[Math.floor(Math.random() * ids.length)]! : pathPrefix,
      }),
    },
  ],
}) as unknown as Promise<autocannon.Result> & EventEmitter;
instance.on('response', (client: object, _status: number, _bytes: number, responseTime: number) => {
  if (opened.has(client)) later.push(responseTime);
  else {
    opened.add(client);
    firstAnswers.push(responseTime);
  }
});
const result = await instance;
process.stdout.write(JSON.stringify({ ...result, connected: connectedFigures(firstAnswers, later) }));
