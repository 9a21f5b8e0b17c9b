import { describe, expect, it } from '@jest/globals';
import { createSseParser, type ServerSentEvent } from './sse';

function parse(pieces: readonly string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const piece of pieces) parser.push(piece);
  parser.end();
  return events;
}

describe('createSseParser', () => {
  it('names events, defaults to message, joins data lines and strips one leading space', () => {
    expect(parse(['event: delta\ndata:  two spaces\ndata:x\n\n', 'data: plain\n\n'])).toEqual([
      { event: 'delta', data: ' two spaces\nx' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('treats CR, LF and CRLF alike, also when a CRLF is split between pieces', () => {
    expect(parse(['event: a\r', '\ndata: 1\r', '\n\r', '\nevent: b\rdata: 2\r\r'])).toEqual([
      { event: 'a', data: '1' },
      { event: 'b', data: '2' },
    ]);
  });

  it('skips comments, id and retry, and events without data; drops an unfinished event at the end', () => {
    expect(parse([': hello\nid: 7\nretry: 10\n\nevent: meta\n\n', 'event: done\ndata: {}'])).toEqual([]);
  });
});
