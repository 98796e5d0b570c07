import { uniqueViolationOf } from '@vigil/auth-provider';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ApiErrorBody, type ErrorCode, type FieldIssue, errorStatus } from '@vigil/contracts';
import { AppError, fieldError } from '../lib/app-error.ts';
import { illFormedTextPath } from '../lib/ill-formed-text.ts';

const codeForStatus = (status: number): ErrorCode => {
  const match = (Object.entries(errorStatus) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (match) return match[0];
  return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
};

export const sendError = (reply: FastifyReply, code: ErrorCode, message: string, details?: unknown) => {
  const body: ApiErrorBody = { error: { code, message, ...(details === undefined ? {} : { details }) } };
  return reply.code(errorStatus[code]).type('application/json; charset=utf-8').send(body);
};

/** Turns a request-schema failure into field paths a person can act on: `body.message: must not be empty`. */
const describeValidation = (error: FastifyError & { validation: { instancePath: string; message?: string }[] }) => {
  const part = error.validationContext ?? 'body';
  return error.validation.map<FieldIssue>((issue) => ({
    field: [part, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
    problem: issue.message ?? 'is invalid',
  }));
};

const concurrentChange = 'This was changed by another request at the same moment; reload and try again.';

// The unique indexes that two racing requests can both pass the services' own checks for, told
// in terms of what the person sent. Any other one answers 409 with the generic message.
const conflictByConstraint: Record<string, { field: string; problem: string } | { message: string }> = {
  people_organization_email_idx: { field: 'body.email', problem: 'is already used by someone in this organization' },
  scim_tokens_one_active_per_organization_idx: { message: 'Another SCIM token was issued at the same moment; reload to see it.' },
  departments_organizationId_name_unique: { field: 'department', problem: 'was created by another request at the same moment; try again' },
};

export const respondToError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof AppError) return sendError(reply, error.code, error.message, error.details);
  const uniqueViolation = uniqueViolationOf(error);
  if (uniqueViolation) {
    // Only the index is logged: the driver's detail repeats the values, an email for one.
    request.log.info({ constraint: uniqueViolation.constraint }, 'unique index refused a concurrent change');
    const known = conflictByConstraint[uniqueViolation.constraint];
    if (known && 'field' in known) {
      const conflict = fieldError('CONFLICT', known.field, known.problem);
      return sendError(reply, conflict.code, conflict.message, conflict.details);
    }
    return sendError(reply, 'CONFLICT', known?.message ?? concurrentChange);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = describeValidation(error);
    return sendError(reply, 'VALIDATION_FAILED', issues.map((i) => `${i.field}: ${i.problem}`).join('; '), issues);
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return sendError(reply, 'INTERNAL', 'Something went wrong on our side. Quote the request id if you report it.', {
      requestId: request.id,
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: bad JSON, wrong content type, body too large, and the like.
    return sendError(reply, codeForStatus(status), error.message);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 'INTERNAL', 'Something went wrong on our side. Quote the request id if you report it.', {
    requestId: request.id,
  });
};

/** One error shape for the whole API: `{ error: { code, message, details } }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(respondToError);
  // Before any route's own validation, so the provider, SCIM and the API all refuse it in their own error shape.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [['body', request.body], ['query', request.query], ['params', request.params]] as const) {
      const field = illFormedTextPath(value, part);
      if (field) throw fieldError('VALIDATION_FAILED', field, 'must be valid Unicode text (it holds half of a surrogate pair)');
    }
  });
});
