import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { authErrors } from '../errors.ts';

/**
 * What each route answers, as zod schemas a host's OpenAPI generator can read (the server's
 * @fastify/swagger with fastify-type-provider-zod). Documentation only: the provider's scope
 * switches Fastify's own validation off and `parseBody` keeps parsing, so bad input is always
 * answered in the contract's error shape (contract §3.1), which the SDK relies on.
 */

export const authErrorSchema = z
  .object({
    errorCode: z.string().meta({ description: 'Descope-style code, such as E011003 (invalid argument) or E130429 (rate limited)' }),
    errorDescription: z.string().meta({ description: 'What went wrong; for bad input it starts with the field: "loginId: …"' }),
    errorMessage: z.string(),
  })
  .meta({ id: 'AuthProviderError' });

type ErrorStatus = (typeof authErrors)[keyof typeof authErrors]['status'] | 413 | 415;

const errorMeanings: Record<Exclude<ErrorStatus, 500>, string> = {
  400: `Bad input (${authErrors.missingArguments.errorCode} missing, ${authErrors.invalidArguments.errorCode} invalid, ${authErrors.weakPassword.errorCode} weak password, ${authErrors.userNotFound.errorCode} no such user on the management API): errorDescription names the field`,
  401: 'Unknown project id, or wrong or expired credentials, code, link, refresh token, access key or management key',
  403: 'Not allowed',
  404: 'Unknown project id',
  409: 'Another account signs in with this login id, email or phone already (management: or a tenant has this id)',
  413: 'The body is larger than the server accepts',
  415: 'The body is not JSON',
  429: `Too many attempts (${authErrors.rateLimited.errorCode}): try again after the seconds in Retry-After`,
};

const errorResponse = (status: Exclude<ErrorStatus, 500>, meaning = errorMeanings[status]) =>
  authErrorSchema.meta({
    description: meaning,
    ...(status === 429 ? { headers: { 'retry-after': { type: 'integer', minimum: 1, description: 'Seconds until the next attempt is counted' } } } : {}),
  });

export const userResponseSchema = z
  .object({
    userId: z.string(),
    loginIds: z.array(z.string()),
    email: z.string(),
    phone: z.string(),
    name: z.string(),
    givenName: z.string(),
    middleName: z.string(),
    familyName: z.string(),
    picture: z.string(),
    verifiedEmail: z.boolean(),
    verifiedPhone: z.boolean(),
    roleNames: z.array(z.string()),
    userTenants: z.array(z.object({ tenantId: z.string(), tenantName: z.string(), roleNames: z.array(z.string()), permissions: z.array(z.string()) })),
    createdTime: z.int().meta({ description: 'Epoch seconds' }),
    status: z.enum(['enabled', 'disabled']),
    TOTP: z.boolean(),
    SAML: z.boolean(),
    SCIM: z.boolean(),
    OAuth: z.record(z.string(), z.boolean()),
    password: z.boolean(),
    webauthn: z.boolean(),
    externalIds: z.array(z.string()),
    customAttributes: z.record(z.string(), z.unknown()),
    test: z.boolean(),
  })
  .meta({ id: 'AuthUser', description: "The contract's UserResponse (§2.3)" });

export const jwtResponseSchema = z
  .object({
    sessionJwt: z.string().meta({ description: 'ES384 session token: send it to /api as Authorization: Bearer <token>' }),
    refreshJwt: z.string(),
    sessionExpiration: z.int().meta({ description: 'Epoch seconds' }),
    cookieExpiration: z.int().meta({ description: 'Epoch seconds: when the refresh token expires' }),
    cookiePath: z.string(),
    claims: z.record(z.string(), z.unknown()).meta({ description: "The session token's claims, decoded" }),
    user: userResponseSchema,
    firstSeen: z.boolean(),
  })
  .meta({ id: 'AuthSession', description: "The contract's JWTResponse (§2.2): a signed-in session" });

export const emptyResponseSchema = z.object({}).meta({ description: 'Done' });
export const maskedEmailSchema = z.object({ maskedEmail: z.string() });
export const maskedPhoneSchema = z.object({ maskedPhone: z.string() });
export const enchantedLinkSentSchema = z.object({ pendingRef: z.string(), linkId: z.string(), maskedEmail: z.string() });

/**
 * How /v1/auth calls say which project they are for: a host's OpenAPI document lists this among
 * its security schemes (a bearer header cannot be documented as a plain parameter there).
 */
export const authProviderSecuritySchemes = {
  authProviderProject: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The authentication provider\'s routes: Authorization: Bearer <project id>, or Bearer <project id>:<refresh token> on calls made for a signed-in user (the refresh cookie named by x-descope-refresh-cookie-name, default DSR, also serves), or Bearer <project id>:<access key> on the access-key exchange. An unknown project id answers 401.',
  },
  authProviderManagement: {
    type: 'http',
    scheme: 'bearer',
    description:
      "The authentication provider's management API (/v1/mgmt, /v2/mgmt): Authorization: Bearer <project id>:<management key> (AUTH_MANAGEMENT_KEY). A missing or wrong key answers 401; after too many wrong keys from one address, every call from it answers 429 until the window ends.",
  },
} as const;

type RouteDocumentation = {
  summary: string;
  description?: string;
  /** Under /v1/auth: the Authorization header names the project. */
  project?: boolean;
  /** Under /v1/mgmt and /v2/mgmt: the Authorization header names the project and the management key. */
  management?: boolean;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  ok: z.ZodType;
  /** Statuses this route can answer beyond the ones every route of its kind can. */
  errors?: Exclude<ErrorStatus, 500 | 413 | 415>[];
  /** A meaning of one of those statuses particular to this route. */
  errorMeanings?: Partial<Record<Exclude<ErrorStatus, 500>, string>>;
};

/**
 * The route's schema for the OpenAPI document. Every /v1/auth route can answer 401 (unknown
 * project id); every route with a body 400 (not JSON, or a bad field), 413 and 415.
 */
export const documentRoute = (doc: RouteDocumentation): FastifySchema => {
  const statuses = new Set<Exclude<ErrorStatus, 500>>(doc.errors ?? []);
  if (doc.project || doc.management) statuses.add(401);
  // Too many wrong management keys from the caller's address.
  if (doc.management) statuses.add(429);
  if (doc.body || doc.querystring) statuses.add(400);
  if (doc.body) for (const status of [400, 413, 415] as const) statuses.add(status);
  return {
    tags: ['Authentication provider'],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    // Not the API's session: these routes read the project id (and a refresh token) themselves.
    security: doc.management ? [{ authProviderManagement: [] }] : doc.project ? [{ authProviderProject: [] }] : [],
    ...(doc.params ? { params: doc.params } : {}),
    ...(doc.querystring ? { querystring: doc.querystring } : {}),
    ...(doc.body ? { body: doc.body } : {}),
    response: {
      200: doc.ok,
      ...Object.fromEntries([...statuses].sort().map((status) => [status, errorResponse(status, doc.errorMeanings?.[status])])),
    },
  } as FastifySchema;
};

/** A /v1/auth route: it names the project in the Authorization header. */
export const documentAuthRoute = (doc: Omit<RouteDocumentation, 'project'>) => documentRoute({ ...doc, project: true });
