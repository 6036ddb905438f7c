/** One event of a Server-Sent Events stream: its type ('message' when unnamed) and its data. */
export interface SseEvent {
  event: string;
  data: string;
}

export interface SseParser {
  /** Reads the next piece of the stream and returns the events it completed. */
  push(chunk: string): SseEvent[];
}

/**
 * Reads a Server-Sent Events stream as the HTML standard does (the parts the API sends): lines end in
 * LF, CR or CRLF, which may fall on either side of a chunk boundary; `event:` names the event, each
 * `data:` line adds a line to its data, a blank line dispatches it, and lines starting with a colon are
 * comments (the server's heartbeats). `id:` and `retry:` are ignored: reconnecting is the caller's.
 */
export function createSseParser(): SseParser {
  let buffer = '';
  let eventType = '';
  let dataLines: string[] = [];
  // A chunk ending in CR may be the first half of a CRLF: the LF opening the next chunk is not a line.
  let skipLeadingLf = false;

  function processLine(line: string, out: SseEvent[]) {
    if (line === '') {
      if (dataLines.length > 0) out.push({ event: eventType || 'message', data: dataLines.join('\n') });
      eventType = '';
      dataLines = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') dataLines.push(value);
  }

  return {
    push(chunk) {
      let text = chunk;
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      const out: SseEvent[] = [];
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        processLine(buffer.slice(start, i), out);
        if (char === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i += 1;
          } else {
            skipLeadingLf = true;
          }
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
  };
}
