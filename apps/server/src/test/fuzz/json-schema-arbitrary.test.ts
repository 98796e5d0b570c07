import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonSchema, brokenValue, validValue } from './json-schema-arbitrary.ts';

const uuidPattern = '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$';

/** What zod-to-OpenAPI emits for this API, one keyword family each. */
const components: Record<string, JsonSchema> = {
  Department: { type: 'object', properties: { id: { type: 'string', format: 'uuid', pattern: uuidPattern }, name: { type: 'string' } }, required: ['id', 'name'], additionalProperties: false },
};
const schemas: Record<string, JsonSchema> = {
  'string with length': { type: 'string', minLength: 3, maxLength: 8 },
  'string with pattern': { type: 'string', pattern: '^C0[0-9a-z]{7}$' },
  'formats': {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' },
      email: { type: 'string', format: 'email' },
      at: { type: 'string', format: 'date-time' },
      on: { type: 'string', format: 'date' },
      link: { type: 'string', format: 'uri' },
    },
    required: ['id', 'email', 'at', 'on', 'link'],
  },
  'integer in range': { type: 'integer', minimum: 1, maximum: 100 },
  'number': { type: 'number', minimum: -1, maximum: 1 },
  'enum and const': { type: 'object', properties: { role: { type: 'string', enum: ['Admin', 'User'] }, kind: { const: 'person' } }, required: ['role', 'kind'] },
  'array with bounds': { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 3 },
  'object with optional and nullable properties': {
    type: 'object',
    properties: { name: { type: 'string', minLength: 1 }, startDate: { type: 'string', format: 'date', nullable: true }, note: { type: 'string' } },
    required: ['name'],
    additionalProperties: false,
  },
  'anyOf, oneOf, allOf': {
    allOf: [
      { type: 'object', properties: { a: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'string', enum: ['none'] }] } }, required: ['a'] },
      { type: 'object', properties: { b: { oneOf: [{ type: 'integer' }, { type: 'boolean' }] } }, required: ['b'] },
    ],
  },
  '$ref to a component': { type: 'object', properties: { department: { $ref: '#/components/schemas/Department' } }, required: ['department'] },
};

const resolve = (ref: string) => components[ref.replace('#/components/schemas/', '')]!;
const ajv = new Ajv({ strict: false });
addFormats(ajv);
const validatorFor = (schema: JsonSchema) => ajv.compile({ allOf: [schema], components: { schemas: components } });

describe('JSON Schema → fast-check arbitraries', () => {
  for (const [name, schema] of Object.entries(schemas)) {
    it(`valid values of "${name}" validate against it`, () => {
      const validate = validatorFor(schema);
      fc.assert(
        fc.property(validValue(schema, { resolve }), (value) => {
          expect(validate(value), ajv.errorsText(validate.errors)).toBe(true);
        }),
        { numRuns: 200 },
      );
    });
  }

  it('broken values of a strict schema are mostly refused by it', () => {
    const schema = schemas['object with optional and nullable properties']!;
    const validate = validatorFor(schema);
    const samples = fc.sample(brokenValue(schema, { resolve }), 300);
    expect(samples.filter((value) => !validate(value)).length).toBeGreaterThan(200);
  });

  it('uuid fields draw real ids when the caller knows some', () => {
    const known = ['0b9d6f8e-2c4a-4e3b-9f1d-7a6c5b4e3d2f'];
    const samples = fc.sample(validValue({ type: 'string', format: 'uuid', pattern: uuidPattern }, { resolve, knownIds: () => known }), 200);
    expect(samples).toContain(known[0]);
  });
});
