import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, trainingAssignments, trainingModules } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { fakeTranslation, startFakeTranslator } from '../../../test/fake-translator.ts';
import { buildOwnModule } from '../../../test/own-module-factory.ts';
import { loggerOptions } from '../../../lib/logger.ts';
import { startTestApp, useTestApp } from '../../../test/test-app.ts';
import { builtinModuleId } from '../library/builtin-lessons.ts';
import { syncLessons } from '../../../test/training-factories.ts';

const apiKey = 'libre-key-0123456789-not-for-logs';
const fake = await startFakeTranslator({ apiKey });
const logs: string[] = [];
const t = useTestApp(
  { TRANSLATE_URL: fake.url, TRANSLATE_API_KEY: apiKey, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
  { logger: (config) => ({ ...(loggerOptions(config) as object), level: 'trace', stream: { write: (line: string) => void logs.push(line) } }) },
);
afterAll(async () => fake.close());
beforeAll(async () => {
  await syncLessons(t.db);
});
beforeEach(() => fake.reset());

const quiz = [
  { question: 'Who may ask you to change a supplier’s bank details by email?', choices: ['Nobody: confirm by phone on a known number', 'The supplier', 'Your manager'], answer: 0, explanation: 'Payment changes are confirmed on a channel you already trust.' },
  { question: 'What do you do with a suspicious invoice?', choices: ['Pay it quickly', 'Report it'], answer: 1, explanation: 'Reporting lets the security team warn others.' },
];

const setUp = async () => {
  const organization = await buildOrganization(t.db, { name: 'Texts Org' });
  const admin = await buildPerson(t.db, organization.id, { role: 'Admin', firstName: 'Ada', lastName: 'Reviewer' });
  const headers = await t.authAs(admin);
  const module = await buildOwnModule(t.db, organization.id, { en_us: { title: 'Payment fraud at Texts Org', summary: 'How our finance team confirms payment changes.', quiz }, fr_fr: { title: 'Payment fraud at Texts Org' } });
  return { organization, admin, headers, module, url: `/api/training-modules/${module.id}` };
};

describe('own module texts', () => {
  it('reads every language of an own module, and says machine translation is configured and into which languages', async () => {
    const { headers, url, module } = await setUp();
    const response = await t.app.inject({ method: 'GET', url: `${url}/texts/`, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      moduleId: module.id,
      kind: 'video',
      version: 1,
      languages: ['en_us', 'fr_fr'],
      machineTranslation: { configured: true, provider: 'libretranslate', languages: expect.arrayContaining(['hi_in', 'pt_br']) },
    });
    const english = response.json().texts.find((text: { language: string }) => text.language === 'en_us');
    expect(english).toMatchObject({ title: 'Payment fraud at Texts Org', quiz, needsReview: false, translation: { machineTranslated: false, reviewedAt: null } });
  });

  it('refuses a built-in lesson with a clear 409, another organisation’s module with 404, and a learner with 403', async () => {
    const { headers, url } = await setUp();
    const builtin = await t.app.inject({ method: 'GET', url: `/api/training-modules/${builtinModuleId('passwords')}/texts/`, headers });
    expect(builtin.statusCode).toBe(409);
    expect(builtin.json().error.message).toMatch(/Built-in lessons cannot be edited/);
    const other = await buildOrganization(t.db, { name: 'Other Org' });
    const otherAdmin = await buildPerson(t.db, other.id, { role: 'Admin' });
    const foreign = await t.app.inject({ method: 'PUT', url: `${url}/texts/en_us/`, headers: await t.authAs(otherAdmin), payload: { title: 'Taken over', quiz: [] } });
    expect(foreign.statusCode).toBe(404);
    const learner = await buildPerson(t.db, (await t.db.select().from(trainingModules).where(eq(trainingModules.id, url.split('/').at(-1)!)))[0]!.organizationId!);
    expect((await t.app.inject({ method: 'GET', url: `${url}/texts/`, headers: await t.authAs(learner) })).statusCode).toBe(403);
  });

  it('saves a language’s title, summary and quiz, adds a new language, and counts a new version when a quiz changes', async () => {
    const { headers, url, module } = await setUp();
    const saved = await t.app.inject({ method: 'PUT', url: `${url}/texts/de_de/`, headers, payload: { title: 'Zahlungsbetrug', summary: 'Wie wir Zahlungsänderungen bestätigen.', quiz: [{ ...quiz[1], question: 'Was tun Sie mit einer verdächtigen Rechnung?' }] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ languages: ['en_us', 'fr_fr', 'de_de'], version: 2 });
    const titleOnly = await t.app.inject({ method: 'PUT', url: `${url}/texts/de_de/`, headers, payload: { title: 'Zahlungsbetrug erkennen', summary: 'Kurz.', quiz: [{ ...quiz[1], question: 'Was tun Sie mit einer verdächtigen Rechnung?' }] } });
    expect(titleOnly.json()).toMatchObject({ version: 2 });
    const [row] = await t.db.select().from(trainingModules).where(eq(trainingModules.id, module.id));
    expect((row!.texts as Record<string, { title: string; slides: unknown[] }>).de_de).toMatchObject({ title: 'Zahlungsbetrug erkennen', slides: [] });
  });

  it('names the field of a bad quiz (400), and refuses a quiz on a SCORM module', async () => {
    const { headers, url, organization } = await setUp();
    const bad = await t.app.inject({ method: 'PUT', url: `${url}/texts/en_us/`, headers, payload: { title: 'Fine title', quiz: [{ question: 'Which?', choices: ['One', 'Two'], answer: 2, explanation: '' }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ field: 'body.quiz.0.answer' })]);
    const badLanguage = await t.app.inject({ method: 'PUT', url: `${url}/texts/xx_xx/`, headers, payload: { title: 'Fine title' } });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json().error.details).toEqual([expect.objectContaining({ field: 'params.language' })]);
    const scorm = await buildOwnModule(t.db, organization.id, { en_us: { title: 'A package' } }, { kind: 'scorm', scormVersion: '1.2', launchPath: 'index.html' });
    const refused = await t.app.inject({ method: 'PUT', url: `/api/training-modules/${scorm.id}/texts/en_us/`, headers, payload: { title: 'A package', quiz } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([expect.objectContaining({ field: 'body.quiz' })]);
  });
});

describe('machine translation of an own module (against a local LibreTranslate)', () => {
  it('translates every string in one request per language, marks it machine-translated until reviewed, and the learner sees the note until then', async () => {
    const { headers, url, module, organization } = await setUp();
    const kept = await t.app.inject({ method: 'POST', url: `${url}/translate/`, headers, payload: { from: 'en_us', to: ['fr_fr', 'hi_in'] } });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error.details).toEqual([expect.objectContaining({ field: 'body.to', problem: expect.stringContaining('fr_fr already has words a person wrote') })]);
    expect(fake.requests).toHaveLength(0);

    const response = await t.app.inject({ method: 'POST', url: `${url}/translate/`, headers, payload: { from: 'en_us', to: ['fr_fr', 'hi_in'], overwrite: true } });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.requests.map((request) => request.body.target)).toEqual(['fr', 'hi']);
    // Title, summary, and per question: the question, its choices and the explanation.
    expect((fake.requests[0]!.body.q as string[]).length).toBe(2 + (1 + 3 + 1) + (1 + 2 + 1));
    const body = response.json();
    expect(body.translated).toEqual(['fr_fr', 'hi_in']);
    expect(body.texts.languages).toEqual(['en_us', 'fr_fr', 'hi_in']);
    const hindi = body.texts.texts.find((text: { language: string }) => text.language === 'hi_in');
    expect(hindi).toMatchObject({
      title: fakeTranslation('Payment fraud at Texts Org', 'hi'),
      quiz: [{ question: fakeTranslation(quiz[0]!.question, 'hi'), choices: quiz[0]!.choices.map((choice) => fakeTranslation(choice, 'hi')), answer: 0 }, { answer: 1 }],
      needsReview: true,
      translation: { machineTranslated: true, sourceLanguage: 'en_us', provider: 'libretranslate', reviewedAt: null },
    });
    // Each language saved with a new quiz is a new version (assignments name the version people took).
    expect(body.texts.version).toBe(3);
    expect(response.body).not.toContain(apiKey);

    // The learner taking it in Hindi sees the note; once reviewed, no longer.
    const learner = await buildPerson(t.db, organization.id, { preferredLanguage: 'hi_in' });
    const [assignment] = await t.db.insert(trainingAssignments).values({ organizationId: organization.id, personId: learner.id, moduleId: module.id, dueAt: new Date(Date.now() + 86_400_000) }).returning();
    const lesson = () => t.app.inject({ method: 'GET', url: `/api/my-trainings/${assignment!.id}/?language=hi_in`, headers: learnerHeaders });
    const learnerHeaders = await t.authAs(learner);
    expect((await lesson()).json()).toMatchObject({ language: 'hi_in', machineTranslated: true, quiz: [{ question: fakeTranslation(quiz[0]!.question, 'hi') }, {}] });
    // The translated quiz keeps the right answers: the learner passes it in Hindi.
    await t.app.inject({ method: 'PUT', url: `/api/my-trainings/${assignment!.id}/progress/`, headers: learnerHeaders, payload: { watchedSeconds: 60 } });
    const scored = await t.app.inject({ method: 'POST', url: `/api/my-trainings/${assignment!.id}/quiz/`, headers: learnerHeaders, payload: { language: 'hi_in', answers: [0, 1] } });
    expect(scored.statusCode, scored.body).toBe(200);
    expect(scored.json()).toMatchObject({ score: 100, passed: true, results: [{ correct: true, explanation: fakeTranslation(quiz[0]!.explanation, 'hi') }, { correct: true }] });

    const reviewed = await t.app.inject({ method: 'POST', url: `${url}/texts/hi_in/review/`, headers });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().texts.find((text: { language: string }) => text.language === 'hi_in')).toMatchObject({ needsReview: false, translation: { machineTranslated: true, reviewedBy: 'Ada Reviewer', reviewedAt: expect.any(String) } });
    expect((await lesson()).json()).toMatchObject({ machineTranslated: false });
    const english = await t.app.inject({ method: 'POST', url: `${url}/texts/en_us/review/`, headers });
    expect(english.statusCode).toBe(409);

    const audited = await t.db.select().from(auditLog).where(eq(auditLog.targetId, module.id));
    expect(audited.map((entry) => entry.action).sort()).toEqual(['training-module.texts.review', 'training-module.texts.translate']);
  });

  it('a translation not yet reviewed is replaced without overwrite; the service failing is a 502 with its words, never the key', async () => {
    const { headers, url } = await setUp();
    expect((await t.app.inject({ method: 'POST', url: `${url}/translate/`, headers, payload: { from: 'en_us', to: ['it_it'] } })).statusCode).toBe(200);
    fake.failNext({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const failed = await t.app.inject({ method: 'POST', url: `${url}/translate/`, headers, payload: { from: 'en_us', to: ['it_it'] } });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toMatchObject({ code: 'BAD_GATEWAY', message: expect.stringContaining('LibreTranslate at 127.0.0.1') });
    expect(failed.json().error.message).toContain('Internal server error');
    expect(failed.body).not.toContain(apiKey);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(apiKey);
  });

  it('names a bad request: the language translated from must be the module’s, and not among the targets', async () => {
    const { headers, url } = await setUp();
    const missing = await t.app.inject({ method: 'POST', url: `${url}/translate/`, headers, payload: { from: 'de_de', to: ['it_it'] } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([expect.objectContaining({ field: 'body.from' })]);
    const same = await t.app.inject({ method: 'POST', url: `${url}/translate/`, headers, payload: { from: 'en_us', to: ['en_us'] } });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.details).toEqual([expect.objectContaining({ field: 'body.to' })]);
  });

  it('without TRANSLATE_URL: the texts say it is not configured and translating answers 503 saying how to configure it', async () => {
    const plain = await startTestApp(t.connection, {});
    try {
      const { module } = await setUp();
      const admin = await buildPerson(t.db, module.organizationId!, { role: 'Admin' });
      const headers = await plain.authAs(admin);
      const texts = await plain.app.inject({ method: 'GET', url: `/api/training-modules/${module.id}/texts/`, headers });
      expect(texts.json().machineTranslation).toEqual({ configured: false, provider: null, languages: [] });
      const refused = await plain.app.inject({ method: 'POST', url: `/api/training-modules/${module.id}/translate/`, headers, payload: { from: 'en_us', to: ['it_it'] } });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.message).toMatch(/TRANSLATE_URL.*TRANSLATE_API_KEY/);
    } finally {
      await plain.close();
    }
  });
});
