import type { PhishingSettings, SendingProfile } from '@vigil/contracts';

export const buildProfile = (overrides: Partial<SendingProfile> = {}): SendingProfile => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Lookalike relay',
  host: 'smtp.relay.example',
  port: 587,
  security: 'starttls',
  username: 'relay-user',
  hasPassword: true,
  fromAddress: 'it-support@northwind-1ogistics.example',
  fromName: 'IT Support',
  replyTo: null,
  ratePerMinute: 60,
  activeCampaigns: 0,
  createdAt: '2026-01-05T09:00:00Z',
  updatedAt: '2026-01-05T09:00:00Z',
  archivedAt: null,
  can: { edit: true, archive: true, test: true },
  ...overrides,
});

export const buildPhishingSettings = (overrides: Partial<PhishingSettings> = {}): PhishingSettings => ({
  filterHeaderName: 'X-Vigil-Simulation',
  filterHeaderValue: 'q8Zr2V0b1xYw3T4u5S6r7Q8p9O0n1M2l',
  filterSecretUpdatedAt: '2026-01-05T09:00:00Z',
  allowListInstructions: [],
  ...overrides,
});
