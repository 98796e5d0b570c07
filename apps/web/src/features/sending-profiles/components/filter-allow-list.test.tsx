import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serveApi } from '../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../testing/signed-in';
import { buildPhishingSettings } from '../testing';
import { FilterAllowList } from './filter-allow-list';

describe('FilterAllowList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the header and its secret value with copy buttons, and how to allow-list it', async () => {
    serveApi({ 'GET /api/phishing-settings/': () => json(buildPhishingSettings()) });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPageSignedIn(FilterAllowList, '/configure/testing/');
    expect(await screen.findByTestId('filter-header-name')).toHaveValue('X-Vigil-Simulation');
    expect(screen.getByTestId('filter-header-value')).toHaveValue('q8Zr2V0b1xYw3T4u5S6r7Q8p9O0n1M2l');
    fireEvent.click(screen.getByRole('button', { name: 'Copy Header value' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('q8Zr2V0b1xYw3T4u5S6r7Q8p9O0n1M2l'));
    expect(await screen.findByRole('status')).toHaveTextContent('Copied Header value to the clipboard');
    const panel = screen.getByTestId('filter-allow-list');
    expect(within(panel).getByRole('heading', { name: 'Exchange Online' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Google Workspace' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('a message header includes — header X-Vigil-Simulation');
  });

  it('replaces the secret after asking, and shows the new value', async () => {
    const calls = serveApi({
      'GET /api/phishing-settings/': () => json(buildPhishingSettings()),
      'POST /api/phishing-settings/rotate-filter-secret/': () => json(buildPhishingSettings({ filterHeaderValue: 'new-secret-value-0123456789abcdefghij' })),
    });
    renderPageSignedIn(FilterAllowList, '/configure/testing/');
    fireEvent.click(await screen.findByRole('button', { name: 'Replace the secret value' }));
    const dialog = screen.getByRole('dialog', { name: 'Replace the secret value?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(screen.getByTestId('filter-header-value')).toHaveValue('new-secret-value-0123456789abcdefghij'));
    expect(screen.getByText('The secret value was replaced. Update your mail rules.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
