import { createHash } from 'node:crypto';
import type { SecretBox } from '../../../lib/secrets.ts';

/**
 * A recipient's tracking token: 128 bits derived from the recipient id with the application secret,
 * so a retried send builds the same links, and only its SHA-256 is stored (a leaked table gives no
 * working link). The tracking listener finds the recipient by the hash.
 */
export const trackingTokenOf = (box: SecretBox, recipientId: string) => box.token('tracking', recipientId, 16);

export const trackingTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Every address a lure carries, on the phishing listener's own origin (never the admin app's). */
export const trackingLinks = (phishPublicUrl: string, token: string) => ({
  click: `${phishPublicUrl}/c/${token}`,
  openPixel: `${phishPublicUrl}/o/${token}.gif`,
  qrScan: `${phishPublicUrl}/q/${token}`,
  attachment: `${phishPublicUrl}/a/${token}`,
  landing: `${phishPublicUrl}/l/${token}`,
  teachableMoment: `${phishPublicUrl}/t/${token}`,
});
