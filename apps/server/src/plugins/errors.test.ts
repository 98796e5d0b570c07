import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type DatabaseConnection, departments, people, scimTokens } from '@vigil/db';
import { buildOrganization, buildPerson } from '../test/factories.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { errorsPlugin } from './errors.ts';

// Two requests that race both pass a service's "is it taken?" check; the unique index then refuses
// the second insert. These routes make that second insert directly, on a real database.
let connection: DatabaseConnection;
let app: FastifyInstance;

beforeAll(async () => {
  connection = await openTestDatabase();
  const { db } = connection;
  app = Fastify();
  await app.register(errorsPlugin);
  app.post<{ Body: { organizationId: string; email: string } }>('/people', async (request) => {
    await db.insert(people).values({ organizationId: request.body.organizationId, firstName: 'Ada', lastName: 'Byron', email: request.body.email });
    return {};
  });
  app.post<{ Body: { organizationId: string; name: string } }>('/departments', async (request) => {
    // Inside a transaction, as the import creates departments.
    await db.transaction(async (tx) => tx.insert(departments).values(request.body));
    return {};
  });
  app.post<{ Body: { organizationId: string; tokenHash: string } }>('/scim-tokens', async (request) => {
    await db.insert(scimTokens).values({ ...request.body, lastFour: request.body.tokenHash.slice(-4) });
    return {};
  });
  app.post<{ Body: { organizationId: string; authUserId: string } }>('/people-with-login', async (request) => {
    await db.insert(people).values({ ...request.body, firstName: 'Ada', lastName: 'Byron', email: `${request.body.authUserId}@example.com` });
    return {};
  });
  app.post<{ Body: { organizationId: string; topic: string } }>('/organization-name', async (request) => {
    // jsonb would refuse half a surrogate pair with a server error; a text column would keep a replacement character.
    await db.execute(sql`select ${JSON.stringify(request.body)}::jsonb`);
    return { topic: request.body.topic };
  });
  // An upload route takes its body as the raw stream (a training video, say): nothing walks it.
  app.register(async (upload) => {
    upload.addContentTypeParser('video/mp4', (_request, payload, done) => done(null, payload));
    upload.post('/upload', async (request) => {
      let bytes = 0;
      for await (const chunk of request.body as AsyncIterable<Buffer>) bytes += chunk.length;
      return { bytes };
    });
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await connection?.close();
});

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });

describe('a unique index refusing a concurrent change', () => {
  it('answers 409 naming body.email when the email is taken in the organisation, whatever its case', async () => {
    const org = await buildOrganization(connection.db);
    await buildPerson(connection.db, org.id, { email: 'ada@example.com' });
    const response = await post('/people', { organizationId: org.id, email: 'ADA@example.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'body.email: is already used by someone in this organization',
        details: [{ field: 'body.email', problem: 'is already used by someone in this organization' }],
      },
    });
  });

  it('answers 409 naming the department when two imports create the same one', async () => {
    const org = await buildOrganization(connection.db);
    expect((await post('/departments', { organizationId: org.id, name: 'Finance' })).statusCode).toBe(200);
    const response = await post('/departments', { organizationId: org.id, name: 'Finance' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'CONFLICT', details: [{ field: 'department', problem: expect.stringContaining('at the same moment') }] });
  });

  it('answers 409 when two SCIM tokens are issued at once', async () => {
    const org = await buildOrganization(connection.db);
    expect((await post('/scim-tokens', { organizationId: org.id, tokenHash: 'hash-one' })).statusCode).toBe(200);
    const response = await post('/scim-tokens', { organizationId: org.id, tokenHash: 'hash-two' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'CONFLICT', message: 'Another SCIM token was issued at the same moment; reload to see it.' } });
  });

  it('answers 409 with a generic message for any other unique index, and never repeats the values', async () => {
    const org = await buildOrganization(connection.db);
    expect((await post('/people-with-login', { organizationId: org.id, authUserId: 'U-taken-login' })).statusCode).toBe(200);
    const response = await post('/people-with-login', { organizationId: (await buildOrganization(connection.db)).id, authUserId: 'U-taken-login' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: 'This was changed by another request at the same moment; reload and try again.' },
    });
    expect(response.body).not.toContain('U-taken-login');
  });
});

describe('text that is not valid Unicode', () => {
  const raw = (body: string) => app.inject({ method: 'POST', url: '/organization-name', headers: { 'content-type': 'application/json' }, payload: body });

  it('answers 400 naming the field that holds half of a surrogate pair, before anything reaches the database', async () => {
    const response = await raw('{"organizationId":"x","topic":"\\ud800 "}');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'body.topic', problem: 'must be valid Unicode text (it holds half of a surrogate pair)' }],
    });
    const nested = await raw('{"organizationId":"x","topic":"a","tags":[{"name":"\\udc00"}]}');
    expect(nested.json().error.details[0].field).toBe('body.tags.0.name');
  });

  it('leaves a streamed upload alone: the stream reaches its route whole', async () => {
    // Over a real socket: the request object then leads to the socket, the server and their state.
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${origin}/upload`, { method: 'POST', headers: { 'content-type': 'video/mp4' }, body: Buffer.alloc(64 * 1024, 1), signal: AbortSignal.timeout(5_000) });
    expect(await response.json()).toEqual({ bytes: 64 * 1024 });
  });

  it('accepts a whole pair, such as an emoji', async () => {
    const response = await raw('{"organizationId":"x","topic":"\\ud83d\\ude00 phishing"}');
    expect(response.statusCode).toBe(200);
    expect(response.json().topic).toBe('\u{1F600} phishing');
  });
});
