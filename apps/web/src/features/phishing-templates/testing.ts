import type { PhishingTemplate, PhishingTemplatePreview, PhishingTemplateSummary } from '@vigil/contracts';
import type { ComponentType } from 'react';
import { vi } from 'vitest';

import { createFakeAuthSdk } from '../../testing/fake-auth-sdk';
import { json } from '../../testing/signed-in';
import { renderRoutes } from '../../testing/test-utils';

export { json };

/** One call our API received: method, address (with its query) and parsed JSON body. */
export type ApiCall = { method: string; url: URL; body: unknown };

/** Answers our API at the fetch level with a handler per `METHOD /path/`; anything else is a 404. */
export const serveApi = (handlers: Record<string, (call: ApiCall) => Response>) => {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      const call = { method: init?.method ?? 'GET', url, body };
      calls.push(call);
      const handler = handlers[`${call.method} ${url.pathname}`];
      return handler ? handler(call) : json({ error: { code: 'NOT_FOUND', message: `No route ${call.method} ${url.pathname}` } }, 404);
    }),
  );
  return calls;
};

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

/** Mounts a component with a signed-in session, as the testing page does. */
export const renderSignedIn = (Component: ComponentType) => {
  const fake = createFakeAuthSdk();
  fake.signIn(undefined, 'session.jwt');
  return renderRoutes([{ path: '/configure/testing/', Component }], '/configure/testing/', { sdk: fake.sdk });
};
