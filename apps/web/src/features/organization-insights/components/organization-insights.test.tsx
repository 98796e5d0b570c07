import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { buildPersonalRecord } from '../../../testing/builders';
import { renderPageSignedIn, stubApi } from '../../../testing/signed-in';
import { AnomalousActivityPage } from './anomalous-activity';
import { DeviceProtectionPage } from './device-protection';
import { TrainingStatusPage } from './training-status';

const admin = buildPersonalRecord({ role: 'Admin' });
const person = { id: '2c6f0d0e-4b8a-4a53-9c43-7f1c9f5d0a01', name: 'Dana Whitfield', email: 'dana@example.com', department: 'Finance' };
const rules = (counts: [number, number, number, number]) =>
  (['new_device', 'new_country', 'impossible_travel', 'lockout_burst'] as const).map((rule, index) => ({ rule, count: counts[index]!, people: counts[index]! }));

describe('the organization insight subpages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('anomalous activity: counts by rule, each finding in words with a link to the person, the rules explained, and another window on request', async () => {
    const server = stubApi(admin, {
      '/api/insights/organization/anomalies/?days=30': {
        body: {
          days: 30,
          byRule: rules([0, 1, 1, 0]),
          anomalies: [
            { at: '2026-11-20T09:30:00.000Z', rule: 'impossible_travel', person, device: null, country: 'BR', previousCountry: 'DE', km: 9512, kmPerHour: 4756, attempts: null },
            { at: '2026-11-20T09:30:00.000Z', rule: 'new_country', person, device: null, country: 'BR', previousCountry: null, km: null, kmPerHour: null, attempts: null },
          ],
        },
      },
      '/api/insights/organization/anomalies/?days=90': { body: { days: 90, byRule: rules([0, 0, 0, 0]), anomalies: [] } },
    });
    renderPageSignedIn(AnomalousActivityPage, '/insights/organization/anomalous-activity/');

    const rows = within(await screen.findByTestId('anomalies')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Impossible travelFrom Germany to Brazil: 9,512 km at 4,756 km/h');
    expect(rows[1]).toHaveTextContent('New countrySigned in from Brazil');
    expect(within(rows[0]!).getByRole('link', { name: 'Dana Whitfield' })).toHaveAttribute('href', `/insights/users/?person=${person.id}`);
    expect(screen.getByText(/at least 500 km apart/)).toBeVisible();
    expect(await seriousAxeViolations(document.body)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(await screen.findByText('Nothing unusual in the last 90 days.')).toBeVisible();
    expect(server).toHaveBeenCalledWith('/api/insights/organization/anomalies/?days=90', expect.anything());
  });

  it('device protection: says plainly that endpoint data needs Watchtower, and shows the kinds of device sign-ins tell', async () => {
    stubApi(admin, {
      '/api/insights/organization/devices/?days=30': {
        body: { days: 30, devices: [{ os: 'Windows', browser: 'Edge', people: 14, signIns: 80 }, { os: 'iOS', browser: 'Safari', people: 5, signIns: 9 }], peopleOnSeveralSystems: 3, endpointDataConnected: false },
      },
    });
    renderPageSignedIn(DeviceProtectionPage, '/insights/organization/device-protection-status/');

    expect(await screen.findByTestId('watchtower-not-connected')).toHaveTextContent('Device protection is not connected');
    expect(screen.getByRole('link', { name: 'Connect Watchtower' })).toHaveAttribute('href', '/onboarding/setup-watchtower/google/');
    const kinds = within(await screen.findByTestId('device-kinds')).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(kinds).toEqual(['WindowsEdge1480', 'iOSSafari59']);
    expect(screen.getByRole('figure', { name: 'Bar chart of people per kind of device' })).toBeInTheDocument();
  });

  it('training status: an empty organization is told how to start', async () => {
    stubApi(admin, {
      '/api/insights/organization/training/': {
        body: { totals: { assigned: 0, completed: 0, overdue: 0, failed: 0, people: 0 }, byDepartment: [], completedByMonth: [] },
      },
    });
    renderPageSignedIn(TrainingStatusPage, '/insights/organization/training-status/');

    expect(await screen.findByText(/No lessons have been assigned yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Assign lessons' })).toHaveAttribute('href', '/configure/trainings/');
  });
});
