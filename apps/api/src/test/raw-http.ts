import net from 'node:net';

/**
 * HTTP written byte for byte to a socket, for tests of what happens below the routes (node's parser, the
 * public fast lane): no client library tidies the request line or the headers first.
 */

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** How long the server may take to answer and close before the request counts as hung. */
const PATIENCE_MS = 5_000;

/** The body of a chunked answer, joined. */
function dechunk(raw: string): string {
  let out = '';
  let rest = raw;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!(size > 0)) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/**
 * Sends `request` as it is on a new connection (it should say `Connection: close`) and reads the answer
 * until the server closes the connection. Rejects on a reset, a hang, no HTTP answer, or bytes after the
 * answer's own length (a second answer on the connection). `head`: the request was a HEAD, whose answer
 * gives a length but no body.
 */
export function sendRaw(port: number, request: string | Buffer, { head = false } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${PATIENCE_MS} ms`));
    }, PATIENCE_MS);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`the connection failed: ${error.message}`));
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      const match = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      if (headEnd < 0 || !match) {
        reject(
          new Error(`no HTTP answer before the connection closed: ${JSON.stringify(text.slice(0, 200))}`),
        );
        return;
      }
      const headers: Record<string, string> = {};
      for (const line of text.slice(0, headEnd).split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const rest = text.slice(headEnd + 4);
      // A HEAD's answer (and a 304) gives a length but sends no body; the refusal of a request the parser
      // could not read sends its body whatever the method was.
      const status = Number(match[1]);
      const length = headers['content-length'];
      const bodiless = (head || status === 304) && rest === '';
      if (length !== undefined && !bodiless && Number(length) !== Buffer.byteLength(rest, 'latin1')) {
        const after = rest.slice(Number(length)).slice(0, 200);
        reject(new Error(`the answer is followed by ${JSON.stringify(after)}`));
        return;
      }
      const body = headers['transfer-encoding'] === 'chunked' ? dechunk(rest) : rest;
      resolve({ status, headers, body: Buffer.from(body, 'latin1').toString('utf8') });
    });
    socket.write(request);
  });
}
