import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  type CreatePhishingTemplateBody,
  type FieldIssue,
  type PhishingTemplateList,
  type PhishingTemplatePreview,
  type PhishingTemplatesQuery,
  type SavedPhishingTemplate,
  type TemplateCategory,
  type TemplateChange,
  type TemplateLanguage,
  type TemplateText,
  type UpdatePhishingTemplateBody,
  createPhishingTemplateBodySchema,
  templateCategories,
} from '@vigil/contracts';
import type { Db, PhishingTemplate } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import { decodeCursor, integerKeySchema, readKeysetPage } from '../../../lib/keyset.ts';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import { scopeOf } from '../../../lib/scope.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { recordAudit } from '../../audit-log/audit-log.service.ts';
import { findCurrentOrganization } from '../../organizations/organizations.service.ts';
import { findCallerPerson } from '../../people/people.service.ts';
import { isUsableLandingPage } from '../landing-pages/landing-pages.service.ts';
import { trackingLinks } from '../tracking/tracking-links.ts';
import { importEml } from './eml-import.ts';
import { sanitizeLureHtml } from './lure-html.ts';
import { templateDifficulty } from './phish-scale.ts';
import { requireTemplateReader } from './phishing-templates.access.ts';
import { refuseTemplateChange } from './phishing-templates.policy.ts';
import { languageOf, presentTemplate, presentTemplateSummary, textsOf } from './phishing-templates.presenter.ts';
import { type NewOwnTemplate, type TemplateKey, phishingTemplatesRepository, templateKeyOf } from './phishing-templates.repository.ts';
import { renderLure } from './render-lure.ts';

const templateKeySchema = z.tuple([z.string().refine((text) => !text.includes('\u0000')), integerKeySchema, z.uuid()]);

const repositoryOf = (db: Db, tenant: Tenant) => phishingTemplatesRepository(db, scopeOf(tenant));

const findOrFail = async (db: Db, tenant: Tenant, id: string) => {
  const row = await repositoryOf(db, tenant).findVisible(id);
  if (!row) throw notFound('Phishing template');
  return row;
};

/** @throws AppError FORBIDDEN when the caller may not change this template (a built-in, or not an admin). */
const requireChangeable = (tenant: Tenant, row: Pick<PhishingTemplate, 'organizationId'>) => {
  const refusal = refuseTemplateChange(tenant, row);
  if (refusal) throw new AppError(refusal.code, refusal.problem);
};

/**
 * Cleans every HTML part with the lure allow-list.
 * @returns the texts as stored and, per field, what was removed.
 */
const sanitizeTexts = (texts: Partial<Record<TemplateLanguage, TemplateText>>) => {
  const changes: TemplateChange[] = [];
  const clean = (field: string, html: string) => {
    const result = sanitizeLureHtml(html);
    for (const item of result.removed) changes.push({ field, change: `Removed ${item}` });
    return result.html;
  };
  const cleaned = Object.fromEntries(
    Object.entries(texts).map(([language, text]) => [
      language,
      {
        ...text,
        ...(text.html === undefined ? {} : { html: clean(`body.texts.${language}.html`, text.html) }),
        ...(text.attachment ? { attachment: { ...text.attachment, html: clean(`body.texts.${language}.attachment.html`, text.attachment.html) } } : {}),
      },
    ]),
  ) as Partial<Record<TemplateLanguage, TemplateText>>;
  return { texts: cleaned, changes };
};

/** The columns of a template as sent, checked and cleaned. */
const templateColumns = async (db: Db, tenant: Tenant, body: CreatePhishingTemplateBody) => {
  if (body.landingPageId && !(await isUsableLandingPage(db, tenant, body.landingPageId))) {
    throw fieldError('VALIDATION_FAILED', 'body.landingPageId', 'is not a landing page this organization can use');
  }
  const { texts, changes } = sanitizeTexts(body.texts);
  const columns = {
    category: body.category,
    vector: body.vector,
    landingPageId: body.vector === 'credential-harvest' ? (body.landingPageId ?? null) : null,
    fromAddress: body.vector === 'sms' ? null : (body.fromAddress ?? null),
    phishScale: body.phishScale,
    difficulty: templateDifficulty(body.phishScale.cues, body.phishScale.premiseAlignment),
    texts,
    status: body.status,
  } satisfies Partial<NewOwnTemplate>;
  return { columns, changes };
};

