import { z } from 'zod';
import { isoDateTimeSchema } from './dates.ts';
import { withoutControlCharacters } from './text.ts';

/**
 * Organisation API keys: what an admin makes for an integration (a SIEM, a script) to call the
 * public REST API under /api/v1 with `Authorization: Bearer vgl_…`.
 */

/** `read` opens the GET routes; `write` the routes that change data. */
export const apiKeyScopes = ['read', 'write'] as const;
export const apiKeyScopeSchema = z.enum(apiKeyScopes, { error: `must be one of ${apiKeyScopes.join(', ')}` });
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** What every secret starts with, so secret scanners and people can tell a leaked one for what it is. */
export const apiKeySecretPrefix = 'vgl_';

/** The longest a key may live: a year. Every key expires; a longer-lived integration gets a new key. */
export const apiKeyMaxDays = 365;
/** The lifetimes the create dialog offers, in days. */
export const apiKeyExpiryChoices = [30, 90, 180, 365] as const;
/** How many keys an organisation may hold that are neither revoked nor expired. */
export const apiKeyActiveLimit = 25;

export const apiKeyStates = ['active', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof apiKeyStates)[number];

const personRefSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });

/** One key as the admin's list shows it: never the secret, only enough to recognise it. */
export const apiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scopes: z.array(apiKeyScopeSchema),
    /** The secret's first characters and last four, e.g. `vgl_Ab3x…9fQz`. */
    hint: z.string(),
    state: z.enum(apiKeyStates),
    createdAt: isoDateTimeSchema,
    createdBy: personRefSchema.nullable().describe('Null when that person was deleted'),
    expiresAt: isoDateTimeSchema,
    lastUsedAt: isoDateTimeSchema.nullable().describe('When a request last came with the key, to the minute; null until one has'),
    revokedAt: isoDateTimeSchema.nullable(),
    revokedBy: personRefSchema.nullable(),
    can: z.object({ revoke: z.boolean() }),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z
  .object({
    items: z.array(apiKeySchema).describe('Newest first: every key not revoked, and keys revoked in the last 90 days'),
    can: z.object({ create: z.boolean() }),
  })
  .meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const createApiKeyBodySchema = z
  .object({
    name: z
      .string({ error: 'is required' })
      .trim()
      .min(1, { error: 'is required' })
      .max(100, { error: 'must be at most 100 characters' })
      .refine(...withoutControlCharacters),
    scopes: z
      .array(apiKeyScopeSchema, { error: 'must list the scopes: read, write or both' })
      .min(1, { error: 'must name at least one scope' })
      .max(apiKeyScopes.length, { error: 'must name each scope once' })
      .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'must name each scope once' }),
    expiresInDays: z
      .int({ error: 'must be a whole number of days' })
      .min(1, { error: 'must be 1 or more' })
      .max(apiKeyMaxDays, { error: `must be at most ${apiKeyMaxDays} (a year)` }),
  })
  .meta({ id: 'CreateApiKeyBody' });
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** The answer to creating a key: the only time its secret is ever shown. */
export const createdApiKeySchema = z
  .object({
    key: apiKeySchema,
    secret: z.string().describe('The key itself (vgl_…). Shown this once; Vigil keeps only a hash of it'),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid({ error: 'must be an API key id (a UUID)' }) });
