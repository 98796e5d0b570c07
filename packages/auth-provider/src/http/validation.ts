import { z } from 'zod';
import { AuthError } from '../errors.ts';

// Tab, line feed, escape and the other control characters make no sense in an identifier, a code,
// a link or a name; a line feed in a login id could even reach a mail header.
const controlCharacter = /\p{Cc}/u;
const withoutControlCharacters = (schema: z.ZodString) =>
  schema.refine((value) => !controlCharacter.test(value), { error: 'must not contain control characters' });

/** A short piece of text: an id, a name, an address. */
export const textSchema = (max: number) => withoutControlCharacters(z.string().max(max));
export const urlSchema = textSchema(2000);

// The SDK's own client-side rules (contract §2.1), checked again here: the server cannot trust the client.
export const loginIdSchema = withoutControlCharacters(
  z.string({ error: 'loginId is required' }).trim().min(1, { error: 'loginId must not be empty' }).max(320),
);
export const emailSchema = withoutControlCharacters(
  z
    .string({ error: 'email is required' })
    .trim()
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+(\.[^\s@]+)*$/, { error: 'must be an email address' }),
);
export const phoneSchema = z.string().trim().regex(/^\+[1-9]\d{3,14}$/, { error: 'must be + followed by 4 to 15 digits' });
/** A password: anything but NUL (refused for every field by `parseBody`). */
export const secretSchema = (name: string) => z.string({ error: `${name} is required` }).min(1, { error: `${name} must not be empty` }).max(4096);
/** A code, link token or pending reference: typed or copied, never with control characters. */
export const tokenSchema = (name: string) => withoutControlCharacters(secretSchema(name));

/** The path of the first string holding a NUL, which PostgreSQL refuses in text. */
const pathOfNul = (value: unknown, path: (string | number)[] = []): (string | number)[] | undefined => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = pathOfNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
};

/**
 * Parses a body (or path parameters), answering 400 with the field and the problem in the
 * contract's error shape. No string of the result holds a NUL: this is the one place that checks.
 */
export const parseBody = <T extends z.ZodType>(schema: T, body: unknown): z.infer<T> => {
  const result = schema.safeParse(body ?? {});
  if (result.success) {
    const nul = pathOfNul(result.data);
    if (nul) throw new AuthError('invalidArguments', `${nul.join('.') || 'body'}: must not contain a NUL character`);
    return result.data;
  }
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  // zod leaves the input out of its issues; look the field up to tell "missing" from "wrong type".
  const given = issue.path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), body ?? {});
  const missing = issue.code === 'invalid_type' && given === undefined;
  throw new AuthError(missing ? 'missingArguments' : 'invalidArguments', `${field}: ${issue.message}`);
};

export const userSchema = z
  .object({
    email: textSchema(320).optional(),
    name: textSchema(200).optional(),
    givenName: textSchema(100).optional(),
    middleName: textSchema(100).optional(),
    familyName: textSchema(100).optional(),
    phone: textSchema(32).optional(),
  })
  .optional();

/**
 * LoginOptions (contract §2.1): `mfa` (or `stepup`) asks for a second factor of the session whose
 * refresh token comes with the call. Other options are accepted and not read.
 */
export const loginOptionsSchema = z.looseObject({ mfa: z.boolean().optional(), stepup: z.boolean().optional() }).optional();
export const asksForSecondFactor = (options: z.infer<typeof loginOptionsSchema>) => Boolean(options?.mfa || options?.stepup);
