import { describe, expect, it } from 'vitest';
import { buildOrganization } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import { storeCompanyLogo } from './company-logos.service.ts';

const t = useTestApp();

describe('GET /cdn/company-logos/{file}', () => {
  it('serves a stored logo without a session, cached for a year, and answers 304 to a revalidation', async () => {
    const org = await buildOrganization(t.db);
    const content = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const fileName = await storeCompanyLogo(t.db, { organizationId: org.id, slug: 'acme', content, contentType: 'image/svg+xml' });

    const response = await t.app.inject({ url: `/cdn/company-logos/${fileName}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.rawPayload.equals(content)).toBe(true);

    const again = await t.app.inject({ url: `/cdn/company-logos/${fileName}`, headers: { 'if-none-match': response.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it.each(['missing-0123456789ab.svg', '..%2F..%2Fetc%2Fpasswd', 'x.exe'])('answers 404 for %s, in the API error shape', async (file) => {
    const response = await t.app.inject({ url: `/cdn/company-logos/${file}` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it.each([
    ['a broken percent-encoding', '%'],
    ['a name over 120 characters', `${'a'.repeat(121)}.svg`],
  ])('answers 400 in the API error shape for %s', async (_, file) => {
    const response = await t.app.inject({ url: `/cdn/company-logos/${file}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('documents every answer it gives: the image, 304, and the API error shape for 400 and 404', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: object }> }> } }>;
    };
    const { responses } = document.paths['/cdn/company-logos/{file}']!.get;
    expect(Object.keys(responses).sort()).toEqual(['200', '304', '400', '404']);
    expect(Object.keys(responses['200']!.content!).sort()).toEqual(['image/jpeg', 'image/png', 'image/svg+xml', 'image/webp']);
    expect(responses['304']!.content).toBeUndefined();
    for (const status of ['400', '404']) expect(responses[status]!.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } });
  });
});
