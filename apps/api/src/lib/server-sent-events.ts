/** Server-Sent Events (the HTML standard's text/event-stream), as every live stream of the API writes them. */

/** One event of the stream, as the wire carries it. */
export function eventFrame(event: string, data: string, id?: string): string {
  const lines = [`event: ${event}`];
  if (id !== undefined) lines.push(`id: ${oneLine(id)}`);
  // A data field cannot hold a line break: each line of the data goes on a data line of its own.
  for (const line of data.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  return `${lines.join('\n')}\n\n`;
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]/g, '');
}

export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // nginx buffers proxied answers by default, which would hold every event back.
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
  'x-content-type-options': 'nosniff',
};
