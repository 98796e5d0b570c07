import { createHmac, timingSafeEqual } from 'node:crypto';

export type TwilioOptions = {
  /** https://api.twilio.com, or any service speaking the same API. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** The sending number for SMS and voice, +E.164. */
  from: string;
  /** The WhatsApp sender, +E.164; defaults to `from`. */
  whatsappFrom?: string;
};

/** Twilio answered with an error: its HTTP status and Twilio's own error code, so a caller can tell a refusal from a busy service. */
export class TwilioError extends Error {
  override readonly name = 'TwilioError';

  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** Text inside a TwiML element. */
export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Twilio's REST API (2010-04-01): SMS and WhatsApp through Messages, voice through Calls with
 * TwiML that reads the message out, digits one by one so a code is understood.
 * @returns the SID Twilio gave the message or call
 * @throws TwilioError naming Twilio's status and message when it refuses (a network failure or timeout throws as fetch does).
 */
export const sendWithTwilio = async (options: TwilioOptions, channel: 'sms' | 'whatsapp' | 'voice', to: string, text: string) => {
  const account = encodeURIComponent(options.accountSid);
  const base = `${options.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${account}`;
  const form = new URLSearchParams();
  let url = `${base}/Messages.json`;
  if (channel === 'voice') {
    url = `${base}/Calls.json`;
    const spoken = text.replace(/\d/g, (digit) => `${digit}, `);
    form.set('To', to);
    form.set('From', options.from);
    form.set('Twiml', `<Response><Say>${escapeXml(spoken)}</Say><Pause length="1"/><Say>${escapeXml(spoken)}</Say></Response>`);
  } else {
    const whatsapp = channel === 'whatsapp';
    form.set('To', whatsapp ? `whatsapp:${to}` : to);
    form.set('From', whatsapp ? `whatsapp:${options.whatsappFrom ?? options.from}` : options.from);
    form.set('Body', text);
  }
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: form,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    const detail = (await response.json().catch(() => ({}))) as { message?: string; code?: number };
    throw new TwilioError(`Twilio refused the ${channel} message: HTTP ${response.status} ${detail.code ?? ''} ${detail.message ?? ''}`.trim(), response.status, detail.code);
  }
  return ((await response.json()) as { sid?: string }).sid;
};

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Twilio's request signature (X-Twilio-Signature), as Twilio publishes it: the full URL it called
 * (with any query string), then every POST parameter sorted by name, each name followed by its value
 * with no separator, signed with HMAC-SHA1 keyed by the account's auth token, in base64.
 */
export const twilioSignatureOf = (authToken: string, url: string, params: Iterable<readonly [string, string]>) => {
  const sorted = [...params].sort(([nameA, valueA], [nameB, valueB]) => (nameA === nameB ? compareText(valueA, valueB) : compareText(nameA, nameB)));
  return createHmac('sha1', authToken)
    .update(url + sorted.map(([name, value]) => name + value).join(''), 'utf8')
    .digest('base64');
};

/** Whether `signature` is Twilio's for this request, compared in constant time. */
export const isTwilioSignatureValid = (authToken: string, signature: string | undefined, url: string, params: Iterable<readonly [string, string]>) => {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignatureOf(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
};
