export { authProviderPlugin, type AuthProviderOptions } from './plugin.ts';
export { applyAuthMigrations, type AuthDatabase, type AuthDb } from './database.ts';
export { createAuthManagement, type AuthManagement } from './management/management.ts';
export type { AuthMethod } from './context.ts';
export { passwordPolicy } from './methods/password-policy.ts';
export { hashPassword } from './methods/password-hash.ts';
export type { AuthEvent, AuthEventListener } from './http/auth-events.ts';
export { authProviderSecuritySchemes } from './http/openapi.ts';
export { sendWithTwilio, TwilioError, type TwilioOptions } from './delivery/twilio.ts';
