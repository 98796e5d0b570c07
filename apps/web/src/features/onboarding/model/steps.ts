import type { IdentityProvider, OnboardingSteps, OnboardingWizard } from '@vigil/contracts';

import { paths } from '../../../config/paths';

export type StepId = keyof OnboardingSteps;

/** The five steps, in the order the wizard takes them (the five onboarding flags of spec §4). */
export const stepIds: readonly StepId[] = ['sso', 'scim', 'dmi', 'watchtower', 'initialTesting'];

export const ssoProviderPaths: Record<IdentityProvider, string> = {
  'entra-id': paths.onboarding.setupSsoAndScim.entraId.getHref(),
  'google-workspace': paths.onboarding.setupSsoAndScim.googleWorkspace.getHref(),
  okta: paths.onboarding.setupSsoAndScim.okta.getHref(),
};

export const dmiProviderPaths = {
  exchange: paths.onboarding.setupDmi.exchange.getHref(),
  'google-workspace': paths.onboarding.setupDmi.googleWorkspace.getHref(),
} as const;

export const watchtowerProviderPaths = {
  google: paths.onboarding.setupWatchtower.google.getHref(),
  microsoft: paths.onboarding.setupWatchtower.microsoft.getHref(),
} as const;

/** Microsoft or Google, from what the admin set up so far: Watchtower reads the same platform. */
export const suggestedWatchtowerProvider = (wizard: OnboardingWizard): 'google' | 'microsoft' => {
  if (wizard.watchtower.google && !wizard.watchtower.microsoft) return 'google';
  if (wizard.watchtower.microsoft) return 'microsoft';
  if (wizard.dmi.googleWorkspace && !wizard.dmi.exchange) return 'google';
  if (wizard.dmi.exchange) return 'microsoft';
  return wizard.sso?.provider === 'google-workspace' ? 'google' : 'microsoft';
};

/** Where a step starts: the provider already chosen, or the choice of providers. */
export const stepHref = (step: StepId, wizard: OnboardingWizard): string => {
  switch (step) {
    case 'sso':
      return wizard.sso ? ssoProviderPaths[wizard.sso.provider] : paths.onboarding.setupSsoAndScim.getHref();
    case 'scim':
      return wizard.sso ? paths.onboarding.setupSsoAndScim.postSetupVerification.getHref() : paths.onboarding.setupSsoAndScim.getHref();
    case 'dmi':
      if (wizard.dmi.exchange) return dmiProviderPaths.exchange;
      if (wizard.dmi.googleWorkspace) return dmiProviderPaths['google-workspace'];
      return paths.onboarding.setupDmi.getHref();
    case 'watchtower':
      return watchtowerProviderPaths[suggestedWatchtowerProvider(wizard)];
    case 'initialTesting':
      return paths.onboarding.launchInitialTesting.getHref();
  }
};

/** The first step not done yet, or null when onboarding is complete. */
export const firstOpenStep = (steps: OnboardingSteps): StepId | null => stepIds.find((id) => !steps[id]) ?? null;

/** Which steps a page of the wizard belongs to (SSO and SCIM share their pages). */
export const stepsOfPath = (pathname: string): StepId[] => {
  if (pathname.startsWith(paths.onboarding.setupSsoAndScim.path)) return ['sso', 'scim'];
  if (pathname.startsWith(paths.onboarding.setupDmi.path)) return ['dmi'];
  if (pathname.startsWith(paths.onboarding.setupWatchtower.path)) return ['watchtower'];
  if (pathname.startsWith(paths.onboarding.launchInitialTesting.path)) return ['initialTesting'];
  return [];
};