/** The template a row would be, as the body of a new one: what an update is checked against. */
const bodyOf = (row: PhishingTemplate): CreatePhishingTemplateBody => ({
  category: row.category as TemplateCategory,
  vector: row.vector as CreatePhishingTemplateBody['vector'],
  landingPageId: row.landingPageId,
  fromAddress: row.fromAddress,
  phishScale: row.phishScale as CreatePhishingTemplateBody['phishScale'],
  status: row.status,
  texts: textsOf(row),
});

const validationFailure = (issues: z.core.$ZodIssue[]) => {
  const details = issues.map<FieldIssue>((issue) => ({ field: ['body', ...issue.path.map(String)].join('.'), problem: issue.message }));
  return new AppError('VALIDATION_FAILED', details.map((issue) => `${issue.field}: ${issue.problem}`).join('; '), details);
};

/**
 * A page of the library: the built-ins and the organisation's own, filtered, in category and difficulty order.
 * @throws AppError FORBIDDEN for anyone but an admin; VALIDATION_FAILED for a cursor this list did not give out.
 */
export const listPhishingTemplates = async (db: Db, tenant: Tenant, query: PhishingTemplatesQuery): Promise<PhishingTemplateList> => {
  requireTemplateReader(tenant);
  const { cursor, limit, ...filter } = query;
  const after = cursor ? (decodeCursor(cursor, templateKeySchema) as TemplateKey) : undefined;
  const repository = repositoryOf(db, tenant);
  const page = await readKeysetPage((key: TemplateKey | undefined, size) => repository.list(filter, key, size), templateKeyOf, after, limit);
  return { items: page.items.map((row) => presentTemplateSummary(row, tenant, query.language)), nextCursor: page.nextCursor, canCreate: true };
};

/** @throws AppError NOT_FOUND for another organisation's template; FORBIDDEN for anyone but an admin. */
export const getPhishingTemplate = async (db: Db, tenant: Tenant, id: string, language?: string) => {
  requireTemplateReader(tenant);
  return presentTemplate(await findOrFail(db, tenant, id), tenant, language);
};

/**
 * Adds one of the organisation's own templates; its HTML is cleaned and the answer says what was removed.
 * @throws AppError FORBIDDEN for anyone but an admin; VALIDATION_FAILED for a landing page it cannot use.
 */
export const createPhishingTemplate = async (
  db: Db,
  tenant: Tenant,
  body: CreatePhishingTemplateBody,
  origin: RequestOrigin,
  source: 'custom' | 'imported' | 'generated' = 'custom',
  extraChanges: TemplateChange[] = [],
): Promise<SavedPhishingTemplate> => {
  requireTemplateReader(tenant);
  const { columns, changes } = await templateColumns(db, tenant, body);
  const row = await db.transaction(async (tx) => {
    const inserted = await phishingTemplatesRepository(tx, scopeOf(tenant)).insert({ id: randomUUID(), ...columns, source, createdByPersonId: tenant.personId });
    const action = { custom: 'phishing.template.create', imported: 'phishing.template.import', generated: 'phishing.template.generate' }[source];
    await recordAudit(tx, tenant, { action, targetType: 'phishing_template', targetId: inserted.id, details: { name: textsOf(inserted)[languageOf(inserted)]?.name, removed: changes.length }, ...origin });
    return inserted;
  });
  return { template: presentTemplate(row, tenant), changes: [...extraChanges, ...changes] };
};

/**
 * Copies a built-in or own template into an editable one of the organisation's own.
 * @throws AppError NOT_FOUND for another organisation's template; FORBIDDEN for anyone but an admin.
 */
