import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serveApi } from '../../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../../testing/signed-in';
import { WebhooksPanel } from './webhooks-panel';

const endpointId = '00000000-0000-4000-8000-0000000000a1';
const path = '/configure/integrations/webhooks/';
const api = `/api/integrations/webhooks/${endpointId}`;

const buildEndpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: endpointId,
  name: 'SIEM',
  url: 'https://hooks.example.com/vigil',
  eventTypes: ['clicked', 'submitted', 'training_completed'],
  state: 'active',
  lastDelivery: { state: 'delivered', eventType: 'clicked', statusCode: 200, attemptedAt: '2026-03-02T09:15:00Z' },
  pendingDeliveries: 0,
  secretRotatedAt: '2026-03-01T08:00:00Z',
  createdAt: '2026-03-01T08:00:00Z',
  updatedAt: '2026-03-01T08:00:00Z',
  can: { edit: true, delete: true, rotateSecret: true, sendTest: true },
  ...overrides,
});

const buildDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  eventId: '00000000-0000-4000-8000-0000000000e1',
  eventType: 'clicked',
  state: 'pending',
  attempts: 2,
  nextAttemptAt: '2026-03-02T09:20:00Z',
  lastAttemptAt: '2026-03-02T09:15:00Z',
  lastStatusCode: 500,
  lastResponseExcerpt: 'upstream database unavailable',
  lastError: null,
  lastDurationMs: 120,
  deliveredAt: null,
  createdAt: '2026-03-02T09:14:00Z',
  payload: { id: '00000000-0000-4000-8000-0000000000e1', type: 'clicked' },
  can: { redeliver: true },
  ...overrides,
});

const secret = 'whsec_kX3n9Qm2Lr7Tz5Vb8Wc1Yd4Fg6Hj0Ks2Np5Rt8Uv1Xy';

