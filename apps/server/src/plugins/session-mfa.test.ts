import { describe, expect, it } from 'vitest';
import { buildOrganization, buildPerson } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

describe('a session that still owes a second factor', () => {
  it('opens no /api route until the person confirms it (adaptive controls), and says why', async () => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    for (const url of ['/api/personal_user_data/', '/api/my-risk/', '/api/my-trainings/?tab=learning']) {
      const refused = await t.app.inject({ url, headers: await t.authAs(person, { mfaRequired: true }) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'MFA_REQUIRED', message: expect.stringContaining('confirm it is you') });
    }
    expect((await t.app.inject({ url: '/api/personal_user_data/', headers: await t.authAs(person) })).statusCode).toBe(200);
  });
});
