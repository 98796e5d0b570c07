import type { OnboardingWizard } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';

import { firstOpenStep, stepHref, stepsOfPath, suggestedWatchtowerProvider } from './steps';

const none = { sso: false, scim: false, dmi: false, watchtower: false, initialTesting: false };
const wizard = (overrides: Partial<OnboardingWizard> = {}) =>
  ({
    steps: none,
    sso: null,
    dmi: { exchange: null, googleWorkspace: null },
    watchtower: { google: null, microsoft: null },
    ...overrides,
  }) as OnboardingWizard;
const saved = { settings: {}, confirmedAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' } as never;

describe('onboarding steps', () => {
  it('takes the steps in order and knows when all are done', () => {
    expect(firstOpenStep(none)).toBe('sso');
    expect(firstOpenStep({ ...none, sso: true, scim: true })).toBe('dmi');
    expect(firstOpenStep({ sso: true, scim: true, dmi: true, watchtower: true, initialTesting: true })).toBeNull();
  });

  it('opens a step at the provider already chosen, or at the choice', () => {
    expect(stepHref('sso', wizard())).toBe('/onboarding/setup-sso-and-scim/');
    expect(stepHref('sso', wizard({ sso: { provider: 'okta' } as OnboardingWizard['sso'] }))).toBe('/onboarding/setup-sso-and-scim/okta/');
    expect(stepHref('dmi', wizard({ dmi: { exchange: null, googleWorkspace: saved } }))).toBe('/onboarding/setup-dmi/google-workspace/');
    expect(stepHref('initialTesting', wizard())).toBe('/onboarding/launch-initial-testing/');
  });

  it('suggests the Watchtower of the platform set up for mail delivery or sign-in', () => {
    expect(suggestedWatchtowerProvider(wizard())).toBe('microsoft');
    expect(suggestedWatchtowerProvider(wizard({ dmi: { exchange: null, googleWorkspace: saved } }))).toBe('google');
    expect(suggestedWatchtowerProvider(wizard({ sso: { provider: 'google-workspace' } as OnboardingWizard['sso'] }))).toBe('google');
    expect(suggestedWatchtowerProvider(wizard({ watchtower: { google: null, microsoft: saved }, dmi: { exchange: null, googleWorkspace: saved } }))).toBe('microsoft');
  });

  it('tells which steps a page belongs to', () => {
    expect(stepsOfPath('/onboarding/setup-sso-and-scim/okta/')).toEqual(['sso', 'scim']);
    expect(stepsOfPath('/onboarding/setup-watchtower/google/')).toEqual(['watchtower']);
    expect(stepsOfPath('/onboarding/')).toEqual([]);
  });
});
