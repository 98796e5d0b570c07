import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, Operation } from './openapi-operations.ts';

export type Answer = { statusCode: number; headers: Record<string, string | string[] | number | undefined>; body: string; rawPayload: Buffer };

const mediaTypeOf = (contentType: unknown) => String(contentType ?? '').split(';')[0]!.trim().toLowerCase();

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

const matchesMediaType = (documented: string, actual: string) =>
  documented === actual || documented === '*/*' || (documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1)));

const excerpt = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text);

/**
 * Checks an answer against what the document promises for its operation: no 5xx, a documented
 * status, a documented content type, and (for JSON) a body that validates against that status's
 * schema with ajv. Returns what is wrong; empty when the answer keeps the promise.
 */
export const createAnswerChecker = (document: OpenApiDocument) => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  const validators = new Map<string, ValidateFunction>();
  // Component refs (#/components/schemas/X) resolve against the root of what is compiled: give it the components.
  const validatorFor = (key: string, schema: object) => {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile({ allOf: [schema], components: document.components ?? {} });
      validators.set(key, validate);
    }
    return validate;
  };

  return (operation: Operation, answer: Answer): string[] => {
    const { statusCode } = answer;
    const mediaType = mediaTypeOf(answer.headers['content-type']);
    const seen = `${statusCode} ${mediaType || '(no content type)'}: ${excerpt(answer.body)}`;
    if (statusCode >= 500) return [`server error ${seen}`];
    const status = String(statusCode);
    const documentedStatus = [status, `${status[0]}XX`, 'default'].find((candidate) => candidate in operation.responses);
    if (!documentedStatus) return [`status ${statusCode} is not documented (documented: ${Object.keys(operation.responses).join(', ')}); answer ${seen}`];
    const documented = operation.responses[documentedStatus]!;
    const mediaTypes = Object.keys(documented);
    if (!mediaTypes.length) {
      return answer.rawPayload.length ? [`status ${statusCode} is documented without a body, but one came: ${seen}`] : [];
    }
    const documentedMediaType = mediaTypes.find((candidate) => matchesMediaType(candidate, mediaType));
    if (!documentedMediaType) return [`content type ${mediaType || '(none)'} is not documented for ${statusCode} (documented: ${mediaTypes.join(', ')}); answer ${seen}`];
    if (!isJson(mediaType)) return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`the ${mediaType} body is not JSON: ${seen}`];
    }
    let validate: ValidateFunction;
    try {
      validate = validatorFor(`${operation.key} ${documentedStatus} ${documentedMediaType}`, documented[documentedMediaType]!);
    } catch (error) {
      return [`the documented schema for ${statusCode} is not valid JSON Schema (${(error as Error).message})`];
    }
    if (validate(body)) return [];
    return [`the body does not match the documented schema for ${statusCode}: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}; answer ${seen}`];
  };
};
