import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, trainingAssignments } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { readPdfText } from '../../../test/pdf-text-reader.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { answersWithWrong, builtinModule, syncLessons } from '../../../test/training-factories.ts';

const t = useTestApp();
beforeAll(async () => {
  await syncLessons(t.db);
});

/** An organisation with an admin and a learner who has the passwords lesson assigned. */
const buildLearner = async (settings?: Record<string, unknown>) => {
  const organization = await buildOrganization(t.db, { name: 'Quillon Trial' });
  const admin = await buildPerson(t.db, organization.id, { role: 'Admin' });
  const learner = await buildPerson(t.db, organization.id, { firstName: 'Zoë', lastName: 'Łukasiewicz', preferredLanguage: 'fr_fr' });
  const adminHeaders = await t.authAs(admin);
  const headers = await t.authAs(learner);
  const module = await builtinModule(t.db, 'passwords');
  if (settings) {
    const saved = await t.app.inject({ method: 'PUT', url: '/api/training-settings/', headers: adminHeaders, payload: settings });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const assigned = await t.app.inject({
    method: 'POST',
    url: '/api/training-assignments/',
    headers: adminHeaders,
    payload: { moduleId: module.id, audience: { kind: 'people', ids: [learner.id] }, dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString() },
  });
  expect(assigned.statusCode, assigned.body).toBe(201);
  const [assignment] = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.personId, learner.id));
  return { organization, admin, learner, headers, adminHeaders, module, assignmentId: assignment!.id };
};
type Learner = Awaited<ReturnType<typeof buildLearner>>;

const progress = (who: Learner, watchedSeconds: number) => t.app.inject({ method: 'PUT', url: `/api/my-trainings/${who.assignmentId}/progress/`, headers: who.headers, payload: { watchedSeconds } });
const quiz = (who: Learner, answers: number[], language = 'en_us') => t.app.inject({ method: 'POST', url: `/api/my-trainings/${who.assignmentId}/quiz/`, headers: who.headers, payload: { language, answers } });
const trainingEvents = async (personId: string) =>
  (await t.db.select().from(events).where(and(eq(events.personId, personId), like(events.type, 'training_%'))).orderBy(asc(events.id))).map((event) => ({ type: event.type, data: event.data }));

