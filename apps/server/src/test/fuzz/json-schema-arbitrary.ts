import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.0 flavour) that zod-to-OpenAPI emits for this API. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  description?: string;
};

/** Finds the schema a `$ref` such as `#/components/schemas/X` points at. */
export type SchemaResolver = (ref: string) => JsonSchema;

/** What generation needs besides the schema: `$ref`s, and real values that take handlers past "not found". */
export type GenerationContext = {
  resolve: SchemaResolver;
  /** Ids of real rows (read at generation time): a uuid field gets one of them half of the time. */
  knownIds?: () => readonly string[];
  /** Emails of real people: a field named like an email gets one of them now and then. */
  knownEmails?: () => readonly string[];
};

/** One of the values `list` returns when the arbitrary draws (the list changes as rows are made). */
export const oneOfKnown = (list: () => readonly string[], fallback: string): fc.Arbitrary<string> =>
  fc.nat().map((n) => {
    const values = list();
    return values.length ? values[n % values.length]! : fallback;
  });

/** Generated strings stay short unless the schema asks for more: a request, not a stress test. */
const longestGenerated = 40;
const deepest = 6;

/** Strings a careless handler, database or serialiser chokes on; each is a JSON-encodable string. */
export const hostileStrings: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0007\b\f\u001b\u007f',
  '\r\n\t',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  '\u200b\u200d\ufeff',
  'e\u0301\u0301\u0301',
  '🤖👩‍👩‍👧‍👦',
  '\uffff\ufffe',
  'Ｆｕｌｌｗｉｄｔｈ',
  'İı ß ǅ',
  "' OR 1=1 --",
  '"; DROP TABLE people; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '%00%ff%',
  '\\',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '0000-00-00',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:60Z',
  '2024-02-30',
  '+275760-09-13T00:00:00.000Z',
  '1970-01-01T00:00:00+99:99',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '@',
  'a@b',
  'a@@b.example',
  'javascript:alert(1)',
  'http://',
  'x'.repeat(10_000),
];

const hostileNumbers: readonly number[] = [-1, 0, -0.5, 0.5, 1.5, -(2 ** 31), 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, -1e308, Number.MIN_VALUE];

const withoutKeys = <T extends object>(object: T, ...keys: string[]): T => {
  const copy = { ...object } as Record<string, unknown>;
  for (const key of keys) delete copy[key];
  return copy as T;
};

/** One schema from allOf's parts: properties and required lists add up, other keywords overwrite. */
const mergeAllOf = (schema: JsonSchema, resolve: SchemaResolver): JsonSchema =>
  [withoutKeys(schema, 'allOf'), ...(schema.allOf ?? [])].map((part) => dereference(part, resolve)).reduce<JsonSchema>(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: { ...merged.properties, ...part.properties },
      required: [...(merged.required ?? []), ...(part.required ?? [])],
    }),
    {},
  );

/** Follows `$ref`s and flattens `allOf`, so the generators below see plain keywords. */
export const dereference = (schema: JsonSchema, resolve: SchemaResolver): JsonSchema => {
  if (schema.$ref) return dereference({ ...resolve(schema.$ref), ...withoutKeys(schema, '$ref') }, resolve);
  if (schema.allOf) return mergeAllOf(schema, resolve);
  return schema;
};

const alternativesOf = (schema: JsonSchema): JsonSchema[] | undefined => {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (!alternatives) return undefined;
  const shared = withoutKeys(schema, 'anyOf', 'oneOf', 'nullable');
  return alternatives.map((alternative) => ({ ...shared, ...alternative }));
};

const typesOf = (schema: JsonSchema): string[] => {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
};

const dateArbitrary = fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true });

/** Values of the formats this API uses; a schema's pattern, when it has one, wins over these. */
const formatArbitraries: Record<string, fc.Arbitrary<string>> = {
  uuid: fc.uuid(),
  email: fc.emailAddress(),
  'date-time': dateArbitrary.map((date) => date.toISOString()),
  date: dateArbitrary.map((date) => date.toISOString().slice(0, 10)),
  uri: fc.webUrl(),
};

