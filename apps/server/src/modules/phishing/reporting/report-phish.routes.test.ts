import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaignRecipients, events } from '@vigil/db';
import { buildPerson } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { buildTrackedRecipient } from '../../../test/tracking-factories.ts';

const t = useTestApp();

const report = async (person: { authUserId: string | null }, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/report-phish/', headers: await t.authAs(person), payload: payload as object });

describe('POST /api/report-phish/', () => {
  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/report-phish/', payload: { subject: 'Invoice' } });
    expect(response.statusCode).toBe(401);
  });

  it('records a report of the caller’s own simulated lure as a success on its campaign', async () => {
    const { recipient, person } = await buildTrackedRecipient(t.db, t.app.secrets);
    const response = await report(person, { recipientId: recipient.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ simulation: true });
    const written = await t.db.select().from(events).where(eq(events.recipientId, recipient.id));
    expect(written).toMatchObject([{ type: 'reported', organizationId: recipient.organizationId, personId: person.id, campaignId: recipient.campaignId, data: { simulation: true } }]);
  });

  it('recognises a lure by its Message-ID too', async () => {
    const { recipient, person } = await buildTrackedRecipient(t.db, t.app.secrets);
    await t.db.update(campaignRecipients).set({ messageId: '<lure-1@lures.example>' }).where(eq(campaignRecipients.id, recipient.id));
    const response = await report(person, { messageId: '<lure-1@lures.example>', subject: 'Your password expires today' });
    expect(response.json()).toMatchObject({ simulation: true });
  });

  it('records anything else as a real report for the security team, with no campaign', async () => {
    const { person } = await buildTrackedRecipient(t.db, t.app.secrets);
    const response = await report(person, { messageId: '<real@attacker.example>', subject: 'Urgent wire transfer' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ simulation: false });
    const written = await t.db.select().from(events).where(eq(events.personId, person.id));
    expect(written).toMatchObject([{ type: 'reported', campaignId: null, recipientId: null, data: { simulation: false, messageId: '<real@attacker.example>', subject: 'Urgent wire transfer' } }]);
  });

  it('answers 404 for a lure sent to someone else, and records nothing', async () => {
    const { recipient, org } = await buildTrackedRecipient(t.db, t.app.secrets);
    const colleague = await buildPerson(t.db, org.id);
    const response = await report(colleague, { recipientId: recipient.id });
    expect(response.statusCode).toBe(404);
    expect(await t.db.select().from(events).where(eq(events.organizationId, org.id))).toEqual([]);
  });

  it('refuses a report that names no message, and bad fields, naming them', async () => {
    const { person } = await buildTrackedRecipient(t.db, t.app.secrets);
    const empty = await report(person, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION_FAILED');
    const bad = await report(person, { recipientId: 'not-a-uuid', subject: 'a\u0000b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((issue: { field: string }) => issue.field).sort()).toEqual(['body.recipientId', 'body.subject']);
  });
});
