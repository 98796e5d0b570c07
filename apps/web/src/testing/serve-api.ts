import { vi } from 'vitest';

import { json } from './signed-in';

/** One call our API received: method, path and parsed JSON body. */
export type ApiCall = { method: string; path: string; body: unknown };

/** Answers our API at the fetch level with a handler per `METHOD /path/`; anything else is a 404 in the API's error shape. */
export const serveApi = (handlers: Record<string, (call: ApiCall) => Response | Promise<Response>>) => {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const call = { method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const handler = handlers[`${call.method} ${url.pathname}`];
      return handler ? handler(call) : json({ error: { code: 'NOT_FOUND', message: `No route ${call.method} ${url.pathname}` } }, 404);
    }),
  );
  return calls;
};
