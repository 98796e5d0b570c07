import { describe, expect, it } from 'vitest';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { feedbackRepository } from './feedback.repository.ts';
import { resolveTenantFor } from '../../test/tenants.ts';

const t = useTestApp();

describe('POST /api/submit-feedback/', () => {
  it('stores the trimmed message with its sender and organisation', async () => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/submit-feedback/',
      headers: await t.authAs(person),
      payload: { message: '  The phishing test was convincing!\n\tThanks.  ' },
    });
    expect(response.statusCode).toBe(200);
    const stored = await feedbackRepository(t.db, await resolveTenantFor(t.db, person)).listRecent();
    expect(stored).toEqual([
      expect.objectContaining({ id: response.json().id, message: 'The phishing test was convincing!\n\tThanks.', senderPersonId: person.id, organizationId: org.id }),
    ]);
  });

  it.each([
    ['missing', {}, 'body.message'],
    ['empty', { message: '' }, 'body.message'],
    ['only spaces', { message: '   \n ' }, 'body.message'],
    ['not text', { message: 42 }, 'body.message'],
    ['too long', { message: 'x'.repeat(5001) }, 'body.message'],
    ['NUL-bearing', { message: 'hello\u0000world' }, 'body.message'],
  ])('refuses a %s message with 400 naming the field, and stores nothing', async (_case, payload, field) => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    const response = await t.app.inject({ method: 'POST', url: '/api/submit-feedback/', headers: await t.authAs(person), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field })] });
    expect(await feedbackRepository(t.db, await resolveTenantFor(t.db, person)).listRecent()).toEqual([]);
  });

  it('refuses malformed JSON and a non-JSON body with a 4xx in the error shape', async () => {
    const person = await buildPerson(t.db, (await buildOrganization(t.db)).id);
    const headers = await t.authAs(person);
    const postRaw = (contentType: string, payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/submit-feedback/', headers: { ...headers, 'content-type': contentType }, payload });
    const malformed = await postRaw('application/json', '{"message": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_FAILED');
    const xml = await postRaw('application/xml', '<message>hello</message>');
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const text = await postRaw('text/plain', 'hello');
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'body' }] });
  });
});