describe('WebhooksPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what webhooks are for when there are none, and links the documentation', async () => {
    serveApi({ 'GET /api/integrations/webhooks/': () => json({ items: [] }) });
    renderPageSignedIn(WebhooksPanel, path);
    const empty = await screen.findByTestId('webhooks-empty');
    expect(empty).toHaveTextContent('Webhooks send Vigil\'s events to your own tools as they happen');
    expect(within(empty).getByRole('link', { name: 'the documentation' })).toHaveAttribute('href', '/api/docs/#/webhooks');
  });

  it('lists endpoints with their state and last delivery', async () => {
    serveApi({
      'GET /api/integrations/webhooks/': () =>
        json({
          items: [
            buildEndpoint(),
            buildEndpoint({ id: '00000000-0000-4000-8000-0000000000a2', name: 'Old HR hook', state: 'gone', lastDelivery: { state: 'failed', eventType: 'person_updated', statusCode: 410, attemptedAt: '2026-03-02T09:00:00Z' }, can: { edit: true, delete: true, rotateSecret: true, sendTest: false } }),
          ],
        }),
    });
    renderPageSignedIn(WebhooksPanel, path);
    const rows = await screen.findAllByTestId('webhook-row');
    expect(rows[0]).toHaveTextContent('SIEM');
    expect(rows[0]).toHaveTextContent('https://hooks.example.com/vigil');
    expect(rows[0]).toHaveTextContent('3 event types');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[0]).toHaveTextContent('Delivered');
    expect(rows[1]).toHaveTextContent('Switched off (410 Gone)');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(within(rows[1]!).queryByRole('button', { name: 'Send test event to Old HR hook' })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Switch on Old HR hook' })).toBeInTheDocument();
  });

  it('adds a webhook with event types chosen by group, shows the server’s problem on the URL, then the secret once', async () => {
    let attempt = 0;
    const calls = serveApi({
      'GET /api/integrations/webhooks/': () => json({ items: [] }),
      'POST /api/integrations/webhooks/': () =>
        ++attempt === 1
          ? json({ error: { code: 'VALIDATION_FAILED', message: 'body.url', details: [{ field: 'body.url', problem: '10.0.0.8 is a private network address' }] } }, 400)
          : json({ ...buildEndpoint({ eventTypes: ['person_provisioned', 'person_updated', 'person_deprovisioned', 'person_reactivated', 'clicked'] }), secret }, 201),
    });
    renderPageSignedIn(WebhooksPanel, path);
    await screen.findByTestId('webhooks-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a webhook' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'SIEM' } });
    fireEvent.change(within(dialog).getByLabelText(/^Receiver URL/), { target: { value: 'https://10.0.0.8/hooks' } });
    fireEvent.click(within(dialog).getByLabelText('All events in Provisioning'));
    fireEvent.click(within(within(dialog).getByTestId('webhook-group-simulation')).getByLabelText('Link clicked'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    await waitFor(() => expect(within(dialog).getByLabelText(/^Receiver URL/)).toHaveAccessibleDescription('10.0.0.8 is a private network address'));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'SIEM',
      url: 'https://10.0.0.8/hooks',
      eventTypes: ['person_provisioned', 'person_updated', 'person_deprovisioned', 'person_reactivated', 'clicked'],
      enabled: true,
    });

    fireEvent.change(within(dialog).getByLabelText(/^Receiver URL/), { target: { value: 'https://hooks.example.com/vigil' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const secretDialog = await screen.findByRole('dialog', { name: 'Webhook added' });
    expect(within(secretDialog).getByTestId('webhook-secret')).toHaveValue(secret);
    expect(within(secretDialog).getByTestId('webhook-secret-warning')).toHaveTextContent('Vigil shows it this once');
    fireEvent.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
  });

  it('refuses an empty event choice before sending anything', async () => {
    const calls = serveApi({ 'GET /api/integrations/webhooks/': () => json({ items: [] }) });
    renderPageSignedIn(WebhooksPanel, path);
    await screen.findByTestId('webhooks-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a webhook' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'SIEM' } });
    fireEvent.change(within(dialog).getByLabelText(/^Receiver URL/), { target: { value: 'https://hooks.example.com/vigil' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Choose at least one event type')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends a test event and says what the receiver answered', async () => {
    serveApi({
      'GET /api/integrations/webhooks/': () => json({ items: [buildEndpoint()] }),
      [`POST ${api}/test/`]: () => json(buildDelivery({ eventType: 'webhook_test', state: 'pending', attempts: 1, lastStatusCode: 302, lastResponseExcerpt: '', lastError: 'answered with a redirect to https://example.com/; webhooks do not follow redirects, so set the final URL' })),
    });
    renderPageSignedIn(WebhooksPanel, path);
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event to SIEM' }));
    expect(await screen.findByTestId('webhooks-notice')).toHaveTextContent('The test event did not reach SIEM: answered with a redirect');
  });

  it('shows the delivery log with the last responses and redelivers one', async () => {
    const calls = serveApi({
      'GET /api/integrations/webhooks/': () => json({ items: [buildEndpoint()] }),
      [`GET ${api}/deliveries/`]: () => json({ items: [buildDelivery(), buildDelivery({ id: '00000000-0000-4000-8000-0000000000d2', eventType: 'training_completed', state: 'delivered', attempts: 1, nextAttemptAt: null, lastStatusCode: 204, lastResponseExcerpt: '', can: { redeliver: true } })], nextCursor: null }),
      [`POST ${api}/deliveries/00000000-0000-4000-8000-0000000000d1/redeliver/`]: () => json(buildDelivery({ state: 'delivered', attempts: 1, lastStatusCode: 200, nextAttemptAt: null })),
    });
    renderPageSignedIn(WebhooksPanel, path);
    fireEvent.click(await screen.findByRole('button', { name: 'Delivery log of SIEM' }));
    const rows = await screen.findAllByTestId('webhook-delivery-row');
    expect(rows[0]).toHaveTextContent('Link clicked');
    expect(rows[0]).toHaveTextContent('Retrying');
    expect(rows[0]).toHaveTextContent('500');
    expect(rows[0]).toHaveTextContent('upstream database unavailable');
    expect(rows[1]).toHaveTextContent('Training completed');
    expect(rows[1]).toHaveTextContent('Delivered');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Redeliver Link clicked/ }));
    expect(await screen.findByText('Sent again: Delivered.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('rotates the secret after asking, and shows the new one once', async () => {
    serveApi({
      'GET /api/integrations/webhooks/': () => json({ items: [buildEndpoint()] }),
      [`POST ${api}/rotate-secret/`]: () => json({ ...buildEndpoint(), secret }),
    });
    renderPageSignedIn(WebhooksPanel, path);
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret of SIEM' }));
    const confirm = screen.getByRole('dialog', { name: 'Rotate the signing secret of SIEM?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByTestId('webhook-secret')).toHaveValue(secret);
  });
});
