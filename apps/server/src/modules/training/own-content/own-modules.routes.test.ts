import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, trainingAssignments, trainingFileChunks, trainingFiles, trainingModules } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { buildZip, scormManifest, scormPackage } from '../../../test/scorm-packages.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { builtinMediaFolder } from '../library/builtin-lessons.ts';

// A small upload limit so the 413 is cheap to prove.
const t = useTestApp({ TRAINING_UPLOAD_MAX_MB: '3', PHISH_PUBLIC_URL: 'http://sandbox.test' });
const video = readFileSync(join(builtinMediaFolder('passwords'), 'lesson.mp4'));

const buildAdmin = async () => {
  const organization = await buildOrganization(t.db, { name: 'Verdant Uploads' });
  const admin = await buildPerson(t.db, organization.id, { role: 'Admin' });
  const learner = await buildPerson(t.db, organization.id, { firstName: 'Ines' });
  return { organization, admin, learner, headers: await t.authAs(admin), learnerHeaders: await t.authAs(learner) };
};
type Admin = Awaited<ReturnType<typeof buildAdmin>>;

const uploadUrl = (query: Record<string, string> = {}) => `/api/training-modules/own/?${new URLSearchParams({ title: 'Our own lesson', summary: 'What our team should know.', topic: 'passwords', minutes: '4', languages: 'en_us,fr_fr', ...query })}`;
const upload = (who: Admin, body: Buffer, contentType: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: uploadUrl(query), headers: { ...who.headers, 'content-type': contentType }, payload: body });

const assign = async (who: Admin, moduleId: string) => {
  const assigned = await t.app.inject({
    method: 'POST',
    url: '/api/training-assignments/',
    headers: who.headers,
    payload: { moduleId, audience: { kind: 'people', ids: [who.learner.id] }, dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString() },
  });
  expect(assigned.statusCode, assigned.body).toBe(201);
  const [assignment] = await t.db.select().from(trainingAssignments).where(and(eq(trainingAssignments.personId, who.learner.id), eq(trainingAssignments.moduleId, moduleId)));
  return assignment!.id;
};