export const copyPhishingTemplate = async (db: Db, tenant: Tenant, id: string, origin: RequestOrigin): Promise<SavedPhishingTemplate> => {
  requireTemplateReader(tenant);
  const source = await findOrFail(db, tenant, id);
  const texts = Object.fromEntries(
    Object.entries(textsOf(source)).map(([language, text]) => [language, { ...text, name: `${text.name.slice(0, 73)} (copy)` }]),
  ) as Partial<Record<TemplateLanguage, TemplateText>>;
  const row = await db.transaction(async (tx) => {
    const inserted = await phishingTemplatesRepository(tx, scopeOf(tenant)).insert({
      id: randomUUID(),
      category: source.category,
      vector: source.vector,
      landingPageId: source.landingPageId,
      fromAddress: source.fromAddress,
      phishScale: source.phishScale,
      difficulty: source.difficulty,
      texts,
      status: source.status,
      source: 'custom',
      createdByPersonId: tenant.personId,
    });
    await recordAudit(tx, tenant, { action: 'phishing.template.copy', targetType: 'phishing_template', targetId: inserted.id, details: { from: source.id }, ...origin });
    return inserted;
  });
  return { template: presentTemplate(row, tenant), changes: [] };
};

/**
 * Changes one of the organisation's own templates; the result is checked as a new template would be.
 * @throws AppError FORBIDDEN for a built-in or a caller who is not an admin; NOT_FOUND for another organisation's.
 */
export const updatePhishingTemplate = async (db: Db, tenant: Tenant, id: string, body: UpdatePhishingTemplateBody, origin: RequestOrigin): Promise<SavedPhishingTemplate> => {
  requireTemplateReader(tenant);
  const existing = await findOrFail(db, tenant, id);
  requireChangeable(tenant, existing);
  const defined = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  // A draft (written by a language model, or imported) goes live only through the approval, which
  // is audited as one; an edit cannot do it on the side.
  if (existing.status === 'draft' && body.status === 'active') {
    throw fieldError('VALIDATION_FAILED', 'body.status', 'a draft becomes active only when an admin approves it (POST /api/phishing-templates/{id}/approve/)');
  }
  const merged = createPhishingTemplateBodySchema.safeParse({ ...bodyOf(existing), ...defined });
  if (!merged.success) throw validationFailure(merged.error.issues);
  const { columns, changes } = await templateColumns(db, tenant, merged.data);
  const row = await db.transaction(async (tx) => {
    const updated = await phishingTemplatesRepository(tx, scopeOf(tenant)).update(id, { ...columns, version: existing.version + 1 });
    if (!updated) throw notFound('Phishing template');
    await recordAudit(tx, tenant, { action: 'phishing.template.update', targetType: 'phishing_template', targetId: id, details: { fields: Object.keys(defined) }, ...origin });
    return updated;
  });
  return { template: presentTemplate(row, tenant), changes };
};

/**
 * Archives one of the organisation's own templates: it leaves the library; campaigns that used it keep it.
 * @throws AppError FORBIDDEN for a built-in or a caller who is not an admin; NOT_FOUND for another organisation's.
 */
export const archivePhishingTemplate = async (db: Db, tenant: Tenant, id: string, origin: RequestOrigin) => {
  requireTemplateReader(tenant);
  const existing = await findOrFail(db, tenant, id);
  requireChangeable(tenant, existing);
  await db.transaction(async (tx) => {
    const archived = await phishingTemplatesRepository(tx, scopeOf(tenant)).update(id, { archivedAt: new Date() });
    if (!archived) throw notFound('Phishing template');
    await recordAudit(tx, tenant, { action: 'phishing.template.archive', targetType: 'phishing_template', targetId: id, details: {}, ...origin });
  });
};

/**
 * Approves a draft of the organisation's own (one a language model wrote, one imported from .eml):
 * it becomes active and campaigns may send it. The draft must pass the rules of an active lure
 * (red flags to show after a failure).
 * @throws AppError FORBIDDEN for a built-in or a caller who is not an admin; NOT_FOUND for another
 * organisation's; CONFLICT when it is already active; VALIDATION_FAILED naming what an active lure lacks.
 */
export const approvePhishingTemplate = async (db: Db, tenant: Tenant, id: string, origin: RequestOrigin): Promise<SavedPhishingTemplate> => {
  requireTemplateReader(tenant);
  const existing = await findOrFail(db, tenant, id);
  requireChangeable(tenant, existing);
  if (existing.status !== 'draft') throw new AppError('CONFLICT', 'This template is already active');
  const checked = createPhishingTemplateBodySchema.safeParse({ ...bodyOf(existing), status: 'active' });
  if (!checked.success) throw validationFailure(checked.error.issues);
  const row = await db.transaction(async (tx) => {
    const approved = await phishingTemplatesRepository(tx, scopeOf(tenant)).update(id, { status: 'active' });
    if (!approved) throw notFound('Phishing template');
    await recordAudit(tx, tenant, { action: 'phishing.template.approve', targetType: 'phishing_template', targetId: id, details: { source: existing.source }, ...origin });
    return approved;
  });
  return { template: presentTemplate(row, tenant), changes: [] };
};

