// Every route's path (all with a trailing slash, as the spec requires) and its href builder.
// Routes and links read from here, so a path changes in one place.

/** A page without parameters: its path is its href. */
const page = <P extends string>(path: P) => ({ path, getHref: (): P => path });

const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  home: page('/'),
  login: {
    ...page('/login/'),
    // Where emailed links land (`?t=<token>`); the server accepts only addresses of this app.
    magicLink: page('/login/verify/'),
    enchantedLink: page('/login/enchanted/'),
    resetPassword: page('/login/reset-password/'),
    // A second factor the person's sign-in policy asks for (adaptive controls).
    secondFactor: page('/login/confirm/'),
    sso: page('/login/sso/'),
    // Back from a social provider (Google, Microsoft, GitHub…) with a one-time code.
    oauth: page('/login/oauth/'),
  },
  headsUp: page('/heads-up/'),
  error: page('/error/'),
  insights: {
    organization: {
      ...page('/insights/organization/'),
      mfaProtectionStatus: page('/insights/organization/mfa-protection-status/'),
      deviceProtectionStatus: page('/insights/organization/device-protection-status/'),
      trainingStatus: page('/insights/organization/training-status/'),
      userLoginActivity: page('/insights/organization/user-login-activity/'),
      anomalousActivity: page('/insights/organization/anomalous-activity/'),
    },
    departments: {
      ...page('/insights/departments/'),
      search: page('/insights/departments/search/'),
      /** One department's page: its score and its people. */
      department: (id: string) => `/insights/departments/?department=${segment(id)}`,
    },
    users: {
      ...page('/insights/users/'),
      search: page('/insights/users/search/'),
      /** One person's page: their score's breakdown, simulations and training. */
      person: (id: string) => `/insights/users/?person=${segment(id)}`,
    },
    directReports: {
      search: page('/insights/direct-reports/search/'),
    },
    yourReports: page('/insights/your-reports/'),
    initialTesting: page('/insights/initial-testing/'),
  },
  dashboard: {
    insights: page('/dashboard/insights/'),
    trainings: {
      ...page('/dashboard/trainings/'),
      learning: page('/dashboard/trainings/learning/'),
      compliance: page('/dashboard/trainings/compliance/'),
      completed: page('/dashboard/trainings/completed/'),
    },
  },
  compliance: page('/compliance/'),
  complianceOnboarding: page('/compliance-onboarding/'),
  employees: page('/employees/'),
  reporting: page('/reporting/'),
  campaigns: page('/campaigns/'),
  adaptiveControls: page('/adaptive-controls/'),
  ssoSettings: page('/sso-settings/'),
  welcome: page('/welcome/'),
  configure: {
    testing: {
      ...page('/configure/testing/'),
      request: page('/configure/testing/request/'),
      schedule: page('/configure/testing/schedule/'),
      campaign: {
        path: '/configure/testing/campaigns/:campaignId/',
        getHref: (campaignId: string) => `/configure/testing/campaigns/${segment(campaignId)}/`,
      },
    },
    trainings: {
      ...page('/configure/trainings/'),
      request: page('/configure/trainings/request/'),
      frequency: page('/configure/trainings/frequency/'),
      schedule: page('/configure/trainings/schedule/'),
      module: page('/configure/trainings/module/'),
    },
    integrations: {
      ...page('/configure/integrations/'),
      service: {
        path: '/configure/integrations/:serviceId/',
        getHref: (serviceId: string) => `/configure/integrations/${segment(serviceId)}/`,
      },
    },
  },
  settings: {
    // The spec's /settings/{product}-nudge/ (guardian): the router cannot split one segment, so the
    // page checks the "-nudge" ending itself (see features/shell/model/routes.ts).
    nudge: {
      path: '/settings/:productNudge/',
      getHref: (product: string) => `/settings/${segment(product)}-nudge/`,
      status: {
        path: '/settings/:productNudge/:status/',
        getHref: (product: string, status: string) => `/settings/${segment(product)}-nudge/${segment(status)}/`,
      },
    },
    organization: {
      ...page('/settings/organization/'),
      general: page('/settings/organization/general/'),
      users: page('/settings/organization/users/'),
      admins: page('/settings/organization/admins/'),
      loginLogs: page('/settings/organization/login-logs/'),
    },
  },
  accountSettings: page('/account-settings/'),
  onboarding: {
    ...page('/onboarding/'),
    setupSsoAndScim: {
      ...page('/onboarding/setup-sso-and-scim/'),
      entraId: page('/onboarding/setup-sso-and-scim/entra-id/'),
      googleWorkspace: page('/onboarding/setup-sso-and-scim/google-workspace/'),
      okta: page('/onboarding/setup-sso-and-scim/okta/'),
      postSetupVerification: page('/onboarding/setup-sso-and-scim/post-setup-verification/'),
    },
    setupDmi: {
      ...page('/onboarding/setup-dmi/'),
      exchange: page('/onboarding/setup-dmi/exchange/'),
      googleWorkspace: page('/onboarding/setup-dmi/google-workspace/'),
    },
    setupWatchtower: {
      // No page of its own (the wizard goes straight to a provider's page): the prefix of both.
      path: '/onboarding/setup-watchtower/',
      google: page('/onboarding/setup-watchtower/google/'),
      microsoft: page('/onboarding/setup-watchtower/microsoft/'),
    },
    launchInitialTesting: page('/onboarding/launch-initial-testing/'),
  },
  notFound: {
    path: '*',
  },
} as const;

