import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyPolicy, MyPolicyReading } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { assignmentId, buildAssignment, buildModule, json, renderSignedIn, serveApi } from '../testing';
import { ComplianceTrainings } from './compliance-trainings';

const page = '/dashboard/trainings/compliance/';
const policyId = '00000000-0000-4000-8000-0000000002a1';
const v2 = '00000000-0000-4000-8000-0000000002b2';
const v3 = '00000000-0000-4000-8000-0000000002b3';

const buildPolicy = (overrides: Partial<MyPolicy> = {}): MyPolicy => ({
  id: policyId,
  title: 'Acceptable Use Policy',
  description: 'How we use company devices, accounts and data.',
  version: { id: v2, version: 2, format: 'markdown', byteSize: 1200, sha256: 'a'.repeat(64), changeNote: 'Adds AI tools.', publishedAt: '2026-03-01T09:00:00Z', publishedBy: 'Amelia Hart' },
  status: 'to_acknowledge',
  acknowledgedAt: null,
  previousVersion: 1,
  ...overrides,
});

const reading = (policy: MyPolicy, html = '<h1>Acceptable use</h1>\n<p>Use company devices for work.</p>'): MyPolicyReading => ({
  policy,
  document: { version: policy.version, html, pdfUrl: null, markdown: null },
});

const render = () => renderSignedIn([{ path: page, Component: ComplianceTrainings }], page);

describe('ComplianceTrainings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what will appear when nothing is required and no policy asks', async () => {
    const calls = serveApi({ 'GET /api/my-trainings/': () => json({ items: [] }), 'GET /api/my-policies/': () => json({ items: [] }) });
    render();
    expect(await screen.findByTestId('compliance-empty')).toHaveTextContent('No compliance training is required of you right now');
    expect(await screen.findByTestId('policies-empty')).toHaveTextContent('No policies to read. When your organization publishes a policy for you, it appears here.');
    expect(calls.find((call) => call.url.pathname === '/api/my-trainings/')?.url.searchParams.get('tab')).toBe('compliance');
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('lists required modules with the learning page’s cards, opening the lesson on this page', async () => {
    serveApi({
      'GET /api/my-trainings/': () => json({ items: [buildAssignment({ module: buildModule({ title: 'Handling health data' }) })] }),
      'GET /api/my-policies/': () => json({ items: [] }),
    });
    render();
    const card = await screen.findByTestId('training-card');
    expect(card).toHaveAccessibleName('Handling health data');
    expect(within(card).getByRole('link', { name: 'Start Handling health data' })).toHaveAttribute('href', `${page}?assignment=${assignmentId}`);
  });

  it('reads a policy, acknowledges it only once ticked, and lists it as acknowledged with its version and date', async () => {
    let acknowledged = false;
    const done = () => buildPolicy({ status: 'acknowledged', acknowledgedAt: '2026-03-05T10:00:00Z', previousVersion: null });
    const calls = serveApi({
      'GET /api/my-trainings/': () => json({ items: [] }),
      'GET /api/my-policies/': () => json({ items: [acknowledged ? done() : buildPolicy()] }),
      [`GET /api/my-policies/${policyId}/`]: () => json(reading(acknowledged ? done() : buildPolicy())),
      [`POST /api/my-policies/${policyId}/acknowledge/`]: () => {
        acknowledged = true;
        return json(done());
      },
    });
    render();
    const card = await screen.findByTestId('policy-card');
    expect(card).toHaveAccessibleName('Acceptable Use Policy');
    expect(within(card).getByTestId('policy-status')).toHaveTextContent('To acknowledge');
    expect(card).toHaveTextContent('Version 2, published Mar 1, 2026');
    expect(card).toHaveTextContent('Updated since you acknowledged version 1. Adds AI tools.');

    fireEvent.click(within(card).getByRole('button', { name: 'Read and acknowledge Acceptable Use Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acceptable Use Policy' });
    expect(await within(dialog).findByRole('region', { name: 'Acceptable Use Policy' })).toContainHTML('<h1>Acceptable use</h1>');
    expect(dialog).toHaveTextContent('What changed: Adds AI tools.');
    const button = within(dialog).getByRole('button', { name: 'Acknowledge' });
    expect(button).toBeDisabled();
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I have read and understood this policy' }));
    fireEvent.click(button);
    expect(await within(dialog).findByTestId('policy-acknowledged')).toHaveTextContent('You acknowledged version 2 on Mar 5, 2026.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ versionId: v2 });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('policy-status')).toHaveTextContent('Acknowledged'));
    expect(screen.getByTestId('policy-version')).toHaveTextContent('Version 2, acknowledged Mar 5, 2026');
    expect(screen.getByRole('button', { name: 'Read Acceptable Use Policy again' })).toBeVisible();
  });

  it('shows a newer version when the one read was replaced meanwhile, and asks for a fresh tick', async () => {
    let current = buildPolicy();
    const newer = buildPolicy({ version: { ...buildPolicy().version, id: v3, version: 3, changeNote: 'Shorter reporting deadline.' } });
    serveApi({
      'GET /api/my-trainings/': () => json({ items: [] }),
      'GET /api/my-policies/': () => json({ items: [current] }),
      [`GET /api/my-policies/${policyId}/`]: () => json(reading(current)),
      [`POST /api/my-policies/${policyId}/acknowledge/`]: () => {
        current = newer;
        return json({ error: { code: 'CONFLICT', message: 'body.versionId: is no longer the current version', details: [{ field: 'body.versionId', problem: 'is no longer the current version' }] } }, 409);
      },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Read and acknowledge Acceptable Use Policy' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'I have read and understood this policy' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(dialog).findByText('This policy was updated while you were reading it. Read the new version below, then acknowledge it.')).toBeVisible();
    expect(await within(dialog).findByText('What changed: Shorter reporting deadline.')).toBeVisible();
    expect(within(dialog).getByRole('checkbox', { name: 'I have read and understood this policy' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Acknowledge' })).toBeDisabled();
  });

  it('shows a PDF policy in a frame with a download link', async () => {
    const pdfPolicy = buildPolicy({ previousVersion: null, version: { ...buildPolicy().version, version: 1, format: 'pdf', changeNote: '' } });
    const pdfUrl = `/policy-documents/org/${v2}.pdf?expires=1&signature=s`;
    serveApi({
      'GET /api/my-trainings/': () => json({ items: [] }),
      'GET /api/my-policies/': () => json({ items: [pdfPolicy] }),
      [`GET /api/my-policies/${policyId}/`]: () => json({ policy: pdfPolicy, document: { version: pdfPolicy.version, html: null, pdfUrl, markdown: null } }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Read and acknowledge Acceptable Use Policy' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTitle('Acceptable Use Policy, version 1')).toHaveAttribute('src', pdfUrl);
    expect(within(dialog).getByRole('link', { name: 'Download the PDF' })).toHaveAttribute('href', pdfUrl);
    expect(within(dialog).queryByText(/What changed/)).not.toBeInTheDocument();
  });
});
