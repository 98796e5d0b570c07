import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { serveApi } from '../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../testing/signed-in';
import { buildWizard } from '../../onboarding/testing';
import { IntegrationsPage } from './integrations-page';

const path = '/configure/integrations/';
const card = (id: string) => screen.getByTestId(`integration-${id}`);

describe('IntegrationsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every integration by purpose with its state, and leads to each one', async () => {
    serveApi({
      'GET /api/onboarding/': () =>
        json(
          buildWizard({
            scimToken: { id: '0e6d2c1b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', lastFour: 'WxYz', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: new Date().toISOString() },
            scimActivity: { lastRequestAt: new Date().toISOString(), last30Days: { provisioned: 1240, updated: 12, deprovisioned: 7, reactivated: 0 }, lastError: null },
          }),
        ),
      'GET /api/integrations/google-workspace/': () => json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500),
      'GET /api/integrations/phish-mailbox/': () => json({ settings: null, pendingCount: 0, can: { edit: true, test: false, delete: false } }),
      'GET /api/integrations/api-keys/': () => json({ items: [], can: { create: true } }),
      'GET /api/integrations/webhooks/': () => json({ items: [] }),
    });
    const { container } = renderPageSignedIn(IntegrationsPage, path);

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['People and provisioning', 'Reported mail', 'Automation']);
    const scim = card('scim');
    expect(await within(scim).findByTestId('integration-state')).toHaveTextContent('Working');
    expect(within(scim).getByTestId('integration-summary')).toHaveTextContent('In 30 days: 1,240 added, 7 deactivated.');
    expect(within(scim).getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/configure/integrations/scim/');
    // A part that cannot say how it is says so, and still leads to its page.
    expect(await within(card('google-workspace')).findByText('Its state could not be loaded just now.')).toBeInTheDocument();
    for (const id of ['phish-mailbox', 'api-keys', 'webhooks']) {
      expect(await within(card(id)).findByTestId('integration-state')).toHaveTextContent('Not set up');
      expect(within(card(id)).getByRole('link', { name: 'Set up' })).toHaveAttribute('href', `/configure/integrations/${id}/`);
    }
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
