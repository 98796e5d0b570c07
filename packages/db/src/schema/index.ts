export * from './organizations.ts';
export * from './departments.ts';
export * from './people.ts';
export * from './feedback-messages.ts';
export * from './audit-log.ts';
export * from './company-logos.ts';
export * from './onboarding.ts';
export * from './rate-limits.ts';
