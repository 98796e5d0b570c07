import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PolicyAcknowledgementRow, PolicyDetail, PolicySummary } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { serveApi } from '../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../testing/signed-in';
import { PoliciesPanel } from '../index';

const page = '/compliance/';
const policyId = '00000000-0000-4000-8000-0000000003a1';
const departmentId = '00000000-0000-4000-8000-0000000000d1';

const buildSummary = (overrides: Partial<PolicySummary> = {}): PolicySummary => ({
  id: policyId,
  title: 'Acceptable Use Policy',
  description: 'How we use company devices, accounts and data.',
  audience: { kind: 'organization' },
  archived: false,
  createdAt: '2026-01-10T09:00:00Z',
  currentVersion: { id: '00000000-0000-4000-8000-0000000003b2', version: 2, format: 'markdown', byteSize: 1200, sha256: 'a'.repeat(64), changeNote: 'Adds AI tools.', publishedAt: '2026-03-01T09:00:00Z', publishedBy: 'Amelia Hart' },
  acknowledged: 120,
  required: 300,
  ...overrides,
});
const detail = (summary: PolicySummary): PolicyDetail => ({ ...summary, versions: summary.currentVersion ? [summary.currentVersion] : [] });

const base = {
  'GET /api/organization/departments/': () => json({ departments: [{ id: departmentId, name: 'Finance', peopleCount: 40 }] }),
  'POST /api/campaigns/audience-preview/': () => json({ count: 298, withoutEmail: 2 }),
  'POST /api/policies/preview/': () => json({ html: '<h1>Acceptable use</h1>\n<p>Use company devices <strong>for work</strong>.</p>' }),
};