// Previews lead nowhere: a token no recipient has, on the listener's address.
const previewToken = 'preview';
const previewCallbackNumber = '+1 555 0100';
const previewSenderDomain = 'sender-domain.example';

/**
 * The lure as the signed-in admin would receive it: their own name and organisation, links that
 * lead nowhere, the QR code drawn. For a sandboxed frame.
 * @throws AppError NOT_FOUND for another organisation's template; FORBIDDEN for anyone but an admin.
 */
export const previewPhishingTemplate = async (db: Db, tenant: Tenant, id: string, phishPublicUrl: string, wanted?: string): Promise<PhishingTemplatePreview> => {
  requireTemplateReader(tenant);
  const row = await findOrFail(db, tenant, id);
  const [person, organization] = await Promise.all([findCallerPerson(db, tenant), findCurrentOrganization(db, tenant)]);
  const links = trackingLinks(phishPublicUrl, previewToken);
  const lure = renderLure({
    template: row,
    language: languageOf(row, wanted),
    personalisation: {
      first_name: person?.firstName,
      last_name: person?.lastName,
      job_title: person?.jobTitle,
      company: organization?.name,
      sender_domain: previewSenderDomain,
      date: new Date().toLocaleDateString('en-US', { dateStyle: 'long' }),
    },
    links,
    callbackNumber: previewCallbackNumber,
    qrCodeDataUri: row.vector === 'qr-code' ? await QRCode.toDataURL(links.qrScan, { margin: 1, width: 200 }) : undefined,
  });
  const language = lure.language as TemplateLanguage;
  return {
    language,
    fromName: lure.fromName,
    fromAddress: lure.fromAddress,
    subject: lure.subject,
    html: lure.html,
    text: lure.text,
    sms: lure.sms ?? null,
    attachment: lure.attachment ?? null,
    redFlags: textsOf(row)[language]?.redFlags ?? [],
  };
};

/**
 * Turns an .eml file into a draft template of the organisation's own: links lead to {{link}}, the
 * HTML is cleaned, and the answer lists every change made.
 * @throws AppError VALIDATION_FAILED when the file is not a message; FORBIDDEN for anyone but an admin.
 */
export const importPhishingTemplateEml = async (
  db: Db,
  tenant: Tenant,
  raw: Buffer,
  options: { category?: TemplateCategory; language?: TemplateLanguage },
  origin: RequestOrigin,
): Promise<SavedPhishingTemplate> => {
  requireTemplateReader(tenant);
  if (raw.length === 0) throw fieldError('VALIDATION_FAILED', 'body', 'is empty; send the .eml file itself');
  const message = await importEml(raw).catch(() => {
    throw fieldError('VALIDATION_FAILED', 'body', 'is not an email message (.eml)');
  });
  if (!message.html.replace(/<[^>]*>/g, '').trim() && !message.text.trim()) throw fieldError('VALIDATION_FAILED', 'body', 'has no message text to make a lure of');
  const language = options.language ?? 'en_us';
  const body = createPhishingTemplateBodySchema.safeParse({
    category: options.category ?? templateCategories[0],
    vector: message.hasLink ? 'email-link' : 'reply',
    fromAddress: message.fromAddress,
    phishScale: { cues: { errors: 0, technical: 0, visual: 0, language: 0, tactics: 0 }, premiseAlignment: 'medium' },
    status: 'draft',
    texts: {
      [language]: {
        name: message.subject.slice(0, 80).padEnd(3, '.'),
        scenario: 'Imported from an .eml file: describe what the lure pretends and what it asks.',
        fromName: message.fromName,
        subject: message.subject,
        html: message.html,
        text: message.text || message.subject,
        redFlags: [],
      },
    },
  });
  if (!body.success) throw validationFailure(body.error.issues);
  return createPhishingTemplate(db, tenant, body.data, origin, 'imported', message.changes);
};
