import PDFDocument from 'pdfkit';
import { now } from '../../../lib/clock.ts';
import QRCode from 'qrcode';
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, campaignRecipients, campaigns, departments, organizations, people, phishingTemplates } from '@vigil/db';
import type { Config } from '../../../config.ts';
import { memoized } from '../../../lib/batch-memo.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import type { OrgScope } from '../../../lib/scope.ts';
import type { OutgoingAttachment, OutgoingMail } from '../delivery/mail-delivery.ts';
import { findSendingProfileForDelivery } from '../sending-profiles/sending-profiles.service.ts';
import { type LurePersonalisation, renderLure } from '../templates/render-lure.ts';
import { trackingLinks, trackingTokenOf } from '../tracking/tracking-links.ts';
import { replyAddressFor } from '../replies/reply-address.ts';

const manager = alias(people, 'manager');

export type RecipientToMail = { id: string; personId: string; templateId: string; language: string; campaignSendingProfileId: string };

/** The readable text of an HTML attachment, for the PDF variant: paragraphs, with the link kept. */
const paragraphsOf = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .split(/<\/(?:p|div|h[1-4]|li|tr)>/i)
    .map((block) => block.replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').trim())
    .filter(Boolean);

/** A one-page PDF of the attachment's words, its call to action a real link to the tracked address. */
const pdfOf = (title: string, html: string, link: string) =>
  new Promise<Buffer>((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.fontSize(16).text(title.replace(/\.pdf$/i, ''), { underline: false }).moveDown();
    for (const paragraph of paragraphsOf(html)) document.fontSize(11).fillColor('#1b2330').text(paragraph).moveDown(0.6);
    document.moveDown().fontSize(12).fillColor('#1a3d7c').text('Open the document online', { link, underline: true });
    document.end();
  });

/** What a lure is written from: the person (their record, department, manager and organisation) and the template. */
const lureContextFields = {
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  phone: people.phone,
  jobTitle: people.jobTitle,
  department: departments.name,
  managerFirstName: manager.firstName,
  managerLastName: manager.lastName,
  company: organizations.name,
  template: { vector: phishingTemplates.vector, fromAddress: phishingTemplates.fromAddress, texts: phishingTemplates.texts },
};

/** The person a lure is written for (their record, manager and organisation) and its template, in `scope`. */
export const findLureContext = async (db: Db, scope: OrgScope, personId: string, templateId: string) =>
  (
    await db
      .select(lureContextFields)
      .from(people)
      .innerJoin(organizations, eq(organizations.id, people.organizationId))
      .innerJoin(phishingTemplates, eq(phishingTemplates.id, templateId))
      .leftJoin(departments, and(eq(departments.organizationId, people.organizationId), eq(departments.id, people.departmentId)))
      .leftJoin(manager, and(eq(manager.organizationId, people.organizationId), eq(manager.id, people.managerId)))
      .where(and(eq(people.organizationId, scope.organizationId), eq(people.id, personId)))
      .limit(1)
  )[0];

/**
 * The lure context of every recipient of a send batch in one query, by recipient id, with the
 * recipient's state, campaign's sending profile and template's vector (a recipient whose person is
 * gone has none). Read once per batch (batch-memo.ts), like the sending profile.
 */
export const findBatchLureContexts = (db: Db, scope: OrgScope, recipientIds: readonly string[]) =>
  memoized(`lure-contexts:${scope.organizationId}:${recipientIds.join(',')}`, async () => {
    const rows = await db
      .select({ recipientId: campaignRecipients.id, state: campaignRecipients.state, sendingProfileId: campaigns.sendingProfileId, vector: phishingTemplates.vector, ...lureContextFields, personId: people.id })
      .from(campaignRecipients)
      .innerJoin(campaigns, and(eq(campaigns.organizationId, campaignRecipients.organizationId), eq(campaigns.id, campaignRecipients.campaignId)))
      .innerJoin(phishingTemplates, eq(phishingTemplates.id, campaignRecipients.templateId))
      .innerJoin(organizations, eq(organizations.id, campaignRecipients.organizationId))
      .leftJoin(people, and(eq(people.organizationId, campaignRecipients.organizationId), eq(people.id, campaignRecipients.personId)))
      .leftJoin(departments, and(eq(departments.organizationId, people.organizationId), eq(departments.id, people.departmentId)))
      .leftJoin(manager, and(eq(manager.organizationId, people.organizationId), eq(manager.id, people.managerId)))
      .where(and(eq(campaignRecipients.organizationId, scope.organizationId), inArray(campaignRecipients.id, [...recipientIds])));
    return new Map(
      rows.map(({ recipientId, state, sendingProfileId, vector, personId, ...context }) => [
        recipientId,
        { state, sendingProfileId, vector, context: personId === null ? undefined : (context as LureContext) },
      ]),
    );
  });

export type LureContext = NonNullable<Awaited<ReturnType<typeof findLureContext>>>;

/** Intl.DateTimeFormat is costly to build: one per language, for the life of the process. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const longDateIn = (language: string) => {
  const locale = language.replace('_', '-');
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'long' })));
  return format;
};

/** What a lure's variables are filled with for this person: the same on the message and on its heads-up page. */
export const personalisationOf = (context: LureContext, sender: { fromAddress: string }, language: string, date: Date): LurePersonalisation => ({
  first_name: context.firstName,
  last_name: context.lastName,
  company: context.company,
  department: context.department,
  manager: context.managerFirstName ? `${context.managerFirstName} ${context.managerLastName ?? ''}`.trim() : null,
  job_title: context.jobTitle,
  sender_domain: sender.fromAddress.split('@')[1] ?? '',
  date: longDateIn(language).format(date),
});

/**
 * Builds the message one recipient receives: their lure, in their language, personalised from their
 * record, with links, QR code and attachment carrying their tracking token, from their campaign's
 * sending profile (`row`: their lure context, undefined when the person is gone). @throws LureRenderError (from renderLure) for a lure that cannot be sent as written.
 */
export const buildLureMail = async (
  db: Db,
  scope: OrgScope,
  { secrets, config }: { secrets: SecretBox; config: Config },
  recipient: RecipientToMail,
  row: LureContext | undefined,
): Promise<OutgoingMail | undefined> => {
  const profile = await findSendingProfileForDelivery(db, scope, recipient.campaignSendingProfileId);
  if (!row || !profile) return undefined;

  const token = trackingTokenOf(secrets, recipient.id);
  const links = trackingLinks(config.phish.publicUrl, token);
  const lure = renderLure({
    template: row.template,
    language: recipient.language,
    personalisation: personalisationOf(row, profile, recipient.language, now()),
    links,
    ...(config.callbackNumber ? { callbackNumber: config.callbackNumber } : {}),
    ...(row.template.vector === 'qr-code' ? { qrCodeDataUri: await QRCode.toDataURL(links.qrScan, { margin: 1, width: 220 }) } : {}),
  });

  const attachments: OutgoingAttachment[] = [];
  if (lure.attachment) {
    attachments.push(
      lure.attachment.fileName.toLowerCase().endsWith('.pdf')
        ? { fileName: lure.attachment.fileName, contentType: 'application/pdf', content: await pdfOf(lure.attachment.fileName, lure.attachment.html, links.attachment) }
        : { fileName: lure.attachment.fileName, contentType: 'text/html', content: Buffer.from(lure.attachment.html.replaceAll(links.click, links.attachment), 'utf8') },
    );
  }
  const fromAddress = lure.fromAddress || profile.fromAddress;
  // A reply lure's answer comes back to the inbound SMTP listener, at an address naming this recipient.
  const replyTo = row.template.vector === 'reply' ? replyAddressFor(profile.replyTo ?? fromAddress, token) : profile.replyTo;
  return {
    organizationId: scope.organizationId,
    sendingProfileId: profile.id,
    from: { name: lure.fromName || profile.fromName, address: fromAddress },
    ...(replyTo ? { replyTo } : {}),
    to: { name: `${row.firstName} ${row.lastName}`.trim(), address: row.email },
    subject: lure.subject,
    html: lure.html,
    text: lure.text,
    attachments,
    messageId: recipient.id,
  };
};
