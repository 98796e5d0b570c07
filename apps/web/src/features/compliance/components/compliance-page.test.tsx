import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComplianceFramework, ComplianceOverview, CompliancePerson, TrainingModuleSummary } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { paths } from '../../../config/paths';
import { seriousAxeViolations } from '../../../testing/axe';
import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { serveApi } from '../../../testing/serve-api';
import { json } from '../../../testing/signed-in';
import { renderRoutes } from '../../../testing/test-utils';
import { CompliancePage } from './compliance-page';

const basics = { id: '00000000-0000-4000-8000-00000000a001', title: 'Phishing basics', topic: 'phishing-basics', version: 2, minutes: 4 };
const passwords = { id: '00000000-0000-4000-8000-00000000a002', title: 'Passwords that hold up', topic: 'passwords', version: 1, minutes: 4 };
const passkeys = { id: '00000000-0000-4000-8000-00000000a003', title: 'Passkeys', topic: 'passkeys', version: 1, minutes: 3 };

const framework = (overrides: Partial<ComplianceFramework> = {}): ComplianceFramework => ({
  id: 'hipaa',
  name: 'HIPAA Security Rule',
  shortName: 'HIPAA',
  edition: '45 CFR 164.308(a)(5)',
  summary: 'The US rule protecting electronic health information.',
  clauses: [{ reference: '164.308(a)(5)(ii)(D)', title: 'Password management', asks: 'Procedures for creating, changing and safeguarding passwords.', evidence: 'The passwords lesson.' }],
  guidance: [],
  cadence: { annual: true, onHire: true, periodMonths: 12 },
  suggestedModules: [basics, passwords],
  simulationVectors: ['email-link'],
  chosen: false,
  modules: [basics, passwords],
  counts: null,
  chosenAt: null,
  ...overrides,
});

const overview = (frameworks: ComplianceFramework[]): ComplianceOverview => ({ frameworks, programmes: [], asOf: '2026-11-23T10:00:00Z' });
const trainingModule = (module: typeof basics): TrainingModuleSummary => ({
  ...module,
  topic: module.topic as TrainingModuleSummary['topic'],
  source: 'built-in',
  kind: 'video',
  summary: '',
  passScore: 80,
  questions: 5,
  languages: ['en_us'],
  remediates: [],
  posterUrl: null,
});
const person = (overrides: Partial<CompliancePerson> = {}): CompliancePerson => ({
  personId: '00000000-0000-4000-8000-00000000c001',
  name: 'Priya Natarajan',
  email: 'priya@northwind.example',
  department: 'Finance',
  startDate: null,
  status: 'compliant',
  passed: 2,
  required: 2,
  nextDueAt: null,
  lastCompletedAt: '2026-11-20T10:00:00Z',
  ...overrides,
});

const settings = { 'GET /api/compliance/settings/': () => json({ retentionYears: 6, newHireWindowDays: 30 }) };
const modules = { 'GET /api/training-modules/': () => json({ items: [basics, passwords, passkeys].map(trainingModule) }) };

const renderPage = (path: string) => {
  const fake = createFakeAuthSdk();
  fake.signIn(undefined, 'session.jwt');
  return renderRoutes(
    [paths.compliance, paths.complianceOnboarding].map((page) => ({ path: page.path, Component: () => <CompliancePage /> })),
    path,
    { sdk: fake.sdk },
  );
};

