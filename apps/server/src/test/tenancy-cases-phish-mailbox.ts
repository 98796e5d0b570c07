import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Db, type Person, phishMailboxes, reportedMessages } from '@vigil/db';
import type { TestContext } from './test-app.ts';

type Side = { org: { id: string }; admin: Person };
type TenantPair = { a: Side; b: Side };

/** B's mailbox settings and one reported message waiting for triage. */
const arrangeMailbox = async (db: Db, t: TestContext, side: Side, host: string) => {
  await db.delete(phishMailboxes).where(eq(phishMailboxes.organizationId, side.org.id));
  await db.insert(phishMailboxes).values({ organizationId: side.org.id, host, port: 993, tlsMode: 'tls', username: `reports@${host}`, authMethod: 'password', passwordSealed: t.app.secrets.seal('bravo-secret') });
  return (
    await db
      .insert(reportedMessages)
      .values({ organizationId: side.org.id, mailboxUidValidity: '1', mailboxUid: Math.floor(Math.random() * 1e9), kind: 'suspicious', reporterEmail: side.admin.email, subject: `Bravo invoice ${host}`, receivedAt: new Date(), reportedAt: new Date(), verdict: 'pending' })
      .returning()
  )[0]!;
};

/** Tenancy-matrix cases of the reported-phish mailbox: A's admin neither sees nor changes B's mailbox or its mail. */
export const phishMailboxCases = (t: TestContext) => {
  let bMessageId = '';
  const bHost = 'imap.bravo.example';
  const bMailbox = async ({ b }: TenantPair) => (await t.db.select().from(phishMailboxes).where(eq(phishMailboxes.organizationId, b.org.id)))[0];
  return {
    'GET /api/integrations/phish-mailbox/': {
      arrange: async ({ b }: TenantPair) => void (await arrangeMailbox(t.db, t, b, bHost)),
      request: () => ({ method: 'GET' as const, url: '/api/integrations/phish-mailbox/' }),
      expectIsolated: (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(bHost);
      },
    },
    'PUT /api/integrations/phish-mailbox/': {
      arrange: async ({ b }: TenantPair) => void (await arrangeMailbox(t.db, t, b, bHost)),
      request: () => ({
        method: 'PUT' as const,
        url: '/api/integrations/phish-mailbox/',
        payload: { host: 'imap.alpha.example', port: 993, tlsMode: 'tls', username: 'reports@alpha.example', auth: { method: 'password', password: 'alpha-secret' } },
      }),
      expectIsolated: async (response: { statusCode: number; body: string }, pair: TenantPair) => {
        expect(response.statusCode).toBe(200);
        expect(await bMailbox(pair)).toMatchObject({ host: bHost, username: `reports@${bHost}` });
      },
    },
    'DELETE /api/integrations/phish-mailbox/': {
      arrange: async ({ a, b }: TenantPair) => {
        await t.db.delete(phishMailboxes).where(eq(phishMailboxes.organizationId, a.org.id));
        await arrangeMailbox(t.db, t, b, bHost);
      },
      request: () => ({ method: 'DELETE' as const, url: '/api/integrations/phish-mailbox/' }),
      expectIsolated: async (response: { statusCode: number; body: string }, pair: TenantPair) => {
        expect(response.statusCode).toBe(404);
        expect(await bMailbox(pair)).toBeDefined();
      },
    },
    'POST /api/integrations/phish-mailbox/test/': {
      arrange: async ({ a, b }: TenantPair) => {
        await t.db.delete(phishMailboxes).where(eq(phishMailboxes.organizationId, a.org.id));
        await arrangeMailbox(t.db, t, b, bHost);
      },
      request: () => ({ method: 'POST' as const, url: '/api/integrations/phish-mailbox/test/' }),
      expectIsolated: (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain(bHost);
      },
    },
    'GET /api/integrations/phish-mailbox/messages/': {
      arrange: async ({ b }: TenantPair) => void (await arrangeMailbox(t.db, t, b, bHost)),
      request: () => ({ method: 'GET' as const, url: '/api/integrations/phish-mailbox/messages/' }),
      expectIsolated: (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain('Bravo invoice');
      },
    },
    'PATCH /api/integrations/phish-mailbox/messages/:id/': {
      arrange: async ({ b }: TenantPair) => {
        bMessageId = (await arrangeMailbox(t.db, t, b, bHost)).id;
      },
      request: () => ({ method: 'PATCH' as const, url: `/api/integrations/phish-mailbox/messages/${bMessageId}/`, payload: { verdict: 'safe' } }),
      expectIsolated: async (response: { statusCode: number; body: string }) => {
        expect(response.statusCode).toBe(404);
        const [message] = await t.db.select().from(reportedMessages).where(eq(reportedMessages.id, bMessageId));
        expect(message).toMatchObject({ verdict: 'pending', verdictByPersonId: null });
      },
    },
  };
};
