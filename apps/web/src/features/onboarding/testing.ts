import type { OnboardingWizard } from '@vigil/contracts';

export const organizationId = '5b0f3f0e-6a41-4f1e-9d7c-2a9b8c7d6e5f';

/** A wizard as the API answers it for a new organisation; tests override what they need. */
export const buildWizard = (overrides: Partial<OnboardingWizard> = {}): OnboardingWizard => ({
  organizationName: 'Harbor & Pike Legal',
  steps: { sso: false, scim: false, dmi: false, watchtower: false, initialTesting: false },
  isOnboarded: false,
  serviceProvider: {
    acsUrl: `https://vigil.example.com/v1/auth/saml/acs/${organizationId}`,
    entityId: `https://vigil.example.com/v1/auth/saml/metadata/${organizationId}`,
    signOnUrl: 'https://vigil.example.com/login/',
    redirectUri: `https://vigil.example.com/v1/sso/oidc/callback/${organizationId}`,
    scimBaseUrl: `https://vigil.example.com/scim/v2/${organizationId}`,
    endpointsLive: true,
  },
  sso: null,
  scimToken: null,
  retiredScimToken: null,
  scimActivity: { lastRequestAt: null, last30Days: { provisioned: 0, updated: 0, deprovisioned: 0, reactivated: 0 }, lastError: null },
  dmi: { exchange: null, googleWorkspace: null },
  watchtower: { google: null, microsoft: null },
  initialTesting: null,
  activePeople: 163,
  sendingProfileName: 'Simulations',
  ...overrides,
});
