import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GoogleDirectoryRun, GoogleDirectorySettings } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serveApi } from '../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../testing/signed-in';
import { GoogleWorkspacePanel } from './google-workspace-panel';

const scopes = ['https://www.googleapis.com/auth/admin.directory.user.readonly', 'https://www.googleapis.com/auth/admin.directory.orgunit.readonly'];
const connection = {
  hasKey: true as const,
  clientEmail: 'vigil-sync@acme.iam.gserviceaccount.com',
  clientId: '103456789012345678901',
  privateKeyId: 'abc123',
  subject: 'it-admin@acme.test',
  customer: 'my_customer',
  domain: null,
  orgUnitPath: null,
  schedule: 'daily' as const,
  deactivateMissing: false,
  updatedAt: '2026-05-01T09:00:00.000Z',
};
const counts = { usersSeen: 1000, created: 998, updated: 1, deactivated: 0, reactivated: 0, unchanged: 0, skipped: 1, enrolledIn2Sv: 334 };
const buildRun = (overrides: Partial<GoogleDirectoryRun> = {}): GoogleDirectoryRun => ({
  id: '00000000-0000-4000-8000-00000000000a',
  dryRun: false,
  trigger: 'manual',
  state: 'succeeded',
  counts,
  progress: null,
  error: null,
  heldBack: null,
  confirmedDeactivations: null,
  createdAt: '2026-05-01T09:00:00.000Z',
  startedAt: '2026-05-01T09:00:01.000Z',
  finishedAt: '2026-05-01T09:00:09.000Z',
  ...overrides,
});
const settingsWith = (overrides: Partial<GoogleDirectorySettings> = {}): GoogleDirectorySettings => ({ connection: null, scopes, lastRuns: [], ...overrides });

