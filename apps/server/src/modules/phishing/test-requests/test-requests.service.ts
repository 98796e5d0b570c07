import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { type CreateTestRequestBody, type TestRequestAnswer, type TestRequestList, attackVectors, phishingTemplatesQuerySchema } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { decodeCursor, readKeysetPage } from '../../../lib/keyset.ts';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import { scopeOf } from '../../../lib/scope.ts';
import { type Tenant, requireAdminRole } from '../../../lib/tenant.ts';
import { recordAudit } from '../../audit-log/audit-log.service.ts';
import { checkCampaignReferences, createCampaign } from '../campaigns/campaigns.service.ts';
import { type LlmClient, LlmError } from '../llm/llm-client.ts';
import { listSendingProfiles } from '../sending-profiles/sending-profiles.service.ts';
import { createPhishingTemplate, listPhishingTemplates } from '../templates/phishing-templates.service.ts';
import { lureDraftMessages, templateFromDraft } from './lure-draft.ts';
import { categoryForScenario } from './scenario-category.ts';
import { presentTestRequest } from './test-requests.presenter.ts';
import { type TestRequestRow, testRequestsRepository } from './test-requests.repository.ts';

export type TestRequestServices = { db: Db; llm: LlmClient | undefined; log: FastifyBaseLogger };

/** @throws AppError FORBIDDEN for anyone but an admin or superadmin. */
const requireRequestAdmin = (tenant: Tenant) => requireAdminRole(tenant, 'Only an admin may request custom phishing tests');

// Mail lures only: a text message needs a phone number, a callback lure a number to call.
const mailVectors = new Set<string>(attackVectors.filter((vector) => vector !== 'sms' && vector !== 'callback'));
const draftSetSize = 5;

/** The draft campaign's name: the request's first line, shortened to fit. */
const campaignNameOf = (scenario: string) => {
  const firstLine = scenario.split('\n')[0]!.trim();
  return `Custom test: ${firstLine.length > 100 ? `${firstLine.slice(0, 99)}…` : firstLine}`;
};

/**
 * A built-in starting set for the draft campaign: up to five mail lures of the request's category
 * (or of the whole library when that category has none).
 */
const builtinSetFor = async (db: Db, tenant: Tenant, category: ReturnType<typeof categoryForScenario>) => {
  for (const filter of [{ category }, {}]) {
    const page = await listPhishingTemplates(db, tenant, phishingTemplatesQuerySchema.parse({ ...filter, source: 'builtin', limit: 100 }));
    const ids = page.items.filter((item) => mailVectors.has(item.vector)).map((item) => item.id);
    if (ids.length > 0) return ids.slice(0, draftSetSize);
  }
  throw new AppError('CONFLICT', 'The built-in lure library is empty: the server has not loaded its content');
};

const findOwn = async (db: Db, tenant: Tenant, id: string) => {
  const found = await testRequestsRepository(db, scopeOf(tenant)).find(id);
  if (!found) throw notFound('The test request');
  return found;
};

/**
 * Asks the language model for a draft lure for the request and stores it as a draft template of the
 * organisation's own (source generated), which campaigns cannot send until an admin approves it.
 * A failure is answered in words, never thrown: the request and its campaign stand either way.
 */
const draftTemplate = async ({ db, llm, log }: TestRequestServices, tenant: Tenant, request: TestRequestRow, origin: RequestOrigin): Promise<TestRequestAnswer['draft']> => {
  if (!llm) return { outcome: 'not-configured', message: null };
  try {
    const answer = await llm.completeJson(lureDraftMessages({ scenario: request.scenario, who: request.audienceNote, category: categoryForScenario(`${request.scenario} ${request.audienceNote}`) }));
    const saved = await createPhishingTemplate(db, tenant, templateFromDraft(answer), origin, 'generated');
    await testRequestsRepository(db, scopeOf(tenant)).update(request.id, { templateId: saved.template.id, status: 'drafted' });
    return { outcome: 'drafted', message: null };
  } catch (error) {
    if (error instanceof LlmError || (error instanceof AppError && error.code === 'VALIDATION_FAILED')) {
      log.warn({ testRequestId: request.id, problem: error.message }, 'the language model could not draft a lure');
      return { outcome: 'failed', message: error instanceof LlmError ? error.message : `The language model's lure was refused: ${error.message}` };
    }
    throw error;
  }
};

