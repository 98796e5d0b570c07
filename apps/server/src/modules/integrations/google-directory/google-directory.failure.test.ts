/**
 * A sync that fails while applying its changes: with people's logins at an outside provider that
 * cannot be reached, the run ends as failed saying so, and the next run can start at once (not six
 * hours later, when the sweep gives up on runs that never finished).
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleDirectoryChanges, googleDirectoryConnections, people } from '@vigil/db';
import { buildOrganization } from '../../../test/factories.ts';
import { makeServiceAccount, startFakeGoogleWorkspace } from '../../../test/fake-google-workspace.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { googleDirectorySyncJob } from './google-directory.jobs.ts';
import { googleDirectoryRepository } from './google-directory.repository.ts';

const serviceAccount = makeServiceAccount();
const domain = 'down.test';
const googleAdmin = `it-admin@${domain}`;
let fake: Awaited<ReturnType<typeof startFakeGoogleWorkspace>>;
/** A loopback port nothing listens on: the provider is down. */
let deadUrl: string;
beforeAll(async () => {
  fake = await startFakeGoogleWorkspace({ serviceAccount, admins: [googleAdmin], domain });
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  deadUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => fake?.close());
const t = useTestApp(() => ({ ...fake.env, AUTH_BASE_URL: deadUrl, AUTH_MANAGEMENT_KEY: 'google-failure-test-management-key-0123456789' }));

describe('a Google Workspace sync that fails while applying', () => {
  it('ends as failed with a reason the admin can act on, and the next run starts at once', async () => {
    fake.state.users = Array.from({ length: 3 }, (_, index) => ({ id: String(900 + index), primaryEmail: `person${index}@${domain}`, name: { givenName: 'Given', familyName: `Family${index}` }, orgUnitPath: '/' }));
    const org = await buildOrganization(t.db);
    await t.db.insert(googleDirectoryConnections).values({ organizationId: org.id, serviceAccountKeySealed: t.app.secrets.seal(serviceAccount.json), clientEmail: serviceAccount.clientEmail, subject: googleAdmin });
    const repository = googleDirectoryRepository(t.db, { organizationId: org.id });

    const run = await repository.insertRun({ dryRun: false, trigger: 'schedule', requestedByPersonId: null });
    await googleDirectorySyncJob.handler({ organizationId: org.id, runId: run!.id }, t.jobContext);
    const failed = await repository.findRun(run!.id);
    expect(failed).toMatchObject({ state: 'failed', finishedAt: expect.any(Date) });
    expect(failed!.error).toContain("Vigil could not update people's logins at the authentication provider. The authentication provider could not be reached for /v");
    expect(failed!.error).toContain('0 of 3 changes were made before it stopped');
    expect(failed!.error).not.toContain('management-key');
    // Nothing of the batch was kept: the people and their change log roll back together.
    expect(await t.db.select().from(people).where(eq(people.organizationId, org.id))).toEqual([]);
    expect(await t.db.select().from(googleDirectoryChanges).where(eq(googleDirectoryChanges.runId, run!.id))).toEqual([]);

    const next = await repository.insertRun({ dryRun: false, trigger: 'manual', requestedByPersonId: null });
    expect(next).toMatchObject({ state: 'queued' });
  });
});
