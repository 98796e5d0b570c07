/**
 * OpenAPI 3.0.3, the document's version (and what ajv and client generators follow), lets
 * `nullable: true` add null to the `type` of the same schema and nothing more: an `enum` must list
 * null itself, and `nullable` beside a `$ref`, `anyOf`, `oneOf` or `allOf` without a `type` allows
 * nothing (ajv refuses to compile it). zod's openapi-3.0 output leaves both shapes (`.nullable()` on
 * an enum or on a registered schema), so the whole document is mended here, once.
 */

type Schema = Record<string, unknown>;

/** The one OpenAPI 3.0 schema that accepts null and nothing else (its type does not matter). */
const nullSchema = { type: 'object', nullable: true, enum: [null] };

/** Keywords that describe a schema without constraining it: they stay on the outside when it is wrapped. */
const isAnnotation = (key: string) => ['title', 'description', 'default', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly'].includes(key) || key.startsWith('x-');

const allowNull = (schema: Schema): Schema => {
  const { nullable: _, ...rest } = schema;
  if ('type' in rest) {
    const values = rest.enum;
    return Array.isArray(values) && !values.includes(null) ? { ...schema, enum: [...values, null] } : schema;
  }
  const annotations = Object.fromEntries(Object.entries(rest).filter(([key]) => isAnnotation(key)));
  const constraints = Object.fromEntries(Object.entries(rest).filter(([key]) => !isAnnotation(key)));
  // A plain union gains a null branch; anything else (a $ref, allOf, ...) becomes the other branch.
  const branches = Object.keys(constraints).length === 1 && Array.isArray(constraints.anyOf) ? (constraints.anyOf as Schema[]) : [constraints];
  return { ...annotations, anyOf: [...branches, nullSchema] };
};

const mend = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(mend);
  if (!value || typeof value !== 'object') return value;
  const copy: Schema = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, mend(child)]));
  return copy.nullable === true ? allowNull(copy) : copy;
};

/** A copy of the document in which every schema marked nullable accepts null; the input is left as it was. */
export const allowNullWhereNullable = <T>(document: T): T => mend(document) as T;