describe('GoogleWorkspacePanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('walks a first-time admin through setup and uploads the key, showing the server’s problem on its field', async () => {
    let attempt = 0;
    const calls = serveApi({
      'GET /api/integrations/google-workspace/': () => json(settingsWith()),
      'PUT /api/integrations/google-workspace/': () =>
        ++attempt === 1
          ? json({ error: { code: 'VALIDATION_FAILED', message: 'key', details: [{ field: 'body.serviceAccountKey', problem: 'has type "authorized_user", not "service_account"' }] } }, 400)
          : json(settingsWith({ connection })),
      'GET /api/integrations/google-workspace/runs/': () => json({ items: [], nextCursor: null }),
    });
    renderPageSignedIn(GoogleWorkspacePanel, '/configure/integrations/google-workspace/');
    const setup = await screen.findByTestId('google-setup');
    expect(setup).toHaveTextContent('Manage domain-wide delegation');
    expect(screen.getByTestId('google-scopes')).toHaveValue(scopes.join(','));
    expect(screen.getByRole('button', { name: 'Copy OAuth scopes (comma-delimited)' })).toBeInTheDocument();
    expect(setup).toHaveTextContent('The client ID to paste appears here once you have uploaded the key');
    // Nothing to sync before the connection is saved.
    expect(screen.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();

    const keyFile = new File(['{"type":"service_account"}'], 'vigil-sync.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('Service account key (JSON file)'), { target: { files: [keyFile] } });
    await waitFor(() => expect(screen.getByTestId('google-key-state')).toHaveTextContent('vigil-sync.json will be uploaded when you save.'));
    fireEvent.change(screen.getByRole('textbox', { name: /Admin to act as/ }), { target: { value: 'it-admin@acme.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('google-key-state')).toHaveTextContent('has type "authorized_user", not "service_account"'));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ serviceAccountKey: '{"type":"service_account"}', subject: 'it-admin@acme.test', customer: 'my_customer', domain: null, orgUnitPath: null, schedule: 'daily', deactivateMissing: false });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('google-client-id')).toBeInTheDocument();
    expect(screen.getByTestId('google-client-id')).toHaveValue('103456789012345678901');
    expect(screen.getByTestId('google-key-state')).toHaveTextContent('A key is stored for vigil-sync@acme.iam.gserviceaccount.com (key ID abc123)');
    expect(await screen.findByTestId('google-runs-empty')).toHaveTextContent('Preview the changes first');
  });

  it('says what to fix when the test fails', async () => {
    serveApi({
      'GET /api/integrations/google-workspace/': () => json(settingsWith({ connection })),
      'GET /api/integrations/google-workspace/runs/': () => json({ items: [], nextCursor: null }),
      'POST /api/integrations/google-workspace/test/': () => json({ ok: false, googleError: 'unauthorized_client', problem: 'Google refused to let the service account act as it-admin@acme.test: domain-wide delegation is not granted.' }),
    });
    renderPageSignedIn(GoogleWorkspacePanel, '/configure/integrations/google-workspace/');
    fireEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    const result = await screen.findByTestId('google-test-result');
    expect(result).toHaveTextContent('domain-wide delegation is not granted');
    expect(result).toHaveTextContent("Google's error code: unauthorized_client");
  });

  it('previews a sync with a progress bar, then shows the plan person by person', async () => {
    let state: 'idle' | 'running' | 'done' = 'idle';
    const preview = buildRun({ id: '00000000-0000-4000-8000-00000000000b', dryRun: true, counts: { ...counts, created: 2, updated: 1 } });
    serveApi({
      'GET /api/integrations/google-workspace/': () =>
        json(settingsWith({ connection, lastRuns: state === 'running' ? [{ ...preview, state: 'running', progress: { done: 250, total: 1000, message: null } }] : state === 'done' ? [preview] : [] })),
      'POST /api/integrations/google-workspace/runs/': () => {
        state = 'running';
        return json({ ...preview, state: 'queued' }, 202);
      },
      'GET /api/integrations/google-workspace/runs/': () => json({ items: state === 'done' ? [preview] : [], nextCursor: null }),
      'GET /api/integrations/google-workspace/runs/00000000-0000-4000-8000-00000000000b/changes/': () =>
        json({
          items: [
            { personId: null, googleUserId: '1', email: 'new.hire@acme.test', kind: 'created', fields: [{ field: 'department', before: null, after: 'EMEA' }], reason: null },
            { personId: '00000000-0000-4000-8000-0000000000c1', googleUserId: '2', email: 'mover@acme.test', kind: 'updated', fields: [{ field: 'manager', before: 'old.boss@acme.test', after: 'new.boss@acme.test' }], reason: null },
            { personId: '00000000-0000-4000-8000-0000000000c2', googleUserId: '3', email: 'scim.person@acme.test', kind: 'skipped', fields: [], reason: 'is provisioned over SCIM by your identity provider, which keeps their details' },
          ],
          nextCursor: null,
        }),
    });
    renderPageSignedIn(GoogleWorkspacePanel, '/configure/integrations/google-workspace/');
    fireEvent.click(await screen.findByRole('button', { name: 'Preview changes' }));
    const bar = await screen.findByRole('progressbar', { name: 'Sync progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('google-progress')).toHaveTextContent('250 of 1000 changes');
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();

    state = 'done';
    const rows = await screen.findAllByTestId('google-change-row', {}, { timeout: 4000 });
    expect(screen.getByRole('heading', { name: 'What a sync would change' })).toBeInTheDocument();
    expect(rows.map((row) => row.textContent)).toEqual([
      'new.hire@acme.testAddedDepartment: (none) → EMEA',
      'mover@acme.testUpdatedManager: old.boss@acme.test → new.boss@acme.test',
      'scim.person@acme.testSkippedis provisioned over SCIM by your identity provider, which keeps their details',
    ]);
    expect(await screen.findByTestId('google-run-row')).toHaveTextContent('Preview');
    expect(screen.getByTestId('google-run-row')).toHaveTextContent('1000 in Google · 2 added · 1 updated');
  });

  it('shows why a sync was held back, lists who it would deactivate, and runs it once the admin confirms that many', async () => {
    const held = buildRun({
      id: '00000000-0000-4000-8000-00000000000c',
      state: 'failed',
      counts: { ...counts, usersSeen: 10, created: 0, updated: 0 },
      error: 'This sync would deactivate 30 people, more than the 4 one sync may deactivate without your confirmation.',
      heldBack: { deactivations: 30, limit: 4 },
    });
    let confirmed = false;
    const calls = serveApi({
      'GET /api/integrations/google-workspace/': () => json(settingsWith({ connection, lastRuns: confirmed ? [] : [held] })),
      'GET /api/integrations/google-workspace/runs/': () => json({ items: [held], nextCursor: null }),
      'GET /api/integrations/google-workspace/runs/00000000-0000-4000-8000-00000000000c/changes/': () =>
        json({ items: [{ personId: '00000000-0000-4000-8000-0000000000d1', googleUserId: '7', email: 'left@acme.test', kind: 'deactivated', fields: [{ field: 'active', before: true, after: false }], reason: null }], nextCursor: null }),
      'POST /api/integrations/google-workspace/runs/': () => {
        confirmed = true;
        return json(buildRun({ id: '00000000-0000-4000-8000-00000000000d', state: 'queued', confirmedDeactivations: 30 }), 202);
      },
    });
    renderPageSignedIn(GoogleWorkspacePanel, '/configure/integrations/google-workspace/');
    const alert = await screen.findByTestId('google-held-back');
    expect(alert).toHaveTextContent('The last sync was held back');
    expect(alert).toHaveTextContent('People it would deactivate: 30.');
    expect(alert).toHaveTextContent('without confirmation: 4');
    expect(alert).toHaveTextContent('correct the settings above');

    fireEvent.click(screen.getByRole('button', { name: 'Show who would be deactivated' }));
    expect(await screen.findByRole('heading', { name: 'What a sync would change' })).toBeInTheDocument();
    expect(screen.getByTestId('google-changes')).toHaveTextContent('Nobody was changed: this is what the sync would have done.');
    expect((await screen.findAllByTestId('google-change-row')).map((row) => row.textContent)).toEqual(['left@acme.testDeactivatedActive: yes → no']);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Let this sync deactivate more people than usual?' });
    expect(dialog).toHaveTextContent('up to 30 people');
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate and sync' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ dryRun: false, confirmDeactivations: 30 }));
    await waitFor(() => expect(screen.queryByTestId('google-held-back')).not.toBeInTheDocument());
  });
});
