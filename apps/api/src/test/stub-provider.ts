import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in does with one request: answer with a status and JSON body, or hang up. */
export type StubReply = 'hang-up' | { status: number; body: unknown };

export interface StubProvider {
  /** Its address, without a trailing slash. */
  url: string;
  /** The replies to the next requests, in order; when empty, `fallback` answers. */
  replies: StubReply[];
  /** Every request it took: path, headers and JSON body (null when none). */
  requests: { url: string; headers: http.IncomingHttpHeaders; body: unknown }[];
  close(): Promise<void>;
}

/**
 * A messaging provider's stand-in on a local port, for tests of a client and a send job against answers a
 * simulator does not give: refusals, outages, hang-ups. `fallback(n)` answers the n-th request (from 1)
 * when no reply is queued.
 */
export async function stubProvider(
  fallback: (n: number) => { status: number; body: unknown },
): Promise<StubProvider> {
  const stub: Omit<StubProvider, 'url' | 'close'> = { replies: [], requests: [] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      stub.requests.push({ url: req.url ?? '', headers: req.headers, body });
      const reply = stub.replies.shift() ?? fallback(stub.requests.length);
      if (reply === 'hang-up') {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(stub, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