/** Strings matching a pattern, or undefined when fast-check cannot generate from it. */
const stringsMatching = (pattern: string) => {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return undefined;
  }
};

const uuidShaped = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const validString = (schema: JsonSchema, context: GenerationContext): fc.Arbitrary<string> => {
  const { knownIds } = context;
  if (schema.format === 'uuid' && knownIds) {
    const realRows = oneOfKnown(() => knownIds().filter((id) => uuidShaped.test(id)), '00000000-0000-4000-8000-000000000000');
    return fc.oneof(realRows, validString(schema, { ...context, knownIds: undefined }));
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? longestGenerated, minLength + longestGenerated));
  const fitsLength = (value: string) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity);
  const matching = schema.pattern ? stringsMatching(schema.pattern) : undefined;
  const formatted = schema.format ? formatArbitraries[schema.format] : undefined;
  if (matching && formatted) {
    // A pattern allows more than a handler takes (a date in the year 0042): plausible values of the format first.
    const pattern = new RegExp(schema.pattern!);
    const plausible = formatted.chain((value) => (pattern.test(value) ? fc.constant(value) : matching));
    return fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: matching }).filter(fitsLength);
  }
  if (matching) return matching.filter(fitsLength);
  // A format's values, or a pattern fast-check cannot generate from (lookaheads): best effort, not filtered.
  if (formatted) return formatted;
  // JSON Schema counts code points; a grapheme may hold several.
  const fitsInCodePoints = (value: string) => [...value].length >= minLength && [...value].length <= (schema.maxLength ?? Infinity);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }).filter(fitsInCodePoints) },
  );
};

const bounds = (schema: JsonSchema) => {
  const step = schema.type === 'integer' ? 1 : Number.EPSILON;
  const lower = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + step : schema.minimum;
  const upper = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - step : schema.maximum;
  return { lower, upper };
};

const validInteger = (schema: JsonSchema): fc.Arbitrary<number> => {
  const { lower, upper } = bounds(schema);
  const min = Math.max(lower ?? -1_000_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(upper ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  // Mostly near the lower bound (page 1, 2, 3...), sometimes anywhere in range.
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + 50) }) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  );
};

const validNumber = (schema: JsonSchema): fc.Arbitrary<number> => {
  const { lower, upper } = bounds(schema);
  return fc.double({ min: lower ?? -1e9, max: upper ?? 1e9, noNaN: true, noDefaultInfinity: true });
};

/** Emails are often documented as plain strings: a property named like one also gets real and well-formed addresses. */
const propertyValue = (name: string, property: JsonSchema, context: GenerationContext, depth: number): fc.Arbitrary<unknown> => {
  const value = validValue(property, context, depth);
  const { knownEmails } = context;
  const schema = dereference(property, context.resolve);
  if (!/email/i.test(name) || schema.format || !typesOf(schema).includes('string')) return value;
  const fresh = fc.stringMatching(/^[a-z][a-z0-9.]{1,15}[a-z0-9]$/).map((local) => `${local.replace(/\.+/g, '.')}@fuzz.example`);
  return fc.oneof(value, fc.emailAddress(), fresh, ...(knownEmails ? [oneOfKnown(knownEmails, 'nobody@example.com')] : []));
};

const validObject = (schema: JsonSchema, context: GenerationContext, depth: number): fc.Arbitrary<Record<string, unknown>> => {
  const properties = Object.entries(schema.properties ?? {});
  if (!properties.length && schema.additionalProperties !== false) {
    const values = typeof schema.additionalProperties === 'object' ? validValue(schema.additionalProperties, context, depth + 1) : fc.jsonValue({ maxDepth: 1 });
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), values, { maxKeys: 3 });
  }
  const model = Object.fromEntries(properties.map(([name, property]) => [name, propertyValue(name, property, context, depth + 1)]));
  const requiredKeys = (schema.required ?? []).filter((name) => name in model);
  return fc.record(model, { requiredKeys });
};

