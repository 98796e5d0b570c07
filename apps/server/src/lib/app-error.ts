import { type ErrorCode, errorStatus } from '@vigil/contracts';

/** The one error type services throw; the error plugin turns it into the API's error shape. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found`);


/** A 400 or 409 about one field, in the shape schema failures have: details `[{ field, problem }]`. */
export const fieldError = (code: 'VALIDATION_FAILED' | 'CONFLICT', field: string, problem: string) =>
  new AppError(code, `${field}: ${problem}`, [{ field, problem }]);
