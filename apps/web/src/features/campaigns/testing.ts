import type { Campaign, CampaignCounts, CampaignRecipient, CampaignResults, PhishingTemplateSummary, SendingProfile } from '@vigil/contracts';
import type { ComponentType } from 'react';

import { createFakeAuthSdk } from '../../testing/fake-auth-sdk';
import { json } from '../../testing/signed-in';
import { renderRoutes } from '../../testing/test-utils';

export { json };

export { type ApiCall, serveApi } from '../../testing/serve-api';

export const campaignId = '00000000-0000-4000-8000-0000000000c1';
export const templateId = '00000000-0000-4000-8000-0000000000a1';
export const profileId = '00000000-0000-4000-8000-0000000000b1';
export const departmentId = '00000000-0000-4000-8000-0000000000d1';

export const zeroCounts: CampaignCounts = {
  recipients: 0,
  scheduled: 0,
  sent: 0,
  failed: 0,
  uncertain: 0,
  cancelled: 0,
  opened: 0,
  clicked: 0,
  submitted: 0,
  reported: 0,
  replied: 0,
  attachmentOpened: 0,
  qrScanned: 0,
  called: 0,
  machineClicks: 0,
};

export const buildCampaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  id: campaignId,
  name: 'Spring payroll check',
  kind: 'standard',
  status: 'draft',
  templateIds: [templateId],
  sendingProfileId: profileId,
  landingPageId: null,
  audience: { kind: 'departments', ids: [departmentId] },
  startAt: null,
  spreadMinutes: 120,
  businessHoursOnly: false,
  launchedAt: null,
  completedAt: null,
  createdAt: '2026-03-01T09:00:00Z',
  counts: zeroCounts,
  can: { edit: true, launch: true, delete: true, pause: false, resume: false, cancel: false },
  ...overrides,
});

export const buildResults = (overrides: Partial<CampaignResults> = {}): CampaignResults => ({
  campaignId,
  counts: zeroCounts,
  byDepartment: [],
  timeline: [],
  uncertain: 0,
  ...overrides,
});

export const buildRecipient = (overrides: Partial<CampaignRecipient> = {}): CampaignRecipient => ({
  id: '00000000-0000-4000-8000-0000000000e1',
  personId: '00000000-0000-4000-8000-0000000000f1',
  name: 'Priya Natarajan',
  email: 'priya.natarajan@northwind.example',
  department: 'Finance',
  templateId,
  templateName: 'Payroll portal update',
  language: 'en_us',
  state: 'sent',
  sendAt: '2026-03-02T09:10:00Z',
  sentAt: '2026-03-02T09:10:02Z',
  lastError: null,
  openedAt: null,
  clickedAt: null,
  submittedAt: null,
  reportedAt: null,
  machineClickedAt: null,
  ...overrides,
});

export const buildTemplate = (overrides: Partial<PhishingTemplateSummary> = {}): PhishingTemplateSummary => ({
  id: templateId,
  source: 'builtin',
  status: 'active',
  category: 'hr-payroll',
  vector: 'credential-harvest',
  difficulty: 3,
  languages: ['en_us', 'de_de'],
  language: 'en_us',
  name: 'Payroll portal update',
  scenario: 'HR asks everyone to confirm their bank details in a new payroll portal.',
  updatedAt: '2026-01-05T09:00:00Z',
  can: { edit: false, copy: true, archive: false },
  ...overrides,
});

export const buildProfile = (overrides: Partial<SendingProfile> = {}): SendingProfile => ({
  id: profileId,
  name: 'Lookalike relay',
  host: 'smtp.relay.example',
  port: 587,
  security: 'starttls',
  username: null,
  hasPassword: false,
  fromAddress: 'hr@northwind-1ogistics.example',
  fromName: 'HR',
  replyTo: null,
  ratePerMinute: 60,
  activeCampaigns: 0,
  createdAt: '2026-01-05T09:00:00Z',
  updatedAt: '2026-01-05T09:00:00Z',
  archivedAt: null,
  can: { edit: true, archive: true, test: true },
  ...overrides,
});

/** Mounts routes like the app's, signed in: the testing page and a campaign's page. */
export const renderSignedIn = (routes: { path: string; Component: ComponentType }[], path: string) => {
  const fake = createFakeAuthSdk();
  fake.signIn(undefined, 'session.jwt');
  return renderRoutes(routes, path, { sdk: fake.sdk });
};
