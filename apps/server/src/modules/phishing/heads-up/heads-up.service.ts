import QRCode from 'qrcode';
import { type HeadsUp, type HeadsUpQuery, type HeadsUpSimulation, type TemplateLanguage, templateLanguageSchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError } from '../../../lib/app-error.ts';
import { scopeOf } from '../../../lib/scope.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { findLureContext, personalisationOf } from '../campaigns/lure-mail.ts';
import { redFlagsOf } from '../templates/red-flags.ts';
import { LureRenderError, renderLure } from '../templates/render-lure.ts';
import { nextLessonAfter } from '../../training/learner/my-trainings.service.ts';
import { headsUpOutcomeOf } from './heads-up-outcome.ts';
import { type SentLure, headsUpRepository } from './heads-up.repository.ts';

// The message as it was, leading nowhere: every link inert, and the open pixel dropped.
const inertLinks = { click: '#', openPixel: '#', qrScan: '#', attachment: '#', landing: '#', teachableMoment: '#' };
const inertPixel = /<img[^>]*\bsrc="#"[^>]*>/g;
// A callback lure's number is not kept per recipient; the heads-up does not repeat it.
const withheldNumber = '…';

const asLanguage = (language: string): TemplateLanguage => templateLanguageSchema.safeParse(language).data ?? 'en_us';
const iso = (moment: Date | null) => moment?.toISOString() ?? null;

/** The lure as this person received it, or null when it can no longer be rendered (the person or template changed). */
const renderReceived = async (db: Db, tenant: Tenant, lure: SentLure): Promise<HeadsUpSimulation['mail']> => {
  const context = await findLureContext(db, scopeOf(tenant), lure.personId, lure.templateId);
  if (!context) return null;
  try {
    const rendered = renderLure({
      template: context.template,
      language: lure.language,
      personalisation: personalisationOf(context, { fromAddress: lure.senderAddress }, lure.language, lure.sentAt!),
      links: inertLinks,
      callbackNumber: withheldNumber,
      ...(lure.vector === 'qr-code' ? { qrCodeDataUri: await QRCode.toDataURL('#', { margin: 1, width: 200 }) } : {}),
    });
    return {
      language: asLanguage(rendered.language),
      fromName: rendered.fromName,
      fromAddress: rendered.fromAddress,
      subject: rendered.subject,
      html: rendered.html.replace(inertPixel, ''),
      text: rendered.text,
      sms: rendered.sms ?? null,
      attachmentFileName: rendered.attachment?.fileName ?? null,
    };
  } catch (error) {
    if (error instanceof LureRenderError) return null;
    throw error;
  }
};

/**
 * What happened with one of the caller's own simulated messages (`recipient`), or with the most
 * recent one sent to them: the message as they received it (links inert), what they did, and its
 * red flags in their language. Open to every signed-in person, for their own messages only.
 * @throws AppError NOT_FOUND when `recipient` is not a message already sent to the caller.
 */
export const getHeadsUp = async (db: Db, tenant: Tenant, query: HeadsUpQuery): Promise<HeadsUp> => {
  const lure = await headsUpRepository(db, scopeOf(tenant)).findSentTo(tenant.personId, query.recipient);
  if (!lure) {
    if (query.recipient) throw new AppError('NOT_FOUND', 'No simulated message with this id was sent to you');
    return { simulation: null };
  }
  const sentAt = lure.sentAt!;
  const { outcome, at } = headsUpOutcomeOf({ ...lure, sentAt });
  const redFlags = redFlagsOf(lure.texts, lure.language);
  return {
    simulation: {
      recipientId: lure.id,
      vector: lure.vector as HeadsUpSimulation['vector'],
      sentAt: sentAt.toISOString(),
      outcome,
      outcomeAt: at.toISOString(),
      openedAt: iso(lure.openedAt),
      clickedAt: iso(lure.clickedAt),
      attachmentOpenedAt: iso(lure.attachmentOpenedAt),
      qrScannedAt: iso(lure.qrScannedAt),
      repliedAt: iso(lure.repliedAt),
      calledAt: iso(lure.calledAt),
      submittedAt: iso(lure.submittedAt),
      reportedAt: iso(lure.reportedAt),
      mail: await renderReceived(db, tenant, lure),
      redFlags: redFlags.flags,
      redFlagsLanguage: asLanguage(redFlags.language),
      nextLesson: await nextLessonAfter(db, tenant, lure.campaignId),
    },
  };
};
