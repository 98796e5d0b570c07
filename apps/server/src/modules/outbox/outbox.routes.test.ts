import { describe, expect, it } from 'vitest';
import { buildOrganization, buildPerson } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

describe('GET /api/outbox/', () => {
  it.each(['Admin', 'Manager', 'User'] as const)('refuses a %s with 403', async (role) => {
    const person = await buildPerson(t.db, (await buildOrganization(t.db)).id, { role });
    const response = await t.app.inject({ url: '/api/outbox/', headers: await t.authAs(person) });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });

  it('is empty for a superadmin whose people have no waiting messages', async () => {
    const person = await buildPerson(t.db, (await buildOrganization(t.db)).id, { role: 'Superadmin' });
    const response = await t.app.inject({ url: '/api/outbox/', headers: await t.authAs(person) });
    expect(response.json()).toEqual({ messages: [] });
  });
});
