import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { people } from '@vigil/db';
import { useTestApp } from '../../test/test-app.ts';
import { seedDemo } from './demo-seed.ts';

const t = useTestApp();

describe('the demo’s policies', () => {
  it('has Northwind ask everyone to acknowledge its acceptable use policy (version 2) and its security policy, some having done so', async () => {
    await seedDemo(t.db);
    const [owen] = await t.db.select().from(people).where(eq(people.email, 'owen.fletcher@northwind-logistics.example'));
    const [marcus] = await t.db.select().from(people).where(eq(people.email, 'marcus.bell@northwind-logistics.example'));

    const listed = (await t.app.inject({ method: 'GET', url: '/api/policies/', headers: await t.authAs(marcus!) })).json().items;
    expect(listed.map((policy: { title: string }) => policy.title).sort()).toEqual(['Acceptable Use Policy', 'Information Security Policy']);
    const aup = listed.find((policy: { title: string }) => policy.title === 'Acceptable Use Policy');
    expect(aup.currentVersion).toMatchObject({ version: 2, format: 'markdown', publishedBy: 'Marcus Bell' });
    expect(aup.currentVersion.changeNote).toContain('AI tools');
    expect(aup.acknowledged).toBe(26);
    expect(aup.required).toBeGreaterThan(100);

    // Owen acknowledged version 1 and the security policy: asked again for the first, done with the second.
    const mine = (await t.app.inject({ method: 'GET', url: '/api/my-policies/', headers: await t.authAs(owen!) })).json().items;
    expect(mine.map((policy: { title: string; status: string; previousVersion: number | null }) => [policy.title, policy.status, policy.previousVersion])).toEqual([
      ['Acceptable Use Policy', 'to_acknowledge', 1],
      ['Information Security Policy', 'acknowledged', null],
    ]);
    const reading = (await t.app.inject({ method: 'GET', url: `/api/my-policies/${aup.id}/`, headers: await t.authAs(owen!) })).json();
    expect(reading.document.html).toContain('<h2>AI tools</h2>');
    expect(reading.document.html).toContain('<strong>within one hour</strong>');
  });
});
