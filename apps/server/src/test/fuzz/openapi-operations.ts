import type { JsonSchema, SchemaResolver } from './json-schema-arbitrary.ts';

/** The parts of an OpenAPI 3.0 document the fuzzer reads. */
export type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
  security?: Record<string, string[]>[];
};

type MediaTypes = Record<string, { schema?: JsonSchema }>;

type OperationObject = {
  parameters?: { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: MediaTypes };
  responses?: Record<string, { content?: MediaTypes }>;
  security?: Record<string, string[]>[];
};

export type Parameter = { name: string; required: boolean; schema: JsonSchema };

export type Operation = {
  /** `POST /api/organization/users/{id}/`: as the document names it. */
  key: string;
  method: string;
  path: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  /** Media type → schema; undefined when the operation takes no body. */
  requestBody?: { required: boolean; content: Record<string, JsonSchema> };
  /** Status (`200`, `4XX`, `default`) → media type → schema; an empty object means "no body". */
  responses: Record<string, Record<string, JsonSchema>>;
  /** Names of the security schemes the operation accepts; empty when it needs no credentials (`security: []`). */
  securitySchemes: string[];
};

const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

const schemasOf = (content: MediaTypes | undefined): Record<string, JsonSchema> =>
  Object.fromEntries(Object.entries(content ?? {}).map(([mediaType, { schema }]) => [mediaType, schema ?? {}]));

/** Every operation of the document, in its order. */
export const operationsOf = (document: OpenApiDocument): Operation[] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, operation]) => {
        const parameters = (where: string) =>
          (operation.parameters ?? [])
            .filter((parameter) => parameter.in === where)
            .map((parameter) => ({ name: parameter.name, required: parameter.required === true, schema: parameter.schema ?? {} }));
        const security = operation.security ?? document.security ?? [];
        return {
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          pathParameters: parameters('path'),
          queryParameters: parameters('query'),
          ...(operation.requestBody
            ? { requestBody: { required: operation.requestBody.required === true, content: schemasOf(operation.requestBody.content) } }
            : {}),
          responses: Object.fromEntries(Object.entries(operation.responses ?? {}).map(([status, response]) => [status, schemasOf(response.content)])),
          securitySchemes: security.flatMap((requirement) => Object.keys(requirement)),
        };
      }),
  );

/** Resolves `#/components/schemas/X` (any local JSON pointer) inside the document. */
export const resolverFor =
  (document: OpenApiDocument): SchemaResolver =>
  (ref) => {
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, not ${ref}`);
    let at: unknown = document;
    for (const token of ref.slice(2).split('/')) {
      at = (at as Record<string, unknown> | undefined)?.[token.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (!at || typeof at !== 'object') throw new Error(`$ref ${ref} points at nothing`);
    return at as JsonSchema;
  };
