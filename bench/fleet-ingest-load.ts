/**
 * Child process: a national fleet's drivers' phones reporting in the OsmAnd protocol at a fixed rate
 * (open loop: autocannon's overallRate, whatever the answers take), each truck in turn, so every truck
 * reports once per `trucks / rate` seconds as a phone set to that interval does. Each position is stamped
 * with the time it is sent. Prints autocannon's JSON result with how many answers said the position was
 * stored. Usage: fleet-ingest-load.ts origin trucks rate connections seconds accuracy (the accuracy each
 * position carries marks this load's positions in the database).
 */
import autocannon from 'autocannon';
import { benchDriverToken, benchTruckPoint } from './seed-fleet';

const [origin, trucks, rate, connections, seconds, accuracy] = process.argv.slice(2);
if (!origin || !trucks || !rate || !connections || !seconds || !accuracy) {
  throw new Error('usage: fleet-ingest-load.ts origin trucks rate connections seconds accuracy');
}
const count = Number(trucks);
const tokens = Array.from({ length: count }, (_, i) => benchDriverToken(i));
let next = 0;
let stored = 0;
let notStored = 0;

const result = await autocannon({
  url: origin,
  connections: Number(connections),
  duration: Number(seconds),
  overallRate: Number(rate),
  pipelining: 1,
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => {
        const n = next++ % count;
        const at = benchTruckPoint(n, 1);
        const lat = (at.latitude + Math.random() * 0.0003).toFixed(6);
        const lon = (at.longitude + Math.random() * 0.0003).toFixed(6);
        const query = `id=${tokens[n]}&lat=${lat}&lon=${lon}&timestamp=${new Date().toISOString()}&speed=30&bearing=35&accuracy=${accuracy}&batt=80`;
        return { ...request, path: `/api/v1/driver/osmand?${query}` };
      },
      onResponse: (status, body) => {
        if (status !== 200) return;
        if ((JSON.parse(body) as { stored?: number }).stored === 1) stored += 1;
        else notStored += 1;
      },
    },
  ],
});
process.stdout.write(JSON.stringify({ ...result, stored, notStored }));