describe('POST /api/training-modules/own/ with an MP4', () => {
  it('stores the video in 1 MiB chunks, reads its length, and serves it with ranges at its signed address; captions follow', async () => {
    const who = await buildAdmin();
    const response = await upload(who, video, 'video/mp4');
    expect(response.statusCode, response.body).toBe(201);
    const summary = response.json();
    expect(summary).toMatchObject({ source: 'own', kind: 'video', title: 'Our own lesson', topic: 'passwords', minutes: 4, languages: ['en_us', 'fr_fr'], questions: 0, posterUrl: null });
    const [row] = await t.db.select().from(trainingModules).where(eq(trainingModules.id, summary.id));
    expect(row).toMatchObject({ organizationId: who.organization.id, source: 'own', kind: 'video' });
    expect(row!.durationSeconds).toBeGreaterThan(60);
    const [file] = await t.db.select().from(trainingFiles).where(eq(trainingFiles.moduleId, summary.id));
    expect(file).toMatchObject({ path: 'lesson.mp4', size: video.length, contentType: 'video/mp4' });
    const chunks = await t.db.select({ index: trainingFileChunks.index }).from(trainingFileChunks).where(eq(trainingFileChunks.fileId, file!.id)).orderBy(asc(trainingFileChunks.index));
    expect(chunks.map((chunk) => chunk.index)).toEqual([...Array(Math.ceil(video.length / 1048576)).keys()]);

    const detail = (await t.app.inject({ method: 'GET', url: `/api/training-modules/${summary.id}/`, headers: who.headers })).json();
    expect(detail.media.captions).toEqual([]);
    expect(detail.scorm).toBeNull();
    const whole = await t.app.inject({ method: 'GET', url: detail.media.videoUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(video)).toBe(true);
    // A range across the first chunk boundary reads only what it asks for.
    const part = await t.app.inject({ method: 'GET', url: detail.media.videoUrl, headers: { range: 'bytes=1048000-1049999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1048000-1049999/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(1048000, 1050000))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: detail.media.videoUrl, headers: { range: `bytes=${video.length}-` } })).statusCode).toBe(416);

    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\nBonjour\n';
    const refused = await t.app.inject({ method: 'PUT', url: `/api/training-modules/own/${summary.id}/captions/fr_fr/`, headers: { ...who.headers, 'content-type': 'text/vtt' }, payload: 'not captions' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([{ field: 'body', problem: expect.stringContaining('WebVTT') }]);
    const notItsLanguage = await t.app.inject({ method: 'PUT', url: `/api/training-modules/own/${summary.id}/captions/de_de/`, headers: { ...who.headers, 'content-type': 'text/vtt' }, payload: vtt });
    expect(notItsLanguage.json().error.details).toEqual([{ field: 'params.language', problem: expect.stringContaining('en_us, fr_fr') }]);
    const captioned = await t.app.inject({ method: 'PUT', url: `/api/training-modules/own/${summary.id}/captions/fr_fr/`, headers: { ...who.headers, 'content-type': 'text/vtt' }, payload: vtt });
    expect(captioned.statusCode, captioned.body).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: `/api/training-modules/${summary.id}/`, headers: who.headers })).json();
    expect(after.media.captions).toEqual([{ language: 'fr_fr', url: expect.stringMatching(/fr_fr\.vtt\?/) }]);
    const track = await t.app.inject({ method: 'GET', url: after.media.captions[0].url });
    expect(track.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(track.body).toBe(vtt);

    // Without a quiz, watching it to its end completes it.
    const assignmentId = await assign(who, summary.id);
    const watched = await t.app.inject({ method: 'PUT', url: `/api/my-trainings/${assignmentId}/progress/`, headers: who.learnerHeaders, payload: { watchedSeconds: row!.durationSeconds } });
    expect(watched.json()).toMatchObject({ status: 'completed', score: null });
  });

  it('refuses a file that is not an MP4, another type (415), an empty title, and a file over TRAINING_UPLOAD_MAX_MB (413), storing nothing', async () => {
    const who = await buildAdmin();
    const fake = await upload(who, Buffer.from('<html>not a video</html>'), 'video/mp4');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body', problem: expect.stringContaining('ftyp') }] });
    const gif = await upload(who, Buffer.from('GIF89a'), 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const untitled = await upload(who, video, 'video/mp4', { title: 'x' });
    expect(untitled.json().error.details).toEqual([{ field: 'querystring.title', problem: 'must be at least 3 characters' }]);
    const badQuery = await upload(who, video, 'video/mp4', { languages: 'en_us,xx_yy', minutes: '0' });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().error.details.map((detail: { field: string }) => detail.field).sort()).toEqual(['querystring.languages.1', 'querystring.minutes']);
    const large = await upload(who, Buffer.concat([video, video, video]), 'video/mp4');
    expect(large.statusCode).toBe(413);
    expect(large.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: [{ field: 'body', problem: 'must be at most 3 MB' }] });
    expect(await t.db.select().from(trainingModules).where(eq(trainingModules.organizationId, who.organization.id))).toEqual([]);
  });

  it('is for admins only', async () => {
    const who = await buildAdmin();
    const response = await t.app.inject({ method: 'POST', url: uploadUrl(), headers: { ...who.learnerHeaders, 'content-type': 'video/mp4' }, payload: video });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/training-modules/own/ with a SCORM package', () => {
  it('refuses a package with ../ or a program, naming the entry, and stores nothing', async () => {
    const who = await buildAdmin();
    const escape = await buildZip([{ path: 'imsmanifest.xml', data: scormManifest('1.2') }, { path: 'index.html', data: '<p>x</p>' }, { path: 'zz/x.html', data: 'x' }], { 'zz/x.html': '../x.html' });
    const refused = await upload(who, escape, 'application/zip');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'body: has an entry that points outside the package (..): ../x.html',
      details: [{ field: 'body', problem: 'has an entry that points outside the package (..): ../x.html', entry: '../x.html' }],
    });
    const program = await upload(who, await scormPackage('1.2', { extra: [{ path: 'tools/update.exe', data: 'MZ' }] }), 'application/zip');
    expect(program.json().error.details).toEqual([{ field: 'body', problem: expect.stringContaining('program file'), entry: 'tools/update.exe' }]);
    expect(await t.db.select().from(trainingFiles).where(eq(trainingFiles.organizationId, who.organization.id))).toEqual([]);
  });

  it('refuses a package whose entry unpacks to more than its directory says (a lying zip), keeping nothing', async () => {
    const who = await buildAdmin();
    const zip = await scormPackage('1.2', { extra: [{ path: 'notes/big.txt', data: 'a'.repeat(50_000) }] });
    // The central directory's copy of the entry (its name 46 bytes after the header) now claims 100 bytes.
    const header = zip.lastIndexOf('notes/big.txt') - 46;
    expect(zip.readUInt32LE(header)).toBe(0x02014b50);
    zip.writeUInt32LE(100, header + 24);
    const refused = await upload(who, zip, 'application/zip');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.details).toEqual([{ field: 'body', problem: expect.stringContaining('could not be unpacked at notes/big.txt'), entry: 'notes/big.txt' }]);
    expect(await t.db.select().from(trainingModules).where(eq(trainingModules.organizationId, who.organization.id))).toEqual([]);
    expect(await t.db.select().from(trainingFiles).where(eq(trainingFiles.organizationId, who.organization.id))).toEqual([]);
  });

  for (const version of ['1.2', '2004'] as const) {
    it(`stores a SCORM ${version} package, launches it from the sandbox, resumes it, and completes the assignment with its score`, async () => {
      const who = await buildAdmin();
      const response = await upload(who, await scormPackage(version, { title: `Manifest title ${version}` }), 'application/zip', { title: '' });
      expect(response.statusCode, response.body).toBe(201);
      const summary = response.json();
      expect(summary).toMatchObject({ kind: 'scorm', title: `Manifest title ${version}` });
      const files = await t.db.select({ path: trainingFiles.path, contentType: trainingFiles.contentType }).from(trainingFiles).where(eq(trainingFiles.moduleId, summary.id)).orderBy(asc(trainingFiles.path));
      expect(files).toEqual([
        { path: 'imsmanifest.xml', contentType: 'application/xml' },
        { path: 'index.html', contentType: 'text/html; charset=utf-8' },
        { path: 'sco.js', contentType: 'text/javascript; charset=utf-8' },
        { path: 'style.css', contentType: 'text/css; charset=utf-8' },
      ]);
      const preview = (await t.app.inject({ method: 'GET', url: `/api/training-modules/${summary.id}/`, headers: who.headers })).json();
      expect(preview.scorm).toEqual({ version, launchUrl: expect.stringMatching(new RegExp(`^http://sandbox\\.test/scorm/${summary.id}/\\d+/[\\w-]+/$`)), origin: 'http://sandbox.test', state: { suspendData: '', location: '' } });

      const assignmentId = await assign(who, summary.id);
      const commit = (body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/my-trainings/${assignmentId}/scorm/`, headers: who.learnerHeaders, payload: { session: 'run-0001', ...body } });
      const started = await commit(version === '1.2' ? { lessonStatus: 'incomplete', location: 'page-2', suspendData: 'step=2' } : { completionStatus: 'incomplete', location: 'page-2', suspendData: 'step=2' });
      expect(started.json()).toMatchObject({ status: 'in_progress' });
      const lesson = (await t.app.inject({ method: 'GET', url: `/api/my-trainings/${assignmentId}/`, headers: who.learnerHeaders })).json();
      expect(lesson.scorm).toMatchObject({ version, state: { suspendData: 'step=2', location: 'page-2' } });

      const finished = await commit(version === '1.2' ? { lessonStatus: 'passed', scoreRaw: 85 } : { completionStatus: 'completed', successStatus: 'passed', scoreScaled: 0.85, scoreRaw: 17 });
      expect(finished.json()).toMatchObject({ status: 'completed', score: 85, certificateUrl: `/api/my-trainings/${assignmentId}/certificate/` });
      // A finished training is left as it is.
      expect((await commit(version === '1.2' ? { lessonStatus: 'failed', scoreRaw: 10 } : { successStatus: 'failed' })).json()).toMatchObject({ status: 'completed', score: 85 });
      const trail = await t.db.select({ type: events.type, data: events.data }).from(events).where(and(eq(events.personId, who.learner.id), like(events.type, 'training_%'))).orderBy(asc(events.id));
      expect(trail.map((event) => event.type)).toEqual(['training_assigned', 'training_started', 'training_completed']);
      expect(trail[2]!.data).toMatchObject({ assignmentId, score: 85, attempts: 1 });
    });
  }

  it('counts a failed run once however often it commits, and ends the assignment when the attempts are used up', async () => {
    const who = await buildAdmin();
    await t.app.inject({ method: 'PUT', url: '/api/training-settings/', headers: who.headers, payload: { noSkipAhead: true, testOutAllowed: false, maxQuizAttempts: 2, remedial: { enabled: true, failureEvents: ['clicked'], dueInDays: 7 } } });
    const summary = (await upload(who, await scormPackage('1.2'), 'application/zip')).json();
    const assignmentId = await assign(who, summary.id);
    const commit = (session: string) => t.app.inject({ method: 'PUT', url: `/api/my-trainings/${assignmentId}/scorm/`, headers: who.learnerHeaders, payload: { session, lessonStatus: 'failed', scoreRaw: 40 } });
    expect((await commit('run-aaaa1')).json()).toMatchObject({ status: 'in_progress', attempts: 1, score: 40 });
    expect((await commit('run-aaaa1')).json()).toMatchObject({ status: 'in_progress', attempts: 1 });
    expect((await commit('run-bbbb2')).json()).toMatchObject({ status: 'failed', attempts: 2 });
    const types = (await t.db.select({ type: events.type }).from(events).where(and(eq(events.personId, who.learner.id), like(events.type, 'training_%')))).map((event) => event.type);
    expect(types.filter((type) => type === 'training_failed')).toHaveLength(2);
  });
});

describe('own modules of another organisation', () => {
  it('cannot be read, captioned, archived or committed to (404), and a video module refuses SCORM commits (409)', async () => {
    const bravo = await buildAdmin();
    const theirs = (await upload(bravo, video, 'video/mp4')).json();
    const alpha = await buildAdmin();
    expect((await t.app.inject({ method: 'GET', url: `/api/training-modules/${theirs.id}/`, headers: alpha.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/training-modules/own/${theirs.id}/archive/`, headers: alpha.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/training-modules/own/${theirs.id}/captions/en_us/`, headers: { ...alpha.headers, 'content-type': 'text/vtt' }, payload: 'WEBVTT\n' })).statusCode).toBe(404);
    const bravoAssignment = await assign(bravo, theirs.id);
    expect((await t.app.inject({ method: 'PUT', url: `/api/my-trainings/${bravoAssignment}/scorm/`, headers: alpha.learnerHeaders, payload: { session: 'run-0001', lessonStatus: 'passed' } })).statusCode).toBe(404);
    const notScorm = await t.app.inject({ method: 'PUT', url: `/api/my-trainings/${bravoAssignment}/scorm/`, headers: bravo.learnerHeaders, payload: { session: 'run-0001', lessonStatus: 'passed' } });
    expect(notScorm.statusCode).toBe(409);

    const archived = await t.app.inject({ method: 'POST', url: `/api/training-modules/own/${theirs.id}/archive/`, headers: bravo.headers });
    expect(archived.statusCode, archived.body).toBe(200);
    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/training-modules/', headers: bravo.headers })).json().items;
    expect(catalogue.map((item: { id: string }) => item.id)).not.toContain(theirs.id);
  });
});
