import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { trainingModules } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { builtinModule, syncLessons } from '../../../test/training-factories.ts';
import { builtinModuleRow, syncBuiltinLessons } from '../library/builtin-lessons.ts';
import { loadLessonLibrary } from '../library/lesson-library.ts';

const t = useTestApp();
let headers: { authorization: string };
let userHeaders: { authorization: string };
beforeAll(async () => {
  await syncLessons(t.db);
  const organization = await buildOrganization(t.db);
  headers = await t.authAs(await buildPerson(t.db, organization.id, { role: 'Admin' }));
  userHeaders = await t.authAs(await buildPerson(t.db, organization.id));
});

const catalogue = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/training-modules/${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as { id: string; topic: string; title: string; minutes: number; languages: string[]; questions: number; source: string }[];
};

describe('built-in lessons in training_modules', () => {
  it('holds every lesson once, with its video’s duration, and a second sync changes nothing', async () => {
    const lessons = loadLessonLibrary();
    const before = await t.db.select().from(trainingModules).where(eq(trainingModules.source, 'built-in'));
    expect(before.filter((row) => row.organizationId === null).map((row) => row.builtinSlug).sort()).toEqual(expect.arrayContaining(lessons.map((lesson) => lesson.id)));
    await Promise.all([syncLessons(t.db), syncLessons(t.db)]);
    const passwords = await builtinModule(t.db, 'passwords');
    expect(passwords.durationSeconds).toBeGreaterThan(60);
    expect(passwords.slideTimings.length).toBeGreaterThan(3);
    expect(passwords.updatedAt).toEqual(before.find((row) => row.builtinSlug === 'passwords')!.updatedAt);
  });

  it('updates a lesson when its content changes at the same version, and never goes back to an older version', async () => {
    const lesson = loadLessonLibrary().find((item) => item.id === 'mfa-fatigue')!;
    const slug = `test-${crypto.randomUUID().slice(0, 8)}`;
    const row = (text: string, version: number) => builtinModuleRow({ ...lesson, id: slug, metadata: { ...lesson.metadata, version }, texts: { en_us: { ...lesson.texts.en_us!, title: text } } }, undefined);
    const read = async () => (await t.db.select().from(trainingModules).where(eq(trainingModules.builtinSlug, slug)))[0]!;
    await syncBuiltinLessons(t.db, [row('First title', 2)]);
    await syncBuiltinLessons(t.db, [row('Fixed title', 2)]);
    expect(((await read()).texts as { en_us: { title: string } }).en_us.title).toBe('Fixed title');
    await syncBuiltinLessons(t.db, [row('Older title', 1)]);
    expect(await read()).toMatchObject({ version: 2, texts: { en_us: { title: 'Fixed title' } } });
    await t.db.delete(trainingModules).where(eq(trainingModules.builtinSlug, slug));
  });
});

