import { describe, expect, it } from 'vitest';
import { buildOrganization, buildPerson } from './test/factories.ts';
import { useTestApp } from './test/test-app.ts';

const t = useTestApp();

const signedInAdmin = async () => {
  const organization = await buildOrganization(t.db);
  return t.authAs(await buildPerson(t.db, organization.id, { role: 'Superadmin' }));
};

type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

// Found by the OpenAPI fuzzer (src/test/fuzz): answers Fastify makes before a route runs.
describe('answers made before a route runs', () => {
  it('a malformed or over-long path parameter answers 400 in the API error shape', async () => {
    const headers = await signedInAdmin();
    for (const url of ['/api/mssp_company_list/%zz/', `/api/mssp_company_list/${'y'.repeat(500)}/`]) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
    }
    // The provider's paths answer in the provider's error shape.
    const provider = await t.app.inject({ url: '/v2/keys/%zz' });
    expect(provider.statusCode).toBe(400);
    expect(provider.json()).toMatchObject({ errorCode: 'E011001', errorDescription: expect.any(String) });
  });

  it('a body in a content type the route does not take answers 415, and every /api operation that can get a body documents 413 and 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/submit-feedback/',
      headers: { ...(await signedInAdmin()), 'content-type': 'application/xml' },
      payload: '<feedback/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });

    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as Document;
    const undocumented = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ key: `${method} ${path}`, method, statuses: Object.keys(operation.responses) })))
      .filter(({ method, statuses }) => method !== 'get' && !(statuses.includes('413') && statuses.includes('415')));
    expect(undocumented.map(({ key }) => key)).toEqual([]);
  });
});