describe('the learner’s trainings', () => {
  it('lists what is to do, in the person’s language, and moves it to completed once passed', async () => {
    const who = await buildLearner();
    const learning = await t.app.inject({ method: 'GET', url: '/api/my-trainings/', headers: who.headers });
    expect(learning.statusCode, learning.body).toBe(200);
    const [item] = learning.json().items;
    expect(item).toMatchObject({ id: who.assignmentId, status: 'assigned', reason: 'assigned', overdue: false, watchedSeconds: 0, attempts: 0, certificateUrl: null });
    expect(item.durationSeconds).toBeGreaterThan(60);
    // The person prefers French.
    expect(item.module.title).toBe((who.module.texts as Record<string, { title: string }>).fr_fr!.title);
    expect(item.module.posterUrl).toMatch(/^\/training-media\/.+\/poster\.jpg\?expires=\d+&signature=/);
    expect((await t.app.inject({ method: 'GET', url: '/api/my-trainings/?tab=completed', headers: who.headers })).json().items).toEqual([]);

    await progress(who, who.module.durationSeconds);
    expect((await quiz(who, who.module.answers)).json().passed).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/my-trainings/', headers: who.headers })).json().items).toEqual([]);
    const completed = (await t.app.inject({ method: 'GET', url: '/api/my-trainings/?tab=completed', headers: who.headers })).json().items;
    expect(completed).toMatchObject([{ id: who.assignmentId, status: 'completed', score: 100, certificateUrl: `/api/my-trainings/${who.assignmentId}/certificate/` }]);
  });

  it('gives the player the lesson without quiz answers, in the language asked, falling back to English', async () => {
    const who = await buildLearner();
    const lesson = await t.app.inject({ method: 'GET', url: `/api/my-trainings/${who.assignmentId}/?language=de_de`, headers: who.headers });
    expect(lesson.statusCode, lesson.body).toBe(200);
    const body = lesson.json();
    expect(body.language).toBe('de_de');
    expect(body.quiz).toHaveLength(who.module.questions);
    for (const question of body.quiz) expect(Object.keys(question).sort()).toEqual(['choices', 'question']);
    expect(lesson.body).not.toContain('"answer"');
    expect(lesson.body).not.toContain('explanation');
    expect(body).toMatchObject({ noSkipAhead: true, testOutAllowed: false, attemptsLeft: null });
    expect(body.slides[0].startSeconds).toBe(0);
    expect(body.slides.at(-1).endSeconds).toBeCloseTo(who.module.durationSeconds, 1);
    expect(body.media.captions.map((track: { language: string }) => track.language)).toContain('hi_in');
    expect(body.media.videoUrl).toMatch(/^\/training-media\/[0-9a-f-]+\/lesson\.mp4\?expires=\d+&signature=[\w-]+$/);
    // The person's own language when none is asked.
    expect((await t.app.inject({ method: 'GET', url: `/api/my-trainings/${who.assignmentId}/`, headers: who.headers })).json().language).toBe('fr_fr');
  });

  it('keeps the furthest point watched, never past the end, and starts the training on the first progress', async () => {
    const who = await buildLearner();
    const first = await progress(who, 30);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'in_progress', watchedSeconds: 30 });
    expect((await progress(who, 12)).json().watchedSeconds).toBe(30);
    expect((await progress(who, 86_000)).json().watchedSeconds).toBeCloseTo(who.module.durationSeconds, 3);
    const bad = await progress(who, -1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ field: 'body.watchedSeconds' })]);
    // One training_started, however many progress calls.
    expect((await trainingEvents(who.learner.id)).map((event) => event.type)).toEqual(['training_assigned', 'training_started']);
  });

  it('refuses the quiz until the video was watched to its end when skipping ahead is off (409 naming noSkipAhead)', async () => {
    const who = await buildLearner();
    await progress(who, who.module.durationSeconds - 10);
    const early = await quiz(who, who.module.answers);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.details).toEqual([expect.objectContaining({ field: 'noSkipAhead' })]);
    // Within two seconds of the end counts as the end.
    await progress(who, who.module.durationSeconds - 1.5);
    expect((await quiz(who, who.module.answers)).statusCode).toBe(200);
  });

  it('lets people test out when the organisation allows it', async () => {
    const who = await buildLearner({ noSkipAhead: true, testOutAllowed: true, maxQuizAttempts: 0, remedial: { enabled: true, failureEvents: ['clicked'], dueInDays: 7 } });
    const result = await quiz(who, who.module.answers);
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().assignment.status).toBe('completed');
    expect((await trainingEvents(who.learner.id)).map((event) => event.type)).toEqual(['training_assigned', 'training_started', 'training_completed']);
  });

  it('scores the quiz: a fail keeps it in progress, a pass completes it with score and events', async () => {
    const who = await buildLearner();
    await progress(who, who.module.durationSeconds);
    const failed = await quiz(who, answersWithWrong(who.module.answers, 3));
    expect(failed.statusCode, failed.body).toBe(200);
    const expectedScore = Math.round(((who.module.questions - 3) / who.module.questions) * 100);
    expect(failed.json()).toMatchObject({ score: expectedScore, passed: false, passScore: who.module.passScore, attemptsLeft: null, assignment: { status: 'in_progress', attempts: 1, score: expectedScore } });
    expect(failed.json().results.slice(0, 3).every((result: { correct: boolean }) => !result.correct)).toBe(true);
    expect(failed.json().results[0]).toMatchObject({ answer: who.module.answers[0], explanation: expect.any(String) });

    const passed = await quiz(who, who.module.answers, 'fr_fr');
    expect(passed.json()).toMatchObject({ score: 100, passed: true, assignment: { status: 'completed', attempts: 2, score: 100 } });
    expect(passed.json().assignment.completedAt).not.toBeNull();
    const again = await quiz(who, who.module.answers);
    expect(again.statusCode).toBe(409);

    const written = await trainingEvents(who.learner.id);
    expect(written.map((event) => event.type)).toEqual(['training_assigned', 'training_started', 'training_failed', 'training_completed']);
    expect(written[3]!.data).toMatchObject({ assignmentId: who.assignmentId, moduleId: who.module.id, score: 100, attempts: 2 });
    const [row] = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.id, who.assignmentId));
    expect(row).toMatchObject({ status: 'completed', score: 100, attempts: 2, language: 'fr_fr' });
    expect(row!.certificateId).toMatch(/^VC-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
  });

  it('fails the training when the last allowed attempt fails', async () => {
    const who = await buildLearner({ noSkipAhead: false, testOutAllowed: false, maxQuizAttempts: 2, remedial: { enabled: false, failureEvents: ['clicked'], dueInDays: 7 } });
    const wrong = answersWithWrong(who.module.answers, who.module.questions);
    const first = await quiz(who, wrong);
    expect(first.json()).toMatchObject({ score: 0, passed: false, attemptsLeft: 1, assignment: { status: 'in_progress' } });
    const second = await quiz(who, wrong);
    expect(second.json()).toMatchObject({ passed: false, attemptsLeft: 0, assignment: { status: 'failed', attempts: 2 } });
    expect((await quiz(who, who.module.answers)).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/my-trainings/?tab=completed', headers: who.headers })).json().items).toMatchObject([{ status: 'failed', certificateUrl: null }]);
  });

  it('refuses a wrong number of answers, naming answers', async () => {
    const who = await buildLearner();
    await progress(who, who.module.durationSeconds);
    const response = await quiz(who, who.module.answers.slice(1));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([expect.objectContaining({ field: 'body.answers' })]);
  });

  it('issues a certificate PDF once completed, naming the person, organisation, module, score, day and id', async () => {
    const who = await buildLearner();
    const early = await t.app.inject({ method: 'GET', url: `/api/my-trainings/${who.assignmentId}/certificate/`, headers: who.headers });
    expect(early.statusCode).toBe(409);
    await progress(who, who.module.durationSeconds);
    await quiz(who, answersWithWrong(who.module.answers, 1));
    const [row] = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.id, who.assignmentId));
    const response = await t.app.inject({ method: 'GET', url: `/api/my-trainings/${who.assignmentId}/certificate/`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`certificate-${row!.certificateId}.pdf`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = readPdfText(response.rawPayload);
    expect(text).toContain('Zoë Łukasiewicz');
    expect(text).toContain('of Quillon Trial');
    expect(text).toContain((who.module.texts as Record<string, { title: string }>).en_us!.title);
    expect(text).toContain(`with a score of ${row!.score}% on ${row!.completedAt!.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}`);
    expect(text).toContain(`Certificate ID: ${row!.certificateId}`);
  });

  it('answers 404 for someone else’s training, and for another organisation’s', async () => {
    const who = await buildLearner();
    const colleague = await buildPerson(t.db, who.organization.id);
    const colleagueHeaders = await t.authAs(colleague);
    for (const [method, suffix, payload] of [
      ['GET', '', undefined],
      ['PUT', 'progress/', { watchedSeconds: 5 }],
      ['POST', 'quiz/', { language: 'en_us', answers: who.module.answers }],
      ['GET', 'certificate/', undefined],
    ] as const) {
      const response = await t.app.inject({ method, url: `/api/my-trainings/${who.assignmentId}/${suffix}`, headers: colleagueHeaders, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${suffix}`).toBe(404);
    }
    const other = await buildOrganization(t.db);
    const stranger = await buildPerson(t.db, other.id, { role: 'Superadmin' });
    expect((await t.app.inject({ method: 'GET', url: `/api/my-trainings/${who.assignmentId}/`, headers: await t.authAs(stranger) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/my-trainings/', headers: colleagueHeaders })).json().items).toEqual([]);
    const [row] = await t.db.select().from(trainingAssignments).where(eq(trainingAssignments.id, who.assignmentId));
    expect(row).toMatchObject({ watchedSeconds: 0, status: 'assigned' });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/my-trainings/' })).statusCode).toBe(401);
  });
});
