import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CadenceRule } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { expectNoAxeViolations } from '../axe';
import { buildModule, buildSettings, departmentId, json, moduleId, renderTrainingAdmin, serveApi } from '../testing';

const page = '/configure/trainings/frequency/';
const ruleId = '00000000-0000-4000-8000-00000000e001';

const buildRule = (overrides: Partial<CadenceRule> = {}): CadenceRule => ({
  id: ruleId,
  moduleId,
  moduleTitle: 'Passwords that hold up',
  audience: { kind: 'departments', ids: [departmentId] },
  cadence: 'annual',
  dueInDays: 30,
  newHireWindowDays: 30,
  anchorDate: '2027-01-01',
  frameworkId: 'iso27001',
  state: 'active',
  nextRunAt: '2027-01-01T00:00:00Z',
  lastRun: { period: '2026', at: '2026-01-01T00:00:00Z', assigned: 40, alreadyAssigned: 2 },
  createdAt: '2026-01-01T00:00:00Z',
  ...overrides,
});

const base = {
  'GET /api/training-settings/': () => json(buildSettings()),
  'GET /api/training-modules/': () => json({ items: [buildModule()] }),
  'GET /api/organization/departments/': () => json({ departments: [{ id: departmentId, name: 'Finance', peopleCount: 312 }] }),
  'POST /api/campaigns/audience-preview/': () => json({ count: 310, withoutEmail: 2 }),
};

describe('the cadence rules', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what to do when there are none, beside the training rules', async () => {
    serveApi({ ...base, 'GET /api/training-cadence-rules/': () => json({ items: [] }) });
    renderTrainingAdmin(page);
    expect(await screen.findByTestId('cadence-rules-empty')).toHaveTextContent('No cadence rules yet. Add one to give every new hire a module on their start date');
    expect(await screen.findByTestId('training-rules-form')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Training on a cadence' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('lists each rule with its module, audience, cadence, due days, framework, next run and state', async () => {
    serveApi({ ...base, 'GET /api/training-cadence-rules/': () => json({ items: [buildRule(), buildRule({ id: '00000000-0000-4000-8000-00000000e002', cadence: 'on_hire', audience: { kind: 'organization' }, frameworkId: null, state: 'paused', nextRunAt: null, lastRun: null, newHireWindowDays: 14 })] }) });
    renderTrainingAdmin(page);
    const [annual, onHire] = await screen.findAllByTestId('cadence-rule-row');
    expect(within(annual!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Passwords that hold upLast run 2026: 40 assigned, 2 already had it',
      '1 department',
      'Every year from Jan 1, 2027',
      '30 days',
      'iso27001',
      'Jan 1, 2027',
      'Active',
      'EditPauseDelete',
    ]);
    expect(within(onHire!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Passwords that hold up',
      'Everyone',
      'On hire (start dates up to 14 days past)',
      '30 days',
      'None',
      'Not while paused',
      'Paused',
      'EditResumeDelete',
    ]);
    await expectNoAxeViolations();
  });

  it('adds a rule with the shared audience field and sends what the contract asks', async () => {
    const calls = serveApi({ ...base, 'GET /api/training-cadence-rules/': () => json({ items: [] }), 'POST /api/training-cadence-rules/': (call) => json(buildRule(call.body as Partial<CadenceRule>), 201) });
    renderTrainingAdmin(page);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a cadence rule' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a cadence rule' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText('Choose a module.')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/training-cadence-rules/')).toBe(false);

    fireEvent.mouseDown(within(dialog).getByTestId('cadence-module'));
    fireEvent.click(await screen.findByRole('option', { name: /Passwords that hold up/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'On hire' }));
    expect(within(dialog).getByRole('radiogroup', { name: 'Cadence' })).toHaveAccessibleDescription(/once, on their start date/);
    expect(within(dialog).queryByLabelText(/^Starts on/)).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'New-hire window (days)' }), { target: { value: '45' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Due in (days)' }), { target: { value: '21' } });
    fireEvent.click(within(dialog).getByLabelText('Departments'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Departments/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Finance (312 people)' }));
    await waitFor(() => expect(within(dialog).getByTestId('audience-count')).toHaveTextContent('312 people are in this audience today'));
    await expectNoAxeViolations(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/training-cadence-rules/')!;
    expect(post.body).toMatchObject({ moduleId, cadence: 'on_hire', audience: { kind: 'departments', ids: [departmentId] }, dueInDays: 21, newHireWindowDays: 45 });
  });

  it('puts the server’s problem on its field', async () => {
    serveApi({
      ...base,
      'GET /api/training-cadence-rules/': () => json({ items: [buildRule()] }),
      'PATCH /api/training-cadence-rules/00000000-0000-4000-8000-00000000e001/': () =>
        json({ error: { code: 'VALIDATION_FAILED', message: 'body.dueInDays: must be at most 365', details: [{ field: 'body.dueInDays', problem: 'must be at most 365' }] } }, 400),
    });
    renderTrainingAdmin(page);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the cadence rule' });
    // The module and the cadence stay: another module or cadence is another rule.
    expect(within(dialog).getByRole('radio', { name: 'Every year' })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByRole('spinbutton', { name: 'Due in (days)' })).toHaveAccessibleDescription('must be at most 365');
  });

  it('pauses, resumes and deletes only after a confirmation that says what stays', async () => {
    const calls = serveApi({
      ...base,
      'GET /api/training-cadence-rules/': () => json({ items: [buildRule()] }),
      'PATCH /api/training-cadence-rules/00000000-0000-4000-8000-00000000e001/': (call) => json(buildRule({ state: (call.body as { state: 'active' | 'paused' }).state })),
      'DELETE /api/training-cadence-rules/00000000-0000-4000-8000-00000000e001/': () => new Response(null, { status: 204 }),
    });
    renderTrainingAdmin(page);
    const actions = await screen.findByRole('group', { name: 'Actions for Passwords that hold up' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Pause' }));
    const pause = screen.getByRole('dialog', { name: 'Pause this rule?' });
    expect(pause).toHaveAccessibleDescription(/Assignments already made stay/);
    fireEvent.click(within(pause).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.click(within(actions).getByRole('button', { name: 'Pause' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Pause this rule?' })).getByRole('button', { name: 'Pause rule' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ state: 'paused' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(within(actions).getByRole('button', { name: 'Delete' }));
    const remove = screen.getByRole('dialog', { name: 'Delete this rule?' });
    expect(remove).toHaveAccessibleDescription(/The assignments it already made stay/);
    fireEvent.click(within(remove).getByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });
});
