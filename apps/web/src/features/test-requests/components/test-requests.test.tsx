import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TestRequest } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serveApi } from '../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../testing/signed-in';
import { TestRequests } from './test-requests';

const render = () => renderPageSignedIn(TestRequests, '/configure/testing/request/');

const scenario = 'A supplier says its bank details changed and asks accounts payable to confirm through a link.';
const request = (overrides: Partial<TestRequest> = {}): TestRequest => ({
  id: '00000000-0000-4000-8000-000000000040',
  scenario,
  who: 'Accounts payable',
  status: 'drafted',
  campaign: { id: '00000000-0000-4000-8000-000000000041', name: 'Custom test: A supplier says', status: 'draft' },
  template: { id: '00000000-0000-4000-8000-000000000042', name: 'Supplier changed its bank details', status: 'draft' },
  createdAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});
const departments = { 'GET /api/organization/departments/': () => json({ departments: [] }) };

describe('TestRequests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how to configure a language model when none is, and what to do with no request yet', async () => {
    serveApi({ ...departments, 'GET /api/test-requests/': () => json({ items: [], nextCursor: null, llmConfigured: false }) });
    render();
    expect(await screen.findByText(/ask your operator to set LLM_BASE_URL and LLM_MODEL/)).toBeInTheDocument();
    expect(screen.getByTestId('test-requests-empty')).toHaveTextContent('No requests yet');
  });

  it('lists past requests with links to their draft campaign and draft lure, waiting for approval', async () => {
    serveApi({ ...departments, 'GET /api/test-requests/': () => json({ items: [request(), request({ id: '00000000-0000-4000-8000-000000000043', status: 'submitted', template: null })], nextCursor: null, llmConfigured: true }) });
    render();
    const [drafted, failed] = await screen.findAllByTestId('test-request');
    expect(within(drafted!).getByRole('link', { name: 'Draft lure: Supplier changed its bank details' })).toHaveAttribute('href', '/configure/testing/?tab=templates&template=00000000-0000-4000-8000-000000000042');
    expect(within(drafted!).getByRole('link', { name: 'Draft campaign: Custom test: A supplier says' })).toBeInTheDocument();
    expect(drafted).toHaveTextContent('Waiting for approval');
    expect(within(failed!).getByRole('button', { name: 'Draft the lure again' })).toBeInTheDocument();
    expect(screen.queryByText(/LLM_BASE_URL/)).not.toBeInTheDocument();
  });

  it('sends the request and says what happened to the draft lure', async () => {
    const calls = serveApi({
      ...departments,
      'GET /api/test-requests/': () => json({ items: [], nextCursor: null, llmConfigured: true }),
      'POST /api/test-requests/': () => json({ request: request({ status: 'submitted', template: null }), draft: { outcome: 'failed', message: 'The language model did not answer with JSON' } }, 201),
    });
    render();
    const form = await screen.findByTestId('test-request-form');
    fireEvent.change(within(form).getByLabelText(/^Scenario/), { target: { value: scenario } });
    fireEvent.change(within(form).getByLabelText(/^Who it is for/), { target: { value: 'Accounts payable' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request test' }));
    expect(await within(form).findByText('The draft campaign was created, but the lure could not be drafted: The language model did not answer with JSON')).toBeInTheDocument();
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ scenario, who: 'Accounts payable', departmentIds: [] }));
  });
});
