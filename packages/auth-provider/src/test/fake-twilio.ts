import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TwilioRequest = { kind: 'message' | 'call'; to: string; from: string; body?: string; twiml?: string };

export type FakeTwilioOptions = {
  /** Answers a message or call to this number with Twilio's error instead of taking it, e.g. `{ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." }`. */
  refuse?: (to: string) => { status: number; code: number; message: string } | undefined;
};

/**
 * A local stand-in for Twilio's REST API, answering Messages.json and Calls.json as Twilio does:
 * basic auth with the account SID and token, form-encoded fields, 201 with a sid. Shared with the
 * server's tests as `@vigil/auth-provider/testing`.
 */
export const startFakeTwilio = async (accountSid: string, authToken: string, { refuse }: FakeTwilioOptions = {}) => {
  const received: TwilioRequest[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const reply = (status: number, body: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.headers.authorization !== expectedAuth) return reply(401, { code: 20003, message: 'Authenticate' });
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match || match[1] !== accountSid) return reply(404, { code: 20404, message: 'Not found' });
      const form = new URLSearchParams(raw);
      const to = form.get('To');
      const from = form.get('From');
      if (!to || !from) return reply(400, { code: 21604, message: "A 'To' and 'From' are required" });
      const refusal = refuse?.(to);
      if (refusal) return reply(refusal.status, { code: refusal.code, message: refusal.message, status: refusal.status });
      received.push(
        match[2] === 'Messages'
          ? { kind: 'message', to, from, body: form.get('Body') ?? '' }
          : { kind: 'call', to, from, twiml: form.get('Twiml') ?? '' },
      );
      return reply(201, { sid: `SM${received.length}`, status: 'queued' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
