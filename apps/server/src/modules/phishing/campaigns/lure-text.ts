import type { Db } from '@vigil/db';
import { now } from '../../../lib/clock.ts';
import type { Config } from '../../../config.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import type { OrgScope } from '../../../lib/scope.ts';
import type { OutgoingText } from '../delivery/message-delivery.ts';
import { findSendingProfileForDelivery } from '../sending-profiles/sending-profiles.service.ts';
import { LureRenderError, renderLure } from '../templates/render-lure.ts';
import { trackingLinks, trackingTokenOf } from '../tracking/tracking-links.ts';
import { type LureContext, type RecipientToMail, personalisationOf } from './lure-mail.ts';

/** The person cannot be reached the way the lure goes (a text lure to someone without a phone number): nothing was sent. */
export class UnreachablePersonError extends Error {
  override readonly name = 'UnreachablePersonError';

  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Builds the text message one recipient of an SMS lure receives: the template's `sms` words in their
 * language, personalised like a mail lure, whose {{link}} is their tracked click link (the token link
 * is short enough for a text: no shortener, which would be one more outside service seeing the token).
 * @throws UnreachablePersonError when the person has no phone number; LureRenderError for a lure with no text message.
 */
export const buildLureText = async (
  db: Db,
  scope: OrgScope,
  { secrets, config }: { secrets: SecretBox; config: Config },
  recipient: RecipientToMail,
  context: LureContext | undefined,
): Promise<OutgoingText | undefined> => {
  const profile = await findSendingProfileForDelivery(db, scope, recipient.campaignSendingProfileId);
  if (!context || !profile) return undefined;
  if (!context.phone) throw new UnreachablePersonError('phone', 'The person has no phone number to text the lure to');

  const lure = renderLure({
    template: context.template,
    language: recipient.language,
    personalisation: personalisationOf(context, profile, recipient.language, now()),
    links: trackingLinks(config.phish.publicUrl, trackingTokenOf(secrets, recipient.id)),
    ...(config.callbackNumber ? { callbackNumber: config.callbackNumber } : {}),
  });
  if (!lure.sms?.trim()) throw new LureRenderError('sms', 'The lure has no text message in any language');
  return { organizationId: scope.organizationId, to: context.phone, body: lure.sms, recipientId: recipient.id };
};
