import { z } from 'zod';

/** The social providers the auth contract names (§2.8). */
export const oauthProviders = ['google', 'microsoft', 'apple', 'github', 'gitlab', 'facebook', 'discord', 'linkedin', 'slack'] as const;

export const authMethods = ['password', 'otp-email', 'magiclink', 'enchantedlink', 'passkey', 'sso', 'oauth', 'whatsapp'] as const;

/** GET /api/client-config/ — public: what the web app needs to reach the authentication provider. */
export const clientConfigSchema = z
  .object({
    authProjectId: z.string(),
    authBaseUrl: z.url(),
    authMethods: z.array(z.enum(authMethods)).describe('Sign-in methods this deployment offers'),
    oauthProviders: z.array(z.enum(oauthProviders)).describe('Social providers offered when authMethods has oauth, in the order to show them'),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
