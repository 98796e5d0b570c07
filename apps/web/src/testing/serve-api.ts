import { vi } from 'vitest';

import { json } from './signed-in';

/** One call our API received: method, address (with its query) and body (parsed when JSON text, else as sent, e.g. an uploaded file). */
export type ApiCall = { method: string; url: URL; body: unknown };

/**
 * Answers our API at the fetch level with a handler per `METHOD /path/` (the query is the handler's
 * to read). Anything else answers 404 in the API's error shape. Returns every call, in order.
 */
export const serveApi = (handlers: Record<string, (call: ApiCall) => Response | Promise<Response>>) => {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const call = { method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body };
      calls.push(call);
      const handler = handlers[`${call.method} ${url.pathname}`];
      return handler ? handler(call) : json({ error: { code: 'NOT_FOUND', message: `No route ${call.method} ${url.pathname}` } }, 404);
    }),
  );
  return calls;
};