describe('PoliciesPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how to start when there are no policies', async () => {
    serveApi({ ...base, 'GET /api/policies/': () => json({ items: [] }) });
    renderPageSignedIn(PoliciesPanel, page);
    expect(await screen.findByTestId('policies-empty')).toHaveTextContent('No policies yet. Choose New policy to write one in Markdown or upload a PDF');
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('lists each policy with its version, audience and acknowledgement progress', async () => {
    serveApi({ ...base, 'GET /api/policies/': () => json({ items: [buildSummary(), buildSummary({ id: '00000000-0000-4000-8000-0000000003a2', title: 'Information Security Policy', description: '', audience: { kind: 'departments', ids: [departmentId] }, currentVersion: null, acknowledged: 0, required: 40 })] }) });
    renderPageSignedIn(PoliciesPanel, page);
    const [aup, isp] = await screen.findAllByTestId('policy-row');
    expect(within(aup!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Acceptable Use PolicyHow we use company devices, accounts and data.',
      'Version 2TextPublished Mar 1, 2026',
      'Everyone',
      '120 of 300',
      'New versionWho has not acknowledgedArchive',
    ]);
    expect(within(aup!).getByRole('progressbar', { name: 'Acknowledged of Acceptable Use Policy' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(isp!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Information Security Policy', 'No version published yet', '1 department', '', 'Publish version 1Archive']);
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('creates a Markdown policy for everyone, previewed as the server renders it', async () => {
    const calls = serveApi({ ...base, 'GET /api/policies/': () => json({ items: [] }), 'POST /api/policies/': () => json(detail(buildSummary({ currentVersion: { ...buildSummary().currentVersion!, version: 1 } })), 201) });
    renderPageSignedIn(PoliciesPanel, page);
    fireEvent.click(await screen.findByRole('button', { name: 'New policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'New policy' });
    // Nothing is sent without a title and a text.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Give the policy a title.')).toBeVisible();
    expect(within(dialog).getByText('Write the policy text.')).toBeVisible();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Acceptable Use Policy' } });
    fireEvent.change(within(dialog).getByTestId('policy-markdown'), { target: { value: '# Acceptable use\n\nUse company devices **for work**.' } });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Preview' }));
    expect(await within(dialog).findByRole('region', { name: 'Preview of the policy as people will see it' })).toContainHTML('<strong>for work</strong>');
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/policies/')?.body).toEqual({
      title: 'Acceptable Use Policy',
      description: '',
      audience: { kind: 'organization' },
      markdown: '# Acceptable use\n\nUse company devices **for work**.',
    });
  });

  it('publishes a new version from the current text with a change note, and refuses a file that is not a PDF', async () => {
    const calls = serveApi({
      ...base,
      'GET /api/policies/': () => json({ items: [buildSummary()] }),
      [`GET /api/policies/${policyId}/versions/00000000-0000-4000-8000-0000000003b2/`]: () => json({ version: buildSummary().currentVersion, html: '<p>old</p>', pdfUrl: null, markdown: '# Acceptable use\n\nOld text.' }),
      [`POST /api/policies/${policyId}/versions/`]: () => json(detail(buildSummary()), 201),
    });
    renderPageSignedIn(PoliciesPanel, page);
    fireEvent.click(await screen.findByRole('button', { name: 'Publish a new version of Acceptable Use Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'New version of Acceptable Use Policy' });
    await waitFor(() => expect(within(dialog).getByTestId('policy-markdown')).toHaveValue('# Acceptable use\n\nOld text.'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish version 3' }));
    expect(await within(dialog).findByText('Say what changed, so people know why they are asked again.')).toBeVisible();

    // A PDF upload is checked by its first bytes before anything is sent.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Upload a PDF' }));
    fireEvent.change(within(dialog).getByTestId('policy-pdf'), { target: { files: [new File(['<html>not a pdf</html>'], 'policy.pdf', { type: 'application/pdf' })] } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'What changed' }), { target: { value: 'Adds AI tools.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish version 3' }));
    expect(await within(dialog).findByText('This file is not a PDF.')).toBeVisible();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Write in Markdown' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish version 3' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST' && call.url.pathname.endsWith('/versions/')).map((call) => call.body)).toEqual([{ markdown: '# Acceptable use\n\nOld text.', changeNote: 'Adds AI tools.' }]);
  });

  it('shows who has not acknowledged, pages by key and downloads the CSV', async () => {
    const row = (name: string, overrides: Partial<PolicyAcknowledgementRow> = {}): PolicyAcknowledgementRow => ({ personId: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`, name, email: `${name.split(' ')[0]!.toLowerCase()}@northwind.example`, department: 'Finance', status: 'pending', acknowledgedAt: null, previousVersion: null, ...overrides });
    const calls = serveApi({
      ...base,
      'GET /api/policies/': () => json({ items: [buildSummary()] }),
      [`GET /api/policies/${policyId}/acknowledgements/`]: (call) => {
        if (call.url.searchParams.get('format') === 'csv') return new Response('name,email\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="policy-acknowledgements-2026-03-05.csv"' } });
        return call.url.searchParams.get('cursor') ? json({ version: 2, items: [row('Zoe Young')], nextCursor: null }) : json({ version: 2, items: [row('Ada Admin', { previousVersion: 1 })], nextCursor: 'next' });
      },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPageSignedIn(PoliciesPanel, page);
    fireEvent.click(await screen.findByRole('button', { name: 'Who has not acknowledged Acceptable Use Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledgements of Acceptable Use Policy' });
    expect(dialog).toHaveTextContent('Version 2: who in the audience has and has not acknowledged it.');
    const [first] = await within(dialog).findAllByTestId('policy-acknowledgement-row');
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Ada Admin', 'ada@northwind.example', 'Finance', 'Not yet (acknowledged version 1)', '']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('policy-acknowledgement-row')).toHaveLength(2));
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('policy-acknowledgements-2026-03-05.csv');
    expect(calls.filter((call) => call.url.pathname.endsWith('/acknowledgements/')).map((call) => call.url.searchParams.toString())).toEqual(['status=pending&limit=50', 'status=pending&limit=50&cursor=next', 'status=pending&format=csv']);
    click.mockRestore();
  });

  it('archives a policy after saying what archiving keeps', async () => {
    const calls = serveApi({ ...base, 'GET /api/policies/': () => json({ items: [buildSummary()] }), [`POST /api/policies/${policyId}/archive/`]: () => json(detail(buildSummary({ archived: true }))) });
    renderPageSignedIn(PoliciesPanel, page);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive Acceptable Use Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Acceptable Use Policy?' });
    expect(dialog).toHaveTextContent('Its versions and everyone’s acknowledgements are kept as evidence.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === `/api/policies/${policyId}/archive/`)).toBe(true);
  });
});