/**
 * Stores a custom test request with a draft campaign named after it (the organisation's first
 * sending profile, a built-in set of the category its words match, the departments asked for or
 * everyone, in business hours over a day), then, when a language model is configured, asks it for a
 * draft lure.
 * @throws AppError FORBIDDEN; VALIDATION_FAILED naming departments that are not the organisation's;
 * CONFLICT when the organisation has no sending profile yet.
 */
export const createTestRequest = async (services: TestRequestServices, tenant: Tenant, body: CreateTestRequestBody, origin: RequestOrigin): Promise<TestRequestAnswer> => {
  requireRequestAdmin(tenant);
  const { db } = services;
  const departmentIds = [...new Set(body.departmentIds)];
  const audience = departmentIds.length === 0 ? { kind: 'organization' as const } : { kind: 'departments' as const, ids: departmentIds };
  await checkCampaignReferences(db, scopeOf(tenant), { audience }, 'body.departmentIds');
  const [profile] = (await listSendingProfiles(db, tenant)).items;
  if (!profile) throw new AppError('CONFLICT', 'Add a sending profile (Configure → Testing → Sending profiles) first: the draft campaign of a custom test needs one');
  const templateIds = await builtinSetFor(db, tenant, categoryForScenario(`${body.scenario} ${body.who}`));

  const request = await db.transaction(async (tx) => {
    const repository = testRequestsRepository(tx, scopeOf(tenant));
    const inserted = await repository.insert({ requestedByPersonId: tenant.personId, scenario: body.scenario, audienceNote: body.who });
    const campaign = await createCampaign(tx, tenant, {
      name: campaignNameOf(body.scenario),
      kind: 'standard',
      templateIds,
      sendingProfileId: profile.id,
      audience,
      spreadMinutes: 24 * 60,
      businessHoursOnly: true,
    });
    await recordAudit(tx, tenant, { action: 'phishing.test-request.create', targetType: 'test_request', targetId: inserted.id, details: { campaignId: campaign.id }, ...origin });
    return (await repository.update(inserted.id, { campaignId: campaign.id }))!;
  });
  const draft = await draftTemplate(services, tenant, request, origin);
  return { request: presentTestRequest(await findOwn(db, tenant, request.id)), draft };
};

/**
 * Asks the language model again for a request that has no draft lure yet (its first try failed, or
 * the model was configured since).
 * @throws AppError FORBIDDEN; NOT_FOUND; CONFLICT when the request already has its draft lure.
 */
export const redraftTestRequest = async (services: TestRequestServices, tenant: Tenant, id: string, origin: RequestOrigin): Promise<TestRequestAnswer> => {
  requireRequestAdmin(tenant);
  const found = await findOwn(services.db, tenant, id);
  if (found.request.templateId) throw new AppError('CONFLICT', 'This request already has its draft lure; find it in the template library');
  const draft = await draftTemplate(services, tenant, found.request, origin);
  return { request: presentTestRequest(await findOwn(services.db, tenant, id)), draft };
};

const listCursor = z.tuple([z.string(), z.uuid()]);

/** Newest first, a page at a time by key, with whether a language model can draft lures. */
export const listTestRequests = async ({ db, llm }: TestRequestServices, tenant: Tenant, query: { cursor?: string; limit: number }): Promise<TestRequestList> => {
  requireRequestAdmin(tenant);
  const repository = testRequestsRepository(db, scopeOf(tenant));
  const after = query.cursor ? decodeCursor(query.cursor, listCursor) : undefined;
  const page = await readKeysetPage((key: readonly [string, string] | undefined, limit) => repository.list(key, limit), (row) => [row.sortKey, row.request.id] as const, after, query.limit);
  return { items: page.items.map(presentTestRequest), nextCursor: page.nextCursor, llmConfigured: llm !== undefined };
};

/** @throws AppError FORBIDDEN; NOT_FOUND for a request that is not the organisation's. */
export const getTestRequest = async ({ db }: TestRequestServices, tenant: Tenant, id: string) => {
  requireRequestAdmin(tenant);
  return presentTestRequest(await findOwn(db, tenant, id));
};
