import { randomUUID } from 'node:crypto';
import { idpUrlPattern } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { createAuthManagement } from '@vigil/auth-provider';
import { buildOrganization, buildPerson } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

describe('GET /api/openapi.json', () => {
  it('documents every route the app serves, with its methods', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // OpenAPI writes path parameters as {id}; Fastify as :id.
    const served = t.app.routeTable
      .filter((route) => !route.hidden)
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(5);
    expect(documented.sort()).toEqual([...new Set(served)].sort());
  });

  it('describes the error shape and the spec field names', async () => {
    const body = (await t.app.inject({ url: '/api/openapi.json' })).body;
    for (const name of ['mssp_company_names', 'subordinate_email', 'onboarding_status', 'department_views', 'VALIDATION_FAILED']) {
      expect(body).toContain(name);
    }
  });

  it('serves the interactive docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

type Operation = {
  parameters?: { in: string; name: string; schema?: { enum?: string[]; default?: string } }[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

describe('the OpenAPI document tells the truth about what each route answers', () => {
  const signedInSuperadmin = async () => {
    const org = await buildOrganization(t.db);
    const admin = await buildPerson(t.db, org.id, { role: 'Superadmin' });
    await createAuthManagement(t.db).upsertUsers([{ userId: admin.authUserId!, email: admin.email, givenName: 'Ada', familyName: 'Admin', tenants: {} }]);
    return t.authAs(admin);
  };

  const mediaType = (header: unknown) => String(header ?? '').split(';')[0]!.trim();

  it('declares text/csv, with a string schema, exactly where a route answers CSV', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as OpenApiDocument;
    const headers = await signedInSuperadmin();
    const declaredCsv: string[] = [];
    const answeredCsv: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      const get = operations.get;
      if (!get) continue;
      const url = path.replace(/\{\w+\}/g, randomUUID());
      const offersCsv = get.parameters?.some((p) => p.in === 'query' && p.name === 'format' && p.schema?.enum?.includes('csv'));
      for (const query of offersCsv ? ['', '?format=csv'] : ['']) {
        const response = await t.app.inject({ url: `${url}${query}`, headers });
        const declared = get.responses?.[String(response.statusCode)]?.content ?? {};
        const type = mediaType(response.headers['content-type']);
        if (type === 'text/csv') answeredCsv.push(`GET ${path}${query}`);
        // Every answer whose status is documented has a documented content type.
        if (Object.keys(declared).length) expect(Object.keys(declared), `GET ${path}${query} answered ${response.statusCode} ${type}`).toContain(type);
      }
      // A path naming a resource is called here with an id nobody has (a 404), so only paths without
      // parameters can show that what is declared CSV is answered as CSV; the others' CSV answers are
      // checked by their own route tests.
      if (get.responses?.['200']?.content?.['text/csv']) {
        if (!path.includes('{')) declaredCsv.push(`GET ${path}?format=csv`);
        expect(get.responses['200'].content['text/csv']).toEqual({ schema: expect.objectContaining({ type: 'string' }) });
      }
    }
    expect(answeredCsv.sort()).toEqual(declaredCsv.sort());
    expect(answeredCsv).toEqual(expect.arrayContaining(['GET /api/organization/login-logs/?format=csv', 'GET /api/organization/users/?format=csv']));
  });

  it('declares no body for a 204 or 304 answer, which has none', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as OpenApiDocument;
    const withBody = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        ['204', '304'].filter((status) => operation.responses?.[status]?.content).map((status) => `${method.toUpperCase()} ${path} ${status}`),
      ),
    );
    expect(withBody).toEqual([]);
    expect(document.paths['/api/onboarding/scim-tokens/{tokenId}/']?.delete?.responses?.['204']).toEqual({ description: 'Revoked' });
  });

  it('documents the identity-provider URLs of single sign-on as https URLs (plain http only on loopback, for a local test IdP)', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as OpenApiDocument;
    const body = document.components.schemas.SaveSsoSettingsBodyInput as { properties: Record<string, { anyOf?: object[]; pattern?: string }> };
    expect(body.properties.idpSsoUrl).toEqual(expect.objectContaining({ type: 'string', format: 'uri', pattern: idpUrlPattern }));
    const pattern = new RegExp(body.properties.idpSsoUrl!.pattern!);
    expect(['https://login.example/saml', 'http://127.0.0.1:4000/sso'].every((url) => pattern.test(url))).toBe(true);
    expect(['http://login.example/saml', 'http://127.0.0.1.example/sso'].some((url) => pattern.test(url))).toBe(false);
    // Metadata carries the signing certificate: only ever fetched over https.
    expect(body.properties.idpMetadataUrl?.anyOf).toEqual([expect.objectContaining({ enum: [''] }), expect.objectContaining({ type: 'string', format: 'uri', pattern: '^https://' })]);
  });
});