// Server endpoints the web app calls directly (the auth provider's own paths belong to the SDK).
export const apiPaths = {
  clientConfig: '/api/client-config/',
  personalUserData: '/api/personal_user_data/',
  msspCompanyList: '/api/mssp_company_list/',
  submitFeedback: '/api/submit-feedback/',
  onboarding: {
    wizard: '/api/onboarding/',
    sso: '/api/onboarding/sso/',
    ssoVerification: '/api/onboarding/sso/verification/',
    scimTokens: '/api/onboarding/scim-tokens/',
    scimToken: (tokenId: string) => `/api/onboarding/scim-tokens/${segment(tokenId)}/`,
    dmiExchange: '/api/onboarding/dmi/exchange/',
    dmiGoogleWorkspace: '/api/onboarding/dmi/google-workspace/',
    watchtowerGoogle: '/api/onboarding/watchtower/google/',
    watchtowerMicrosoft: '/api/onboarding/watchtower/microsoft/',
    launchInitialTesting: '/api/onboarding/initial-testing/launch/',
  },
  organization: '/api/organization/',
  organizationLogo: '/api/organization/logo/',
  organizationLoginLogs: '/api/organization/login-logs/',
  googleWorkspace: {
    settings: '/api/integrations/google-workspace/',
    test: '/api/integrations/google-workspace/test/',
    runs: '/api/integrations/google-workspace/runs/',
    run: (runId: string) => `/api/integrations/google-workspace/runs/${segment(runId)}/`,
    changes: (runId: string) => `/api/integrations/google-workspace/runs/${segment(runId)}/changes/`,
  },
  phishMailbox: {
    settings: '/api/integrations/phish-mailbox/',
    test: '/api/integrations/phish-mailbox/test/',
    messages: '/api/integrations/phish-mailbox/messages/',
    message: (id: string) => `/api/integrations/phish-mailbox/messages/${segment(id)}/`,
  },
  webhooks: {
    list: '/api/integrations/webhooks/',
    endpoint: (id: string) => `/api/integrations/webhooks/${segment(id)}/`,
    rotateSecret: (id: string) => `/api/integrations/webhooks/${segment(id)}/rotate-secret/`,
    test: (id: string) => `/api/integrations/webhooks/${segment(id)}/test/`,
    deliveries: (id: string) => `/api/integrations/webhooks/${segment(id)}/deliveries/`,
    redeliver: (id: string, deliveryId: string) => `/api/integrations/webhooks/${segment(id)}/deliveries/${segment(deliveryId)}/redeliver/`,
    /** The OpenAPI documentation page, opened at the webhooks operations. */
    docs: '/api/docs/#/webhooks',
  },
  apiKeys: {
    list: '/api/integrations/api-keys/',
    revoke: (id: string) => `/api/integrations/api-keys/${segment(id)}/revoke/`,
    /** The interactive OpenAPI documentation the server serves (the public API under /api/v1 is in it). */
    docs: '/api/docs/',
  },
  organizationUsers: {
    list: '/api/organization/users/',
    user: (id: string) => `/api/organization/users/${segment(id)}/`,
    deactivate: (id: string) => `/api/organization/users/${segment(id)}/deactivate/`,
    reactivate: (id: string) => `/api/organization/users/${segment(id)}/reactivate/`,
    importPreview: '/api/organization/users/import/preview/',
    import: '/api/organization/users/import/',
    departments: '/api/organization/departments/',
    admins: '/api/organization/admins/',
    admin: (id: string) => `/api/organization/admins/${segment(id)}/`,
  },
  accountProfile: '/api/account/profile/',
  phishingTemplates: {
    list: '/api/phishing-templates/',
    template: (id: string) => `/api/phishing-templates/${segment(id)}/`,
    preview: (id: string) => `/api/phishing-templates/${segment(id)}/preview/`,
    copy: (id: string) => `/api/phishing-templates/${segment(id)}/copy/`,
    importEml: '/api/phishing-templates/import-eml/',
    approve: (id: string) => `/api/phishing-templates/${segment(id)}/approve/`,
  },
  phishingProgrammes: {
    list: '/api/phishing-programmes/',
    programme: (id: string) => `/api/phishing-programmes/${segment(id)}/`,
  },
  testRequests: {
    list: '/api/test-requests/',
    draft: (id: string) => `/api/test-requests/${segment(id)}/draft/`,
  },
  landingPages: {
    list: '/api/landing-pages/',
    preview: (id: string) => `/api/landing-pages/${segment(id)}/preview/`,
  },
  accountFactors: '/api/account/factors/',
  accountSessions: '/api/account/sessions/',
  accountSession: (sessionId: string) => `/api/account/sessions/${segment(sessionId)}/`,
  revokeOtherAccountSessions: '/api/account/sessions/revoke-others/',
  accountLoginHistory: '/api/account/login-history/',
  sendingProfiles: {
    list: '/api/sending-profiles/',
    profile: (id: string) => `/api/sending-profiles/${segment(id)}/`,
    test: (id: string) => `/api/sending-profiles/${segment(id)}/test/`,
  },
  phishingSettings: '/api/phishing-settings/',
  campaigns: {
    list: '/api/campaigns/',
    audiencePreview: '/api/campaigns/audience-preview/',
    campaign: (id: string) => `/api/campaigns/${segment(id)}/`,
    action: (id: string, action: 'launch' | 'pause' | 'resume' | 'cancel') => `/api/campaigns/${segment(id)}/${action}/`,
    results: (id: string) => `/api/campaigns/${segment(id)}/results/`,
    recipients: (id: string) => `/api/campaigns/${segment(id)}/recipients/`,
  },
  rotateFilterSecret: '/api/phishing-settings/rotate-filter-secret/',
  myTrainings: {
    list: '/api/my-trainings/',
    training: (id: string) => `/api/my-trainings/${segment(id)}/`,
    progress: (id: string) => `/api/my-trainings/${segment(id)}/progress/`,
    quiz: (id: string) => `/api/my-trainings/${segment(id)}/quiz/`,
    certificate: (id: string) => `/api/my-trainings/${segment(id)}/certificate/`,
    scorm: (id: string) => `/api/my-trainings/${segment(id)}/scorm/`,
  },
  trainingModules: {
    list: '/api/training-modules/',
    module: (id: string) => `/api/training-modules/${segment(id)}/`,
    upload: '/api/training-modules/own/',
    archive: (id: string) => `/api/training-modules/own/${segment(id)}/archive/`,
    captions: (id: string, language: string) => `/api/training-modules/own/${segment(id)}/captions/${segment(language)}/`,
  },
  trainingAssignments: {
    list: '/api/training-assignments/',
    cancel: (id: string) => `/api/training-assignments/${segment(id)}/cancel/`,
  },
  trainingSettings: '/api/training-settings/',
  trainingCadenceRules: {
    list: '/api/training-cadence-rules/',
    rule: (id: string) => `/api/training-cadence-rules/${segment(id)}/`,
  },
  trainingSchedule: '/api/training-schedule/',
  trainingModuleRequests: {
    list: '/api/training-module-requests/',
    request: (id: string) => `/api/training-module-requests/${segment(id)}/`,
  },
  policies: {
    list: '/api/policies/',
    preview: '/api/policies/preview/',
    policy: (id: string) => `/api/policies/${segment(id)}/`,
    versions: (id: string) => `/api/policies/${segment(id)}/versions/`,
    pdfVersion: (id: string) => `/api/policies/${segment(id)}/versions/pdf/`,
    version: (id: string, versionId: string) => `/api/policies/${segment(id)}/versions/${segment(versionId)}/`,
    archive: (id: string) => `/api/policies/${segment(id)}/archive/`,
    acknowledgements: (id: string) => `/api/policies/${segment(id)}/acknowledgements/`,
  },
  myPolicies: {
    list: '/api/my-policies/',
    policy: (id: string) => `/api/my-policies/${segment(id)}/`,
    acknowledge: (id: string) => `/api/my-policies/${segment(id)}/acknowledge/`,
  },
  compliance: {
    frameworks: '/api/compliance/frameworks/',
    framework: (id: string) => `/api/compliance/frameworks/${segment(id)}/`,
    people: (id: string) => `/api/compliance/frameworks/${segment(id)}/people/`,
    evidence: (id: string) => `/api/compliance/frameworks/${segment(id)}/evidence/`,
    settings: '/api/compliance/settings/',
  },
  headsUp: '/api/heads-up/',
  initialTestingInsights: '/api/insights/initial-testing/',
  myRisk: '/api/my-risk/',
  organizationRisk: '/api/insights/organization/risk/',
  insightsPeople: {
    list: '/api/insights/people/',
    summary: '/api/insights/people/summary/',
    person: (id: string) => `/api/insights/people/${segment(id)}/`,
  },
  insightsDepartments: '/api/insights/departments/',
  organizationInsights: {
    signIns: '/api/insights/organization/sign-ins/',
    anomalies: '/api/insights/organization/anomalies/',
    mfa: '/api/insights/organization/mfa/',
    devices: '/api/insights/organization/devices/',
    training: '/api/insights/organization/training/',
  },
  sso: {
    settings: '/api/sso/',
    connections: '/api/sso/connections/',
    connection: (id: string) => `/api/sso/connections/${segment(id)}/`,
    test: (id: string) => `/api/sso/connections/${segment(id)}/test/`,
    testResult: (code: string) => `/api/sso/tests/${segment(code)}/`,
    policy: '/api/sso/policy/',
    domainCheck: '/api/sso/domains/check/',
    domainProof: (domain: string) => `/api/sso/domains/${segment(domain)}/`,
  },
  adaptiveControls: {
    rules: '/api/adaptive-controls/rules/',
    rule: (id: string) => `/api/adaptive-controls/rules/${segment(id)}/`,
    firings: '/api/adaptive-controls/firings/',
    lift: (id: string) => `/api/adaptive-controls/firings/${segment(id)}/lift/`,
  },
  reports: {
    executive: '/api/reports/executive/',
    executivePdf: '/api/reports/executive/pdf/',
    schedules: '/api/reports/schedules/',
    schedule: (id: string) => `/api/reports/schedules/${segment(id)}/`,
    clients: '/api/reports/clients/',
  },
} as const;

/** Where the server serves an organisation's logo (spec §7: company-logos/{pictureFileName}). */
export const companyLogoUrl = (pictureFileName: string) => `/cdn/company-logos/${segment(pictureFileName)}`;
