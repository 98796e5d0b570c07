import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature), as Twilio publishes it: the full URL it called
 * (with any query string), then every POST parameter sorted by name, each name followed by its value
 * with no separator, signed with HMAC-SHA1 keyed by the account's auth token, in base64. Pure.
 */
export const twilioSignatureOf = (authToken: string, url: string, params: Iterable<readonly [string, string]>) => {
  const sorted = [...params].sort(([nameA, valueA], [nameB, valueB]) => (nameA === nameB ? compare(valueA, valueB) : compare(nameA, nameB)));
  return createHmac('sha1', authToken)
    .update(url + sorted.map(([name, value]) => name + value).join(''), 'utf8')
    .digest('base64');
};

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether `signature` is Twilio's for this request, compared in constant time. */
export const isTwilioSignatureValid = (authToken: string, signature: string | undefined, url: string, params: Iterable<readonly [string, string]>) => {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignatureOf(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
};
