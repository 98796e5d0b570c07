import { z } from 'zod';

/** Every error code the API answers with, and the HTTP status it travels with. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** The session is from one factor and the person's sign-in policy asks for two: confirm a code first. */
  MFA_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const apiErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'ApiError' });

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** One entry of `details` for VALIDATION_FAILED: which field, and what is wrong with it. */
export const fieldIssueSchema = z.object({ field: z.string(), problem: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;
