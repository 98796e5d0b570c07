import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { trainingModules } from '@vigil/db';
import { buildOwnModule } from './own-module-factory.ts';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string } };
type TenantPair = { a: Side; b: Side };
type TextsCase = {
  arrange?: (tenants: TenantPair) => Promise<void>;
  request: (tenants: TenantPair) => { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown };
  expectIsolated: (response: { statusCode: number; body: string }, tenants: TenantPair) => Promise<void> | void;
};

/**
 * Tenancy-matrix cases of own modules' words: B's module's texts are never read, saved, reviewed
 * or machine-translated by A (404, and B's row keeps its words and version).
 */
export const trainingTextsCases = (t: TestContext): Record<string, TextsCase> => {
  let moduleId = '';
  const arrange = async ({ b }: TenantPair) => {
    const module = await buildOwnModule(t.db, b.org.id, {
      en_us: { title: 'Bravo own module', summary: 'Bravo summary', quiz: [{ question: 'Bravo question?', choices: ['Bravo yes', 'Bravo no'], answer: 0, explanation: 'Bravo because' }] },
      fr_fr: { title: 'Bravo module propre', translation: { machineTranslated: true, sourceLanguage: 'en_us', provider: 'libretranslate', translatedAt: new Date().toISOString(), reviewedAt: null, reviewedBy: null } },
    });
    moduleId = module.id;
  };
  const expectBUntouched = async (response: { statusCode: number; body: string }) => {
    expect(response.statusCode, response.body).toBe(404);
    expect(response.body).not.toContain('Bravo');
    const [row] = await t.db.select().from(trainingModules).where(eq(trainingModules.id, moduleId));
    expect(row).toMatchObject({ version: 1, languages: ['en_us', 'fr_fr'] });
    expect(row!.texts).toMatchObject({ en_us: { title: 'Bravo own module' }, fr_fr: { title: 'Bravo module propre', translation: { reviewedAt: null } } });
  };
  return {
    'GET /api/training-modules/:id/texts/': { arrange, request: () => ({ method: 'GET', url: `/api/training-modules/${moduleId}/texts/` }), expectIsolated: expectBUntouched },
    'PUT /api/training-modules/:id/texts/:language/': {
      arrange,
      request: () => ({ method: 'PUT', url: `/api/training-modules/${moduleId}/texts/en_us/`, payload: { title: 'Taken over by Alpha', summary: '', quiz: [] } }),
      expectIsolated: expectBUntouched,
    },
    'POST /api/training-modules/:id/texts/:language/review/': { arrange, request: () => ({ method: 'POST', url: `/api/training-modules/${moduleId}/texts/fr_fr/review/` }), expectIsolated: expectBUntouched },
    'POST /api/training-modules/:id/translate/': {
      arrange,
      request: () => ({ method: 'POST', url: `/api/training-modules/${moduleId}/translate/`, payload: { from: 'en_us', to: ['de_de'] } }),
      // Without a translation service in the matrix's app, the refusal must still be the 404 of a module A cannot see.
      expectIsolated: expectBUntouched,
    },
  };
};
