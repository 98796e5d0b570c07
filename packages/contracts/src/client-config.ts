import { z } from 'zod';

export const authMethods = ['password', 'otp-email', 'magiclink', 'enchantedlink', 'passkey', 'sso'] as const;

/** GET /api/client-config/ — public: what the web app needs to reach the authentication provider. */
export const clientConfigSchema = z
  .object({
    authProjectId: z.string(),
    authBaseUrl: z.url(),
    authMethods: z.array(z.enum(authMethods)).describe('Sign-in methods this deployment offers'),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
