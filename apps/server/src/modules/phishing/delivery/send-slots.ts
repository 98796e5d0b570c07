import type { Db } from '@vigil/db';
import { hitRateLimit } from '../../../lib/rate-limit.ts';
import type { OrgScope } from '../../../lib/scope.ts';
import { findSendingProfileForDelivery } from '../sending-profiles/sending-profiles.service.ts';
import { PermanentDeliveryError } from './mail-delivery.ts';

/**
 * The per-profile rate limit (`ratePerMinute`), counted in the database so every worker shares it.
 *
 * It lives outside MailDelivery on purpose: the send job asks for a slot *before* it claims a
 * recipient (scheduled → sending). Without one, it moves the recipient's `send_at` on by
 * `retryAfterSeconds` and stops: no worker sleeps, no attempt is spent, and the state machine never
 * sees a rate limit as a delivery failure. A granted slot is used up even if the send then fails.
 */
export type SendSlot = { granted: true } | { granted: false; retryAfterSeconds: number };

/** One-minute windows: at most `ratePerMinute` sends per profile in each. */
const windowSeconds = 60;

/**
 * Takes one send slot of the profile, if its rate allows one now.
 * @throws PermanentDeliveryError (profile-unavailable) when the profile is not the organisation's or is archived
 */
export const takeSendSlot = async (db: Db, scope: OrgScope, sendingProfileId: string): Promise<SendSlot> => {
  const profile = await findSendingProfileForDelivery(db, scope, sendingProfileId);
  if (!profile) throw new PermanentDeliveryError('The sending profile does not exist or is archived', { reason: 'profile-unavailable' });
  const { limited, retryAfterSeconds } = await hitRateLimit(db, `sending-profile:${profile.id}`, { max: profile.ratePerMinute, windowSeconds });
  return limited ? { granted: false, retryAfterSeconds } : { granted: true };
};
