import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { createAuthManagement, hashPassword } from '@vigil/auth-provider';
import { testProjectId, useTestApp } from '../test/test-app.ts';

// The embedded provider runs in the app, as with `npm start`: its routes are the app's too.
const t = useTestApp({}, { embeddedAuth: true });

type Schema = Record<string, unknown>;
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown> } };

const providerPrefixes = ['/v1/auth/', '/v1/flow/', '/v2/keys/', '/v1/keys/'];
const isProviderPath = (url: string) => providerPrefixes.some((prefix) => url.startsWith(prefix));
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

const loadDocument = async () => (await t.app.inject({ url: '/api/openapi.json' })).json() as Document;

/** Checks a body against what the document promises for that operation and status. */
const matchesDocumented = (document: Document, operation: Operation, status: number, body: unknown) => {
  const schema = operation.responses[String(status)]?.content?.['application/json']?.schema;
  if (!schema) return [`status ${status} is not documented`];
  const validate = new Ajv({ strict: false }).compile({ allOf: [schema], components: document.components });
  return validate(body) ? [] : validate.errors!.map((error) => `${error.instancePath} ${error.message}`);
};

const post = (url: string, body: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${testProjectId}${token ? `:${token}` : ''}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('the OpenAPI document tells the truth about the embedded provider', () => {
  it('documents every provider route the app serves', async () => {
    const document = await loadDocument();
    const served = t.app.routeTable.filter((route) => isProviderPath(route.url));
    expect(served.length).toBeGreaterThan(30);
    const missing = served.filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('gives each provider operation its request schemas, its answer and its errors in the provider shape', async () => {
    const document = await loadDocument();
    expect(document.components.securitySchemes).toHaveProperty('authProviderProject');
    for (const route of t.app.routeTable.filter((r) => isProviderPath(r.url))) {
      const operation = document.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      const where = `${route.method} ${route.url}`;
      expect(operation.responses['200']?.content?.['application/json']?.schema, where).toBeTruthy();
      if (route.method === 'POST') {
        expect(operation.requestBody?.content['application/json']?.schema, where).toBeTruthy();
        expect(operation.responses, where).toHaveProperty('400');
      }
      for (const name of route.url.match(/:(\w+)/g) ?? []) {
        expect(operation.parameters?.some((p) => p.in === 'path' && p.name === name.slice(1)), where).toBe(true);
      }
      if (route.url.startsWith('/v1/auth/') || route.url.startsWith('/v1/flow/')) {
        expect(operation.security, where).toEqual([{ authProviderProject: [] }]);
        expect(operation.responses, where).toHaveProperty('401');
      }
      for (const [status, response] of Object.entries(operation.responses).filter(([status]) => status !== '200')) {
        expect(JSON.stringify(response.content), `${where} ${status}`).toContain('#/components/schemas/AuthProviderError');
      }
    }
    // Throttled routes say how long to wait.
    const signIn = document.paths['/v1/auth/password/signin']!.post!;
    expect(signIn.responses['429']?.headers).toHaveProperty('retry-after');
  });

  it('answers as documented: a session, a schema failure in the provider shape, an unknown project, a rate limit', async () => {
    const document = await loadDocument();
    const signInOperation = document.paths['/v1/auth/password/signin']!.post!;
    const management = createAuthManagement(t.db);
    const email = `openapi.${Date.now()}@vigil.test`;
    await management.upsertUsers([{ userId: `Uopenapi${Date.now()}`, email, givenName: 'Open', familyName: 'Api', tenants: {}, passwordHash: await hashPassword('documented passphrase') }]);

    const signedIn = await post('/v1/auth/password/signin', { loginId: email, password: 'documented passphrase' });
    expect(signedIn.statusCode).toBe(200);
    expect(matchesDocumented(document, signInOperation, 200, signedIn.json())).toEqual([]);

    const me = await t.app.inject({ url: '/v1/auth/me', headers: { authorization: `Bearer ${testProjectId}:${signedIn.json().refreshJwt}` } });
    expect(matchesDocumented(document, document.paths['/v1/auth/me']!.get!, me.statusCode, me.json())).toEqual([]);

    // A body that does not match the documented schema is refused by the provider, in its own shape.
    const broken = await post('/v1/auth/password/signin', { loginId: 5, password: ['x'] });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ errorCode: 'E011003', errorDescription: expect.stringContaining('loginId'), errorMessage: expect.any(String) });
    expect(matchesDocumented(document, signInOperation, 400, broken.json())).toEqual([]);

    const unknownProject = await t.app.inject({ method: 'POST', url: '/v1/auth/password/signin', headers: { authorization: 'Bearer P2someoneelse' }, payload: {} });
    expect(matchesDocumented(document, signInOperation, unknownProject.statusCode, unknownProject.json())).toEqual([]);

    let limited = await post('/v1/auth/password/signin', { loginId: email, password: 'not the passphrase' });
    for (let i = 0; i < 12 && limited.statusCode !== 429; i++) limited = await post('/v1/auth/password/signin', { loginId: email, password: 'not the passphrase' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(matchesDocumented(document, signInOperation, 429, limited.json())).toEqual([]);

    const keys = await t.app.inject({ url: `/v2/keys/${testProjectId}` });
    expect(matchesDocumented(document, document.paths[`/v2/keys/${testProjectId}`]!.get!, 200, keys.json())).toEqual([]);
    const otherProject = await t.app.inject({ url: '/v2/keys/P2someoneelse' });
    expect(otherProject.statusCode).toBe(404);
    expect(otherProject.json()).toMatchObject({ errorCode: 'E011404' });
  });
});