describe('the compliance page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what to do when no framework is chosen, and leads to choosing one', async () => {
    serveApi({ ...settings, ...modules, 'GET /api/compliance/frameworks/': () => json(overview([framework()])) });
    const { router } = renderPage('/compliance/');
    expect(await screen.findByTestId('compliance-empty')).toHaveTextContent('No framework chosen yet');
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('link', { name: 'Choose frameworks' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=frameworks'));
    expect(await screen.findByTestId('choose-hipaa')).toHaveTextContent('HIPAA Security Rule');
  });

  it('shows a chosen framework: the same numbers in the chart’s table, its clauses, its people, and the evidence pack downloads', async () => {
    const calls = serveApi({
      ...settings,
      'GET /api/compliance/frameworks/': () => json(overview([framework({ chosen: true, counts: { compliant: 3, inProgress: 1, overdue: 2, missing: 4, total: 10 } })])),
      'GET /api/compliance/frameworks/hipaa/people/': (call) =>
        json({ items: call.url.searchParams.get('status') === 'overdue' ? [person({ name: 'Oscar Late', status: 'overdue', passed: 0 })] : [person()], nextCursor: null }),
      'GET /api/compliance/frameworks/hipaa/evidence/': (call) =>
        new Response(call.url.searchParams.get('format') === 'csv' ? 'person\n' : '%PDF-1.7', { headers: { 'Content-Type': call.url.searchParams.get('format') === 'csv' ? 'text/csv' : 'application/pdf', 'Content-Disposition': 'attachment; filename="evidence.pdf"' } }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
    renderPage('/compliance/');
    const table = await screen.findByTestId('framework-counts-hipaa');
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['StatusPeopleShare', 'Compliant330%', 'In progress110%', 'Overdue220%', 'Missing440%', 'Active people10']);
    expect(screen.getByRole('figure', { name: 'People by status for HIPAA' })).toBeInTheDocument();
    expect(screen.getByTestId('framework-modules-hipaa')).toHaveTextContent('Phishing basics (version 2, 4 min)');
    expect(screen.getByText(/164\.308\(a\)\(5\)\(ii\)\(D\)/)).toBeInTheDocument();
    expect(await screen.findByTestId('compliance-person-row')).toHaveTextContent('Priya Natarajan');
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.mouseDown(screen.getByTestId('compliance-status-filter-hipaa'));
    fireEvent.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(screen.getByTestId('compliance-person-row')).toHaveTextContent('Oscar Late'));

    fireEvent.change(screen.getByTestId('evidence-from-hipaa'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('evidence-to-hipaa'), { target: { value: '2026-06-30' } });
    fireEvent.click(screen.getByTestId('evidence-pdf-hipaa'));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByTestId('evidence-csv-hipaa'));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(2));
    const evidence = calls.filter((call) => call.url.pathname === '/api/compliance/frameworks/hipaa/evidence/').map((call) => Object.fromEntries(call.url.searchParams));
    expect(evidence).toEqual([
      { from: '2026-01-01', to: '2026-06-30', format: 'pdf' },
      { from: '2026-01-01', to: '2026-06-30', format: 'csv' },
    ]);
  });

  it('shows a tab the route adds (the policies panel) as a page of its own', async () => {
    serveApi({ ...settings, 'GET /api/compliance/frameworks/': () => json(overview([framework()])) });
    const fake = createFakeAuthSdk();
    fake.signIn(undefined, 'session.jwt');
    const { router } = renderRoutes([{ path: paths.compliance.path, Component: () => <CompliancePage extraTabs={[{ id: 'policies', label: 'Policies', content: <p>The policies panel</p> }]} /> }], '/compliance/', { sdk: fake.sdk });
    fireEvent.click(await screen.findByRole('link', { name: 'Policies' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=policies'));
    expect(screen.getByText('The policies panel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Policies' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByTestId('compliance-empty')).not.toBeInTheDocument();
  });

  it('chooses a framework with the modules ticked', async () => {
    let chosen = false;
    const calls = serveApi({
      ...settings,
      ...modules,
      'GET /api/compliance/frameworks/': () => json(overview([framework({ chosen, counts: chosen ? { compliant: 0, inProgress: 0, overdue: 0, missing: 1, total: 1 } : null })])),
      'PUT /api/compliance/frameworks/hipaa/': () => {
        chosen = true;
        return json(framework({ chosen: true }));
      },
    });
    renderPage('/compliance/?tab=frameworks');
    const card = await screen.findByTestId('choose-hipaa');
    fireEvent.click(within(card).getByRole('button', { name: /Modules required for HIPAA/ }));
    fireEvent.click(await within(card).findByRole('checkbox', { name: /Passkeys/ }));
    fireEvent.click(within(card).getByRole('checkbox', { name: /Phishing basics/ }));
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: 'Choose HIPAA' }));
    expect(await screen.findByRole('status')).toHaveTextContent('HIPAA saved');
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ moduleIds: [passwords.id, passkeys.id] });
  });

  it('saves the settings and puts the server’s problem on its field', async () => {
    const calls = serveApi({
      ...settings,
      'GET /api/compliance/frameworks/': () => json(overview([framework()])),
      'PUT /api/compliance/settings/': () => json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', details: [{ field: 'body.retentionYears', problem: 'must be at most 10' }] } }, 400),
    });
    renderPage('/compliance/?tab=settings');
    const years = await screen.findByTestId('compliance-retentionYears');
    expect(years).toHaveValue(6);
    fireEvent.change(years, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('compliance-settings-save'));
    expect(await screen.findByText('must be at least 1')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(years, { target: { value: '9' } });
    fireEvent.click(screen.getByTestId('compliance-settings-save'));
    expect(await screen.findByText('must be at most 10')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ retentionYears: 9, newHireWindowDays: 30 });
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('walks through the guided setup: frameworks, modules, new-hire window, apply', async () => {
    const calls = serveApi({
      ...modules,
      ...settings,
      'GET /api/compliance/frameworks/': () => json(overview([framework(), framework({ id: 'gdpr', name: 'General Data Protection Regulation', shortName: 'GDPR', suggestedModules: [passkeys], modules: [passkeys] })])),
      'PUT /api/compliance/settings/': (call) => json(call.body),
      'PUT /api/compliance/frameworks/gdpr/': () => json(framework({ id: 'gdpr', chosen: true })),
    });
    renderPage('/compliance-onboarding/');
    const next = await screen.findByTestId('compliance-onboarding-next');
    expect(next).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: /General Data Protection Regulation/ }));
    fireEvent.click(next);
    expect(await screen.findByRole('checkbox', { name: /Passkeys/ })).toBeChecked();
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.click(next);
    fireEvent.change(screen.getByRole('spinbutton', { name: /New hires pass within/ }), { target: { value: '45' } });
    fireEvent.click(next);
    expect(screen.getByText('Frameworks: 1. Modules required: 1.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('compliance-onboarding-apply'));
    expect(await screen.findByRole('status')).toHaveTextContent('Done');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.url.pathname, call.body])).toEqual([
      ['/api/compliance/settings/', { retentionYears: 6, newHireWindowDays: 45 }],
      ['/api/compliance/frameworks/gdpr/', { moduleIds: [passkeys.id] }],
    ]);
    expect(screen.getByRole('link', { name: 'Open the Compliance page' })).toHaveAttribute('href', '/compliance/');
  });
});