/**
 * An arbitrary of values that satisfy the schema (as far as the keywords above go): what a
 * well-behaved client sends, so that handlers are reached past validation.
 */
export const validValue = (input: JsonSchema, context: GenerationContext, depth = 0): fc.Arbitrary<unknown> => {
  const schema = dereference(input, context.resolve);
  const alternatives = alternativesOf(schema);
  let value: fc.Arbitrary<unknown>;
  if (alternatives) value = fc.oneof(...alternatives.map((alternative) => validValue(alternative, context, depth)));
  else if (schema.const !== undefined) value = fc.constant(schema.const);
  else if (schema.enum) value = fc.constantFrom(...schema.enum);
  else {
    const types = typesOf(schema);
    const byType = (type: string): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(schema, context);
        case 'integer':
          return validInteger(schema);
        case 'number':
          return validNumber(schema);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          const minLength = schema.minItems ?? 0;
          const maxLength = Math.min(schema.maxItems ?? minLength + 4, minLength + 4);
          if (depth >= deepest || !schema.items) return fc.constant(Array.from({ length: minLength }, () => null));
          return fc.array(validValue(schema.items, context, depth + 1), { minLength, maxLength });
        }
        case 'object':
          return depth >= deepest ? fc.constant({}) : validObject(schema, context, depth);
        default:
          return fc.jsonValue({ maxDepth: 2 });
      }
    };
    value = types.length ? fc.oneof(...types.map(byType)) : fc.jsonValue({ maxDepth: 2 });
  }
  // The document's own default and examples are values the API surely takes.
  const documented = [...(schema.default === undefined ? [] : [schema.default]), ...(schema.examples ?? []), ...(schema.example === undefined ? [] : [schema.example])];
  if (documented.length) value = fc.oneof({ weight: 3, arbitrary: value }, { weight: 1, arbitrary: fc.constantFrom(...documented) });
  return schema.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
};

/** A value of another JSON type than the schema wants (null only where it is not allowed). */
const wrongType = (schema: JsonSchema): fc.Arbitrary<unknown> => {
  const types = typesOf(schema);
  const others: fc.Arbitrary<unknown>[] = [];
  if (!types.includes('string')) others.push(fc.constantFrom('', '1', 'true', 'x'.repeat(300), '\u0000'));
  if (!types.includes('integer') && !types.includes('number')) others.push(fc.constantFrom(...hostileNumbers));
  if (!types.includes('boolean')) others.push(fc.boolean());
  if (!types.includes('array')) others.push(fc.constantFrom([], [1, 'two'], [null]));
  if (!types.includes('object')) others.push(fc.constantFrom({}, { $ne: null }, JSON.parse('{"__proto__":{"isAdmin":true}}') as object));
  if (!schema.nullable && !types.includes('null')) others.push(fc.constant(null));
  return others.length ? fc.oneof(...others) : fc.constant(undefined);
};

