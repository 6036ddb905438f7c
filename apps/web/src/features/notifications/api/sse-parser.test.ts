import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

describe('the Server-Sent Events parser', () => {
  it('reads named events and unnamed ones as message', () => {
    const parser = createSseParser();
    expect(parser.push('event: unread\ndata: {"unreadCount":3}\n\ndata: hello\n\n')).toEqual([
      { event: 'unread', data: '{"unreadCount":3}' },
      { event: 'message', data: 'hello' },
    ]);
  });

  it('puts together an event split across chunks, even mid-field and mid-line', () => {
    const parser = createSseParser();
    expect(parser.push('eve')).toEqual([]);
    expect(parser.push('nt: unr')).toEqual([]);
    expect(parser.push('ead\ndata: {"unread')).toEqual([]);
    expect(parser.push('Count":7}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'unread', data: '{"unreadCount":7}' }]);
  });

  it('joins several data lines with a line break', () => {
    const parser = createSseParser();
    expect(parser.push('event: notification\ndata: {"a":\ndata: 1}\n\n')).toEqual([
      { event: 'notification', data: '{"a":\n1}' },
    ]);
  });

  it('skips comments (the heartbeats) and never dispatches them', () => {
    const parser = createSseParser();
    expect(parser.push(': heartbeat\n\n:\n\n')).toEqual([]);
    expect(parser.push('event: unread\n: between the fields\ndata: {"unreadCount":1}\n\n')).toEqual([
      { event: 'unread', data: '{"unreadCount":1}' },
    ]);
  });

  it('takes CRLF and CR line ends, with a CRLF split between two chunks', () => {
    const parser = createSseParser();
    expect(parser.push('event: unread\r\ndata: {"unreadCount":2}\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ event: 'unread', data: '{"unreadCount":2}' }]);
    expect(parser.push('data: x\r\r')).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('drops an event with no data, and forgets its name at the blank line', () => {
    const parser = createSseParser();
    expect(parser.push('event: unread\n\ndata: later\n\n')).toEqual([{ event: 'message', data: 'later' }]);
  });

  it('keeps the value after the first colon whole, and removes only one leading space', () => {
    const parser = createSseParser();
    expect(parser.push('data:  two spaces: and a colon\nid: 5\nretry: 100\n\n')).toEqual([
      { event: 'message', data: ' two spaces: and a colon' },
    ]);
  });

  it('waits for the blank line before dispatching', () => {
    const parser = createSseParser();
    expect(parser.push('event: unread\ndata: {"unreadCount":4}\n')).toEqual([]);
    expect(parser.push('\n')).toHaveLength(1);
  });
});
