/**
 * Child process: phones of many drivers sending positions in the OsmAnd protocol (the Traccar Client
 * app's), each request one position of a driver drawn at random, stamped with the time it is sent.
 * Prints autocannon's JSON result. Usage: position-ingest-load.ts origin drivers connections seconds
 */
import autocannon from 'autocannon';
import { benchDriverToken, benchTruckPoint } from './seed-fleet';

const [origin, drivers, connections, seconds] = process.argv.slice(2);
if (!origin || !drivers || !connections || !seconds) {
  throw new Error('usage: position-ingest-load.ts origin drivers connections seconds');
}
const tokens = Array.from({ length: Number(drivers) }, (_, i) => benchDriverToken(i));

const result = await autocannon({
  url: origin,
  connections: Number(connections),
  duration: Number(seconds),
  pipelining: 1,
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => {
        const n = Math.floor(Math.random() * tokens.length);
        // Each truck where its history ends, a few metres on: the trucks move on without changing LGA
        // (as most positions do), so the load is the ingest itself.
        const at = benchTruckPoint(n, 1);
        const lat = (at.latitude + Math.random() * 0.0003).toFixed(6);
        const lon = (at.longitude + Math.random() * 0.0003).toFixed(6);
        const query = `id=${tokens[n]}&lat=${lat}&lon=${lon}&timestamp=${new Date().toISOString()}&speed=30&bearing=35&accuracy=10&batt=80`;
        return { ...request, path: `/api/v1/driver/osmand?${query}` };
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
