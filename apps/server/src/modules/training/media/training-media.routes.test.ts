import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { builtinModule, syncLessons } from '../../../test/training-factories.ts';
import { builtinMediaFolder } from '../library/builtin-lessons.ts';
import { signMediaUrl } from './training-media.ts';

const t = useTestApp();
let moduleId = '';
let video: Buffer;
beforeAll(async () => {
  await syncLessons(t.db);
  moduleId = (await builtinModule(t.db, 'passwords')).id;
  video = readFileSync(join(builtinMediaFolder('passwords'), 'lesson.mp4'));
});

describe('GET /training-media/{moduleId}/{file}', () => {
  it('serves the whole video at a signed address, with ranges, long caching and its type; no session needed', async () => {
    const url = signMediaUrl(t.app.secrets, moduleId, 'lesson.mp4');
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(video.length);
    expect(whole.headers['cache-control']).toMatch(/^private, max-age=\d{4,5}, immutable$/);
    expect(whole.rawPayload.equals(video)).toBe(true);

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-100' } });
    expect(tail.rawPayload.equals(video.subarray(video.length - 100))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${video.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);
  });

  it('serves the poster and every caption track with their types', async () => {
    const poster = await t.app.inject({ method: 'GET', url: signMediaUrl(t.app.secrets, moduleId, 'poster.jpg') });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const captions = await t.app.inject({ method: 'GET', url: signMediaUrl(t.app.secrets, moduleId, 'hi_in.vtt') });
    expect(captions.statusCode).toBe(200);
    expect(captions.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(captions.body.startsWith('WEBVTT')).toBe(true);
  });

  it('refuses an expired, tampered or borrowed signature (403), and files a module does not serve (404)', async () => {
    const good = signMediaUrl(t.app.secrets, moduleId, 'lesson.mp4');
    const expired = signMediaUrl(t.app.secrets, moduleId, 'lesson.mp4', new Date(Date.now() - 8 * 3_600_000));
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    const tampered = good.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const longer = good.replace(/expires=(\d+)/, (_match, expires: string) => `expires=${Number(expires) + 3600}`);
    expect((await t.app.inject({ method: 'GET', url: longer })).statusCode).toBe(403);
    // The poster's signature does not open the video.
    const borrowed = signMediaUrl(t.app.secrets, moduleId, 'poster.jpg').replace('poster.jpg', 'lesson.mp4');
    const refused = await t.app.inject({ method: 'GET', url: borrowed });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect((await t.app.inject({ method: 'GET', url: signMediaUrl(t.app.secrets, moduleId, 'timing.json') })).statusCode).toBe(404);
    // A path outside the media folder is never served, signed or not.
    expect((await t.app.inject({ method: 'GET', url: signMediaUrl(t.app.secrets, moduleId, '..%2Flesson.json') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/training-media/${moduleId}/..%2Flesson.json?${signMediaUrl(t.app.secrets, moduleId, '../lesson.json').split('?')[1]}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: signMediaUrl(t.app.secrets, crypto.randomUUID(), 'lesson.mp4') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/training-media/${moduleId}/lesson.mp4` })).statusCode).toBe(400);
  });
});
