import type { PhishingTemplate, PhishingTemplatePreview, PhishingTemplateSummary } from '@vigil/contracts';

export const builtinId = '00000000-0000-4000-8000-000000000001';
export const ownId = '00000000-0000-4000-8000-000000000002';

export const buildSummary = (overrides: Partial<PhishingTemplateSummary> = {}): PhishingTemplateSummary => ({
  id: builtinId,
  source: 'builtin',
  status: 'active',
  category: 'it-password',
  vector: 'credential-harvest',
  difficulty: 4,
  languages: ['en_us', 'fr_fr'],
  language: 'en_us',
  name: 'Password expires today',
  scenario: 'The IT service desk warns that the password expires today.',
  updatedAt: '2026-01-05T09:00:00Z',
  can: { edit: false, copy: true, archive: false },
  ...overrides,
});

export const buildTemplate = (overrides: Partial<PhishingTemplate> = {}): PhishingTemplate => ({
  ...buildSummary(),
  version: 1,
  nistDifficulty: 'very difficult',
  phishScale: { cues: { errors: 0, technical: 2, visual: 1, language: 2, tactics: 2 }, premiseAlignment: 'high' },
  landingPageId: '00000000-0000-4000-8000-0000000000aa',
  fromAddress: 'it@{{sender_domain}}',
  texts: {
    en_us: {
      name: 'Password expires today',
      scenario: 'The IT service desk warns that the password expires today.',
      fromName: 'IT Service Desk',
      subject: 'Your password expires today',
      html: '<p>Hello {{first_name}}, <a href="{{link}}">keep it</a></p>',
      text: 'Hello {{first_name}}, keep it: {{link}}',
      redFlags: [{ cue: 'tactics', title: 'A deadline of today', explanation: 'Pressure to act quickly is the hook.' }],
    },
  },
  createdAt: '2026-01-05T09:00:00Z',
  ...overrides,
});

export const buildPreview = (overrides: Partial<PhishingTemplatePreview> = {}): PhishingTemplatePreview => ({
  language: 'en_us',
  fromName: 'IT Service Desk',
  fromAddress: 'it@sender-domain.example',
  subject: 'Your password expires today',
  html: '<p>Hello Marcus, <a href="https://phish.example/c/preview">keep it</a></p>',
  text: 'Hello Marcus',
  sms: null,
  attachment: null,
  redFlags: [{ cue: 'tactics', title: 'A deadline of today', explanation: 'Pressure to act quickly is the hook.' }],
  ...overrides,
});
