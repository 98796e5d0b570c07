import { z } from 'zod';
import { AuthError } from '../errors.ts';

// The SDK's own client-side rules (contract §2.1), checked again here: the server cannot trust the client.
export const loginIdSchema = z.string({ error: 'loginId is required' }).trim().min(1, { error: 'loginId must not be empty' }).max(320);
export const emailSchema = z
  .string({ error: 'email is required' })
  .trim()
  .max(320)
  .regex(/^[^\s@]+@[^\s@]+(\.[^\s@]+)*$/, { error: 'must be an email address' });
export const phoneSchema = z.string().trim().regex(/^\+[1-9]\d{3,14}$/, { error: 'must be + followed by 4 to 15 digits' });
export const secretSchema = (name: string) => z.string({ error: `${name} is required` }).min(1, { error: `${name} must not be empty` }).max(4096);

/** Parses a body, answering 400 with the field and the problem in the contract's error shape. */
export const parseBody = <T extends z.ZodType>(schema: T, body: unknown): z.infer<T> => {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  throw new AuthError(missing ? 'missingArguments' : 'invalidArguments', `${field}: ${issue.message}`);
};

export const userSchema = z
  .object({
    email: z.string().optional(),
    name: z.string().max(200).optional(),
    givenName: z.string().max(100).optional(),
    middleName: z.string().max(100).optional(),
    familyName: z.string().max(100).optional(),
    phone: z.string().optional(),
  })
  .optional();
