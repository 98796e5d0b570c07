import { createHmac, randomBytes } from 'node:crypto';

/**
 * The signature receivers check (docs/webhooks.md): `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `"<t>.<raw body>"`, keyed with the endpoint's secret as UTF-8 text. The timestamp is inside the
 * signed text, so a captured delivery cannot be replayed later than the receiver's tolerance.
 */
export const signatureHeader = (secret: string, body: string, unixSeconds: number) =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;

/** A new signing secret: 32 random bytes, prefixed so people recognise it in a vault or a leak scan. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
