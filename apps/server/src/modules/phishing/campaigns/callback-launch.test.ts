import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { buildPhishingTemplate, buildSendingProfile } from '../../../test/phishing-factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

// A server without CALLBACK_NUMBER.
const t = useTestApp();

describe('launching a callback lure without a number to call', () => {
  it('is refused with 409 naming templateIds and CALLBACK_NUMBER, and nobody is scheduled; other lures launch', async () => {
    const organization = await buildOrganization(t.db);
    const admin = await buildPerson(t.db, organization.id, { role: 'Admin' });
    const headers = await t.authAs(admin);
    const profile = await buildSendingProfile(t.db, t.app.secrets, organization.id, { host: '127.0.0.1', port: 2525 });
    const callback = await buildPhishingTemplate(t.db, organization.id, { vector: 'callback' });
    const link = await buildPhishingTemplate(t.db, organization.id);
    const create = async (templateIds: string[]) =>
      (await t.app.inject({ method: 'POST', url: '/api/campaigns/', headers, payload: { name: 'Callback', templateIds, sendingProfileId: profile.id, audience: { kind: 'organization' } } })).json().id as string;

    const withCallback = await create([link.id, callback.id]);
    const refused = await t.app.inject({ method: 'POST', url: `/api/campaigns/${withCallback}/launch/`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'CONFLICT', details: [{ field: 'templateIds', problem: expect.stringContaining('CALLBACK_NUMBER') }] });
    expect(await t.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, withCallback))).toEqual([]);

    const withoutCallback = await create([link.id]);
    expect((await t.app.inject({ method: 'POST', url: `/api/campaigns/${withoutCallback}/launch/`, headers })).statusCode).toBe(200);
  });
});
