/** One Server-Sent Event: its `event` name (`message` when the frame names none) and its `data`. */
export interface ServerSentEvent {
  readonly event: string;
  /** The frame's `data:` lines joined with `\n`. */
  readonly data: string;
}

/** Feeds text to an SSE parser; see {@link createSseParser}. */
export interface SseParser {
  /** Adds the next piece of the decoded body; complete events are dispatched at once. */
  push(text: string): void;
  /** The body ended: an event still waiting for its blank line is dropped, as the standard says. */
  end(): void;
}

/**
 * A parser of the `text/event-stream` format (HTML Living Standard, "Server-sent events"):
 * lines end with LF, CR or CRLF (a CRLF split across two pieces counts once); `event:` names
 * the event, `data:` lines are joined with LF, lines starting with `:` are comments, `id:` and
 * `retry:` are ignored (nothing reconnects here); a blank line dispatches the event, unless it
 * had no `data:` line. One space after the colon is removed.
 *
 * @param onEvent called for each complete event, in order
 * @returns the parser to push decoded text into
 */
export function createSseParser(onEvent: (event: ServerSentEvent) => void): SseParser {
  let buffer = '';
  let eventName = '';
  let data: string[] = [];
  let hasData = false;
  /** The last piece ended with CR: a LF starting the next piece belongs to it. */
  let skipLeadingLf = false;

  const line = (text: string): void => {
    if (text === '') {
      if (hasData) onEvent({ event: eventName === '' ? 'message' : eventName, data: data.join('\n') });
      eventName = '';
      data = [];
      hasData = false;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    }
  };

  return {
    push(text) {
      let chunk = text;
      if (skipLeadingLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLeadingLf = false;
      buffer += chunk;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        // A CR at the very end may be the first half of a CRLF still on its way.
        if (match[0] === '\r' && match.index === buffer.length - 1) {
          line(buffer.slice(0, match.index));
          buffer = '';
          skipLeadingLf = true;
          break;
        }
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    end() {
      buffer = '';
      eventName = '';
      data = [];
      hasData = false;
    },
  };
}
