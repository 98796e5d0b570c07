import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ApiErrorBody, type ErrorCode, type FieldIssue, errorStatus } from '@vigil/contracts';
import { AppError } from '../lib/app-error.ts';

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

export const respondToError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof AppError) return sendError(reply, error.code, error.message, error.details);
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
});
