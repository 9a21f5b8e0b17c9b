import type { FrameToPageMessage } from '@kb/contracts';
import type { FrameHost } from '../bridge';

/** Origin of the fake frame host. */
export const FAKE_ORIGIN = 'https://kb.example';

/**
 * A framed window stand-in for the bridge: `posted` records what the frame sends its
 * parent, `send(data, { origin, source })` delivers a `message` event (by default a
 * well-formed one from the parent, same origin).
 */
export function fakeHost() {
  const target = new EventTarget();
  const posted: Array<[FrameToPageMessage, string]> = [];
  const parent = {
    postMessage: (message: FrameToPageMessage, origin: string): void => {
      posted.push([message, origin]);
    },
  };
  const host: FrameHost = {
    location: { origin: FAKE_ORIGIN },
    parent,
    addEventListener: (type, listener) => target.addEventListener(type, listener as EventListener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener as EventListener),
  };
  const send = (data: unknown, init: { origin?: string; source?: unknown } = {}): void => {
    const event = Object.assign(new Event('message'), {
      data,
      origin: init.origin ?? FAKE_ORIGIN,
      source: 'source' in init ? init.source : parent,
    });
    target.dispatchEvent(event);
  };
  return { host, posted, send };
}
