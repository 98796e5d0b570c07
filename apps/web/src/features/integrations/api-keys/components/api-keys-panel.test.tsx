import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../../../../testing/axe';
import { serveApi } from '../../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../../testing/signed-in';
import { useApiKeysStatus } from '../use-api-keys-status';
import { ApiKeysPanel } from './api-keys-panel';

const hour = 3_600_000;
const day = 24 * hour;
const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

const buildKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Splunk export',
  scopes: ['read'],
  hint: 'vgl_Ab3x…9fQz',
  state: 'active',
  createdAt: '2026-01-05T09:00:00Z',
  createdBy: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Ada Admin', email: 'ada@example.com' },
  expiresAt: isoIn(60 * day),
  lastUsedAt: isoIn(-3 * hour),
  revokedAt: null,
  revokedBy: null,
  can: { revoke: true },
  ...overrides,
});

const secret = `vgl_${'s'.repeat(49)}`;
const path = '/configure/integrations/api-keys/';

const StatusLine = () => {
  const { status } = useApiKeysStatus();
  return <p data-testid="status">{status ? `${status.state}: ${status.summary}` : 'loading'}</p>;
};

describe('ApiKeysPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what API keys are for and links the API documentation when there is none', async () => {
    serveApi({ 'GET /api/integrations/api-keys/': () => json({ items: [], can: { create: true } }) });
    renderPageSignedIn(ApiKeysPanel, path);
    const empty = await screen.findByTestId('api-keys-empty');
    expect(empty).toHaveTextContent('No API keys yet. Create one for each tool that calls Vigil');
    expect(within(empty).getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs/');
  });

  it('lists each key with its scopes, hint, expiry, last use and state; a revoked one cannot be revoked again', async () => {
    serveApi({
      'GET /api/integrations/api-keys/': () =>
        json({
          items: [
            buildKey({ scopes: ['read', 'write'] }),
            buildKey({ id: '00000000-0000-4000-8000-000000000002', name: 'Old script', hint: 'vgl_Zz99…0000', state: 'revoked', lastUsedAt: null, revokedAt: isoIn(-day), can: { revoke: false } }),
          ],
          can: { create: true },
        }),
    });
    renderPageSignedIn(ApiKeysPanel, path);
    const rows = await screen.findAllByTestId('api-key-row');
    expect(rows[0]).toHaveTextContent('Splunk export');
    expect(rows[0]).toHaveTextContent('Created by Ada Admin');
    expect(rows[0]).toHaveTextContent('ReadWrite');
    expect(rows[0]).toHaveTextContent('vgl_Ab3x…9fQz');
    expect(rows[0]).toHaveTextContent('3 hours ago');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('Never');
    expect(rows[1]).toHaveTextContent('Revoked');
    expect(within(rows[1]!).queryByRole('button', { name: 'Revoke Old script' })).not.toBeInTheDocument();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('creates a key and shows its secret once, with a warning and a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = serveApi({
      'GET /api/integrations/api-keys/': () => json({ items: [], can: { create: true } }),
      'POST /api/integrations/api-keys/': () => json({ key: buildKey({ name: 'HR sync', scopes: ['read', 'write'] }), secret }, 201),
    });
    renderPageSignedIn(ApiKeysPanel, path);
    fireEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an API key' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'HR sync' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Write: assign training' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Expires after' }));
    fireEvent.click(await screen.findByRole('option', { name: '1 year' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ name: 'HR sync', scopes: ['read', 'write'], expiresInDays: 365 });
    expect(within(shown).getByTestId('api-key-secret-warning')).toHaveTextContent('It is shown only this once');
    expect(within(shown).getByTestId('api-key-secret')).toHaveValue(secret);
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy API key “HR sync”' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(secret));

    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.innerHTML).not.toContain(secret);
  });

  it('puts the server’s problem on the field it names', async () => {
    serveApi({
      'GET /api/integrations/api-keys/': () => json({ items: [], can: { create: true } }),
      'POST /api/integrations/api-keys/': () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'name', details: [{ field: 'body.name', problem: 'must not contain control characters such as tabs or line breaks' }] } }, 400),
    });
    renderPageSignedIn(ApiKeysPanel, path);
    fireEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an API key' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Tab' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription('must not contain control characters such as tabs or line breaks'));
  });

  it('revokes a key only after confirmation', async () => {
    let revoked = false;
    const calls = serveApi({
      'GET /api/integrations/api-keys/': () => json({ items: [revoked ? buildKey({ state: 'revoked', can: { revoke: false } }) : buildKey()], can: { create: true } }),
      'POST /api/integrations/api-keys/00000000-0000-4000-8000-000000000001/revoke/': () => {
        revoked = true;
        return json(buildKey({ state: 'revoked', can: { revoke: false } }));
      },
    });
    renderPageSignedIn(ApiKeysPanel, path);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Splunk export' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke “Splunk export”?' });
    expect(dialog).toHaveTextContent('Every tool using the key vgl_Ab3x…9fQz stops working at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Splunk export' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByTestId('api-keys-notice')).toHaveTextContent('“Splunk export” is revoked.');
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
  });
});

describe('useApiKeysStatus', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is connected with the count of active keys and the latest use', async () => {
    serveApi({
      'GET /api/integrations/api-keys/': () =>
        json({ items: [buildKey(), buildKey({ id: '00000000-0000-4000-8000-000000000002', lastUsedAt: isoIn(-2 * day) }), buildKey({ id: '00000000-0000-4000-8000-000000000003', state: 'expired' })], can: { create: true } }),
    });
    renderPageSignedIn(StatusLine, '/');
    expect(await screen.findByText('connected: 2 active keys, last used 3 hours ago')).toBeInTheDocument();
  });

  it('is not connected without an active key, and asks for attention when one expires within a week', async () => {
    serveApi({ 'GET /api/integrations/api-keys/': () => json({ items: [buildKey({ state: 'revoked', can: { revoke: false } })], can: { create: true } }) });
    const { unmount } = renderPageSignedIn(StatusLine, '/');
    expect(await screen.findByText('not_connected: No active API keys')).toBeInTheDocument();
    unmount();
    serveApi({ 'GET /api/integrations/api-keys/': () => json({ items: [buildKey({ expiresAt: isoIn(3 * day + hour) })], can: { create: true } }) });
    renderPageSignedIn(StatusLine, '/');
    expect(await screen.findByText('attention: 1 active key; “Splunk export” expires in 3 days')).toBeInTheDocument();
  });
});
