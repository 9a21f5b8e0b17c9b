import type { ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';

/** Test helpers of the forms remote (not built into the remote: nothing imports it but tests). */

/** Renders `ui` as the shell would: inside a router, with the one toast container. */
export function renderInShell(ui: ReactNode, path = '/contact'): RenderResult {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <ToastContainer />
    </MemoryRouter>,
  );
}

/** A stand-in for `fetch` answering each call with the next of `answers` (a status and body, or an error to throw). */
export function mockFetch(...answers: ({ status: number; body: unknown } | Error)[]): jest.Mock {
  const fn = jest.fn(async () => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next === undefined) throw new Error('no answer');
    if (next instanceof Error) throw next;
    return { ok: next.status >= 200 && next.status < 300, status: next.status, json: async () => next.body } as unknown as Response;
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

/** The JSON body of the `n`th call of a {@link mockFetch} mock. */
export function sentBody(fn: jest.Mock, n = 0): unknown {
  const init = (fn.mock.calls[n] as [string, RequestInit] | undefined)?.[1];
  return JSON.parse(String(init?.body));
}
