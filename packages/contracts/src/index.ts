export * from './errors.ts';
export * from './roles.ts';
export * from './personal-user-data.ts';
export * from './mssp-companies.ts';
export * from './feedback.ts';
export * from './health.ts';
export * from './client-config.ts';
export * from './outbox.ts';