describe('GET /api/training-modules/', () => {
  it('lists the library, basics first, and filters by topic, language, length and words', async () => {
    const all = await catalogue();
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(all[0]!.topic).toBe('phishing-basics');
    expect(all.every((item) => item.source === 'built-in' && item.questions >= 5)).toBe(true);

    expect((await catalogue('?topic=passkeys')).map((item) => item.topic)).toEqual(['passkeys']);
    const short = await catalogue('?maxMinutes=3');
    expect(short.length).toBeGreaterThan(0);
    expect(short.length).toBeLessThan(all.length);
    expect(short.every((item) => item.minutes <= 3)).toBe(true);
    expect((await catalogue('?language=hi_in')).every((item) => item.languages.includes('hi_in'))).toBe(true);

    const passwords = await builtinModule(t.db, 'passwords');
    const englishTitle = (passwords.texts as Record<string, { title: string }>).en_us!.title;
    expect((await catalogue(`?search=${encodeURIComponent(englishTitle.slice(0, 8).toUpperCase())}`)).map((item) => item.id)).toContain(passwords.id);
    // Titled in the language asked for; searched in it too.
    const germanTitle = (passwords.texts as Record<string, { title: string }>).de_de!.title;
    const german = await catalogue(`?language=de_de&search=${encodeURIComponent(germanTitle)}`);
    expect(german.find((item) => item.id === passwords.id)?.title).toBe(germanTitle);
    expect(await catalogue('?search=%25%25nothing-like-this')).toEqual([]);
  });

  it('refuses bad filters naming the field, and people who are not admins', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/training-modules/?maxMinutes=0&language=xx_xx', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((detail: { field: string }) => detail.field).sort()).toEqual(['querystring.language', 'querystring.maxMinutes']);
    expect((await t.app.inject({ method: 'GET', url: '/api/training-modules/', headers: userHeaders })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/training-modules/' })).statusCode).toBe(401);
  });
});

describe('GET /api/training-modules/{id}/', () => {
  it('previews a module for admins with the quiz answers, in the language asked for or English', async () => {
    const passwords = await builtinModule(t.db, 'passwords');
    const response = await t.app.inject({ method: 'GET', url: `/api/training-modules/${passwords.id}/?language=es_es`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: passwords.id, language: 'es_es', topic: 'passwords', passScore: passwords.passScore });
    expect(body.quiz.map((question: { answer: number }) => question.answer)).toEqual(passwords.answers);
    expect(body.quiz[0].explanation.length).toBeGreaterThan(10);
    expect(body.media).toMatchObject({ durationSeconds: passwords.durationSeconds, videoUrl: expect.stringContaining('/lesson.mp4?') });
    expect(body.media.captions).toHaveLength(passwords.languages.length);
    expect(body.slides[1].startSeconds).toBe(passwords.slideTimings[1]!.start);
    expect((await t.app.inject({ method: 'GET', url: `/api/training-modules/${passwords.id}/`, headers })).json().language).toBe('en_us');
  });

  it('keeps the answers from anyone but admins, and answers 404 for an unknown module', async () => {
    const passwords = await builtinModule(t.db, 'passwords');
    const asUser = await t.app.inject({ method: 'GET', url: `/api/training-modules/${passwords.id}/`, headers: userHeaders });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.body).not.toContain('explanation');
    expect((await t.app.inject({ method: 'GET', url: `/api/training-modules/${crypto.randomUUID()}/`, headers })).statusCode).toBe(404);
  });
});

describe('/api/training-settings/', () => {
  it('answers the defaults until saved, then what was saved; admins only; bad values named', async () => {
    const organization = await buildOrganization(t.db);
    const admin = await t.authAs(await buildPerson(t.db, organization.id, { role: 'Superadmin' }));
    const initial = await t.app.inject({ method: 'GET', url: '/api/training-settings/', headers: admin });
    expect(initial.json()).toEqual({ noSkipAhead: true, testOutAllowed: false, maxQuizAttempts: 0, remedial: { enabled: true, failureEvents: ['clicked', 'submitted', 'attachment_opened', 'qr_scanned', 'replied', 'called'], dueInDays: 7 }, reminders: { enabled: true, daysBefore: 2, overdueEveryDays: 7, escalateAfterDays: 7 } });
    const next = { noSkipAhead: false, testOutAllowed: true, maxQuizAttempts: 3, remedial: { enabled: false, failureEvents: ['submitted', 'submitted'], dueInDays: 14 } };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/training-settings/', headers: admin, payload: next });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().remedial.failureEvents).toEqual(['submitted']);
    expect((await t.app.inject({ method: 'GET', url: '/api/training-settings/', headers: admin })).json()).toMatchObject({ noSkipAhead: false, maxQuizAttempts: 3, remedial: { dueInDays: 14 } });
    const bad = await t.app.inject({ method: 'PUT', url: '/api/training-settings/', headers: admin, payload: { ...next, maxQuizAttempts: 11, remedial: { ...next.remedial, failureEvents: ['opened'] } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((detail: { field: string }) => detail.field).sort()).toEqual(['body.maxQuizAttempts', 'body.remedial.failureEvents.0']);
    const user = await t.authAs(await buildPerson(t.db, organization.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/training-settings/', headers: user })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/training-settings/', headers: user, payload: next })).statusCode).toBe(403);
  });
});