const brokenString = (schema: JsonSchema, context: GenerationContext): fc.Arbitrary<unknown>[] => {
  const { maxLength, minLength } = schema;
  const broken: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...hostileStrings),
    // A valid value with control characters or unicode oddities spliced in.
    fc.tuple(validString(schema, context), fc.constantFrom(...hostileStrings.filter((s) => s.length < 20)), fc.nat()).map(([valid, odd, at]) => {
      const cut = valid.length ? at % valid.length : 0;
      return valid.slice(0, cut) + odd + valid.slice(cut);
    }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
  ];
  if (maxLength !== undefined) {
    broken.push(fc.constantFrom(maxLength + 1, maxLength * 2 + 10, Math.max(maxLength + 1, 100_000)).map((length) => 'x'.repeat(Math.min(length, 900_000))));
  } else {
    broken.push(fc.constant('y'.repeat(100_000)));
  }
  if (minLength) broken.push(fc.constant('z'.repeat(minLength - 1)));
  if (schema.enum) broken.push(fc.constantFrom(...schema.enum.filter((v): v is string => typeof v === 'string').flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v}\u0000`])));
  if (schema.pattern || schema.format) broken.push(validValue(withoutKeys(schema, 'pattern', 'format', 'enum'), context));
  return broken;
};

const brokenNumber = (schema: JsonSchema): fc.Arbitrary<unknown>[] => {
  const { lower, upper } = bounds(schema);
  const edges = [...hostileNumbers];
  if (lower !== undefined) edges.push(lower - 1, lower - 0.5);
  if (upper !== undefined) edges.push(upper + 1, upper + 0.5);
  return [fc.constantFrom(...edges), fc.double({ noNaN: true }).filter(Number.isFinite)];
};

const brokenObject = (schema: JsonSchema, context: GenerationContext, depth: number): fc.Arbitrary<unknown>[] => {
  const valid = validObject(schema, context, depth);
  const broken: fc.Arbitrary<unknown>[] = [
    // An unknown property, sometimes huge, sometimes one that could reach a prototype or a column.
    fc.tuple(valid, fc.constantFrom('unknownField', 'organizationId', 'organization_id', 'role', 'isActive', '__proto__', 'constructor', ''), fc.oneof(fc.constantFrom(...hostileStrings), fc.jsonValue({ maxDepth: 2 }))).map(
      ([object, key, value]) => ({ ...object, [key]: value }),
    ),
  ];
  const required = (schema.required ?? []).filter((name) => schema.properties?.[name]);
  if (required.length) {
    broken.push(fc.tuple(valid, fc.constantFrom(...required)).map(([object, missing]) => withoutKeys(object, missing)));
  }
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length && depth < deepest) {
    broken.push(
      fc.constantFrom(...properties).chain(([name, property]) =>
        fc.tuple(valid, brokenValue(property, context, depth + 1)).map(([object, value]) => ({ ...object, [name]: value })),
      ),
    );
  }
  return broken;
};

const brokenArray = (schema: JsonSchema, context: GenerationContext, depth: number): fc.Arbitrary<unknown>[] => {
  if (!schema.items || depth >= deepest) return [];
  const item = validValue(schema.items, context, depth + 1);
  const broken: fc.Arbitrary<unknown>[] = [fc.array(brokenValue(schema.items, context, depth + 1), { minLength: 1, maxLength: 3 })];
  if (schema.maxItems !== undefined) broken.push(fc.array(item, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 3 }));
  else broken.push(item.map((one) => Array.from({ length: 2_000 }, () => one)));
  if (schema.minItems) broken.push(fc.array(item, { maxLength: schema.minItems - 1 }));
  return broken;
};

/**
 * An arbitrary of values that most likely break the schema: the wrong type, out of range, too long,
 * a required property missing, an unknown one added, hostile strings, one property broken deep inside.
 * Not every value is invalid (a hostile string may be a fine name); what matters is the answer.
 */
export const brokenValue = (input: JsonSchema, context: GenerationContext, depth = 0): fc.Arbitrary<unknown> => {
  const schema = dereference(input, context.resolve);
  const alternatives = alternativesOf(schema);
  if (alternatives) return fc.oneof(wrongType(schema), ...alternatives.map((alternative) => brokenValue(alternative, context, depth)));
  const broken: fc.Arbitrary<unknown>[] = [wrongType(schema)];
  for (const type of typesOf(schema)) {
    if (type === 'string') broken.push(...brokenString(schema, context));
    if (type === 'integer' || type === 'number') broken.push(...brokenNumber(schema));
    if (type === 'object') broken.push(...brokenObject(schema, context, depth));
    if (type === 'array') broken.push(...brokenArray(schema, context, depth));
  }
  if (schema.enum && !typesOf(schema).includes('string')) broken.push(fc.constantFrom('not-in-enum', ''));
  return fc.oneof(...broken);
};
