import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import accountSettings from '../locales/en/account-settings.json';
import campaigns from '../locales/en/campaigns.json';
import common from '../locales/en/common.json';
import compliance from '../locales/en/compliance.json';
import headsUp from '../locales/en/heads-up.json';
import initialTesting from '../locales/en/initial-testing.json';
import organizationSettings from '../locales/en/organization-settings.json';
import organizationUsers from '../locales/en/organization-users.json';
import phishingProgrammes from '../locales/en/phishing-programmes.json';
import phishingTemplates from '../locales/en/phishing-templates.json';
import policies from '../locales/en/policies.json';
import risk from '../locales/en/risk.json';
import peopleInsights from '../locales/en/people-insights.json';
import organizationInsights from '../locales/en/organization-insights.json';
import reporting from '../locales/en/reporting.json';
import adaptiveControls from '../locales/en/adaptive-controls.json';
import ssoSettings from '../locales/en/sso-settings.json';
import integrations from '../locales/en/integrations.json';
import integrationsApiKeys from '../locales/en/integrations-api-keys.json';
import integrationsGoogle from '../locales/en/integrations-google.json';
import integrationsPhishMailbox from '../locales/en/integrations-phish-mailbox.json';
import integrationsWebhooks from '../locales/en/integrations-webhooks.json';
import sendingProfiles from '../locales/en/sending-profiles.json';
import onboardingWizard from '../locales/en/onboarding.json';
import testRequests from '../locales/en/test-requests.json';
import trainingAdmin from '../locales/en/training-admin.json';
import trainingCadence from '../locales/en/training-cadence.json';
import trainingContent from '../locales/en/training-content.json';
import trainingTexts from '../locales/en/training-texts.json';
import trainings from '../locales/en/trainings.json';
import translation from '../locales/en/translation.json';

export const defaultLanguage = 'en';

/**
 * The English catalogue, assembled from one file per feature so features can add strings without
 * touching each other's files. Each feature file has a single top-level key of its own
 * (e.g. `organizationUsers`), and is added here with one import and one spread.
 */
const english = {
  ...translation,
  ...common,
  ...onboardingWizard,
  ...organizationSettings,
  ...organizationUsers,
  ...accountSettings,
  ...phishingTemplates,
  ...sendingProfiles,
  ...headsUp,
  ...initialTesting,
  ...campaigns,
  ...phishingProgrammes,
  ...testRequests,
  ...trainingAdmin,
  ...trainingCadence,
  ...trainingContent,
  ...trainingTexts,
  ...trainings,
  ...policies,
  ...compliance,
  ...risk,
  ...peopleInsights,
  ...organizationInsights,
  ...reporting,
  ...adaptiveControls,
  ...ssoSettings,
  ...integrations,
  ...integrationsApiKeys,
  ...integrationsGoogle,
  ...integrationsPhishMailbox,
  ...integrationsWebhooks,
};

export const resources = {
  en: { translation: english },
} as const;

// Typed keys: t('notFound.title') is checked against the English catalogue at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'];
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  // English until lib/language-startup.ts has read the `language` cookie and loaded its catalogue.
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  defaultNS: 'translation',
  // Resources are bundled, so initialise synchronously: the first render already has its strings.
  initAsync: false,
  // React escapes rendered values itself.
  interpolation: { escapeValue: false },
});
