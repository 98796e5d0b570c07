import { describe, expect, it } from 'vitest';
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
