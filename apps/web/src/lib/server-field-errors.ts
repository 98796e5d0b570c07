import { ApiError } from './api-client';

export type ServerFieldError = { field: string; problem: string };

const isFieldIssue = (value: unknown): value is ServerFieldError =>
  typeof value === 'object' &&
  value !== null &&
  'field' in value &&
  typeof value.field === 'string' &&
  'problem' in value &&
  typeof value.problem === 'string';

/**
 * The field problems the server named in an error answer, with its location prefix taken off
 * (`body.name` → `name`), so a form can put each one on its own field. Bad input (400) names them,
 * and so may a conflict (409: an email already in use) or a refusal (403: a role the caller may not
 * give), which belong beside their field too.
 * @returns an empty list for an error without field problems
 */
export const readServerFieldErrors = (error: unknown, prefix = 'body.'): ServerFieldError[] => {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return error.details
    .filter(isFieldIssue)
    .map((issue) => ({ field: issue.field.startsWith(prefix) ? issue.field.slice(prefix.length) : issue.field, problem: issue.problem }));
};

/**
 * Puts each of the server's field problems on the matching form field (react-hook-form's
 * `setError`), and focuses the first one.
 * @returns true when every problem found its field, so nothing is left to say above the form;
 *   otherwise the caller shows the error whole (the fields that matched keep their messages)
 */
export const applyServerFieldErrors = <Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setError: (field: Field, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void,
  describe: (problem: string) => string = (problem) => problem,
): boolean => {
  const issues = readServerFieldErrors(error);
  const placed = issues.filter((issue): issue is { field: Field; problem: string } => (fields as readonly string[]).includes(issue.field));
  placed.forEach((issue, index) => setError(issue.field, { type: 'server', message: describe(issue.problem) }, { shouldFocus: index === 0 }));
  return placed.length > 0 && placed.length === issues.length;
};
