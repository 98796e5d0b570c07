import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { landingPages, phishingTemplates } from '@vigil/db';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string; name: string } };
type TenantPair = { a: Side; b: Side };
type LibraryCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: unknown; headers?: Record<string, string> };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

const words = {
  name: 'Bravo private lure',
  scenario: 'A lure only organisation B may ever see or change.',
  fromName: 'Bravo Desk',
  subject: 'Bravo subject',
  html: '<p><a href="{{link}}">Open</a></p>',
  text: 'Open {{link}}',
  redFlags: [{ cue: 'tactics', title: 'Urgency', explanation: 'Pressure to act quickly is the hook.' }],
};
const phishScale = { cues: { errors: 0, technical: 1, visual: 0, language: 1, tactics: 1 }, premiseAlignment: 'high' };
const ownTemplate = {
  category: 'it-password',
  vector: 'email-link',
  fromAddress: 'desk@{{sender_domain}}',
  phishScale,
  texts: { en_us: { ...words, name: 'Alpha lure' } },
};
const eml = 'From: "Desk" <desk@elsewhere.example>\r\nSubject: Alpha import\r\nContent-Type: text/html\r\n\r\n<p><a href="https://elsewhere.example/x">Open</a></p>\r\n';

/**
 * Tenancy-matrix cases of the template library and landing pages: A sees the built-ins and its own;
 * B's own templates and pages are never listed, previewed, copied, changed or archived.
 */
export const phishingTemplatesCases = (t: TestContext): Record<string, LibraryCase> => {
  // Set by `arrange`, read by `request` of the same case.
  let bTemplateId = '';
  let bPageId = '';
  const arrangeTemplate = async ({ b }: TenantPair) => {
    bTemplateId = randomUUID();
    await t.db.insert(phishingTemplates).values({ id: bTemplateId, organizationId: b.org.id, category: 'it-password', vector: 'email-link', fromAddress: 'desk@{{sender_domain}}', phishScale, difficulty: 5, texts: { en_us: words }, source: 'custom' });
  };
  const arrangePage = async ({ b }: TenantPair) => {
    bPageId = randomUUID();
    await t.db.insert(landingPages).values({ id: bPageId, organizationId: b.org.id, kind: 'credential-harvest', texts: { en_us: { name: 'Bravo page', description: 'Only B', title: 'Bravo', html: '<!doctype html><title>Bravo</title>', fields: [] } }, source: 'custom' });
  };
  const bTemplate = async () => (await t.db.select().from(phishingTemplates).where(eq(phishingTemplates.id, bTemplateId)))[0]!;
  const ownTemplatesOf = (organizationId: string) => t.db.select().from(phishingTemplates).where(and(eq(phishingTemplates.organizationId, organizationId), isNull(phishingTemplates.archivedAt)));
  const expectBUntouched = async (response: { statusCode: number; body: string }) => {
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Bravo');
    expect(await bTemplate()).toMatchObject({ status: 'active', archivedAt: null, version: 1, category: 'it-password' });
  };

  return {
    'GET /api/phishing-templates/': {
      arrange: arrangeTemplate,
      request: () => ({ method: 'GET', url: '/api/phishing-templates/?source=own&search=Bravo' }),
      expectIsolated: (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(bTemplateId);
      },
    },
    'GET /api/phishing-templates/:id/': { arrange: arrangeTemplate, request: () => ({ method: 'GET', url: `/api/phishing-templates/${bTemplateId}/` }), expectIsolated: expectBUntouched },
    'GET /api/phishing-templates/:id/preview/': { arrange: arrangeTemplate, request: () => ({ method: 'GET', url: `/api/phishing-templates/${bTemplateId}/preview/` }), expectIsolated: expectBUntouched },
    'POST /api/phishing-templates/': {
      request: () => ({ method: 'POST', url: '/api/phishing-templates/', payload: ownTemplate }),
      expectIsolated: async (response, { a, b }) => {
        expect(response.statusCode).toBe(201);
        expect(await ownTemplatesOf(a.org.id)).toHaveLength(1);
        expect(await ownTemplatesOf(b.org.id)).toEqual([]);
      },
    },
    'POST /api/phishing-templates/:id/copy/': {
      arrange: arrangeTemplate,
      request: () => ({ method: 'POST', url: `/api/phishing-templates/${bTemplateId}/copy/` }),
      expectIsolated: async (response, { a }) => {
        await expectBUntouched(response);
        expect(await ownTemplatesOf(a.org.id)).toEqual([]);
      },
    },
    'PATCH /api/phishing-templates/:id/': {
      arrange: arrangeTemplate,
      request: () => ({ method: 'PATCH', url: `/api/phishing-templates/${bTemplateId}/`, payload: { category: 'mfa-fatigue', status: 'draft' } }),
      expectIsolated: expectBUntouched,
    },
    'DELETE /api/phishing-templates/:id/': { arrange: arrangeTemplate, request: () => ({ method: 'DELETE', url: `/api/phishing-templates/${bTemplateId}/` }), expectIsolated: expectBUntouched },
    'POST /api/phishing-templates/import-eml/': {
      request: () => ({ method: 'POST', url: '/api/phishing-templates/import-eml/', payload: eml, headers: { 'content-type': 'message/rfc822' } }),
      expectIsolated: async (response, { a, b }) => {
        expect(response.statusCode).toBe(201);
        expect(await ownTemplatesOf(a.org.id)).toHaveLength(1);
        expect(await ownTemplatesOf(b.org.id)).toEqual([]);
      },
    },
    'GET /api/landing-pages/': {
      arrange: arrangePage,
      request: () => ({ method: 'GET', url: '/api/landing-pages/' }),
      expectIsolated: (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(bPageId);
      },
    },
    'GET /api/landing-pages/:id/preview/': {
      arrange: arrangePage,
      request: () => ({ method: 'GET', url: `/api/landing-pages/${bPageId}/preview/` }),
      expectIsolated: (response) => {
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Bravo');
      },
    },
  };
};
