import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { allowNullWhereNullable } from './openapi-nullable.ts';

const t = useTestApp({}, { embeddedAuth: true });

type Schema = Record<string, unknown>;

/** Validates as clients of an OpenAPI 3.0 document do: ajv with its `nullable` keyword and the formats. */
const validatorFor = (components: object) => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  return (schema: object) => ajv.compile({ allOf: [schema], components });
};

/** Every schema object in the document that says `nullable: true`, with where it is. */
const nullableSchemas = (value: unknown, at = '#'): [string, Schema][] => {
  if (Array.isArray(value)) return value.flatMap((entry, index) => nullableSchemas(entry, `${at}/${index}`));
  if (!value || typeof value !== 'object') return [];
  const own: [string, Schema][] = (value as Schema).nullable === true ? [[at, value as Schema]] : [];
  return [...own, ...Object.entries(value).flatMap(([key, child]) => nullableSchemas(child, `${at}/${key}`))];
};

describe('nullable schemas in the OpenAPI document (OpenAPI 3.0.3)', () => {
  it('accept null wherever the document says nullable, enums included (preferredLanguage: null is answered)', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as { components: object };
    const compile = validatorFor(document.components);
    const found = nullableSchemas(document);
    expect(found.length).toBeGreaterThan(0);
    const refusingNull = found.filter(([, schema]) => !compile(schema)(null)).map(([at]) => at);
    expect(refusingNull).toEqual([]);
    const person = (document.components as { schemas: Record<string, { properties: Record<string, Schema> }> }).schemas.OrganizationUser!;
    expect(person.properties.preferredLanguage!.enum).toContain(null);
  });

  it('turns a nullable $ref, union or enum into one that accepts null and still refuses other values', () => {
    const enumSchema = { type: 'string', nullable: true, enum: ['en_us', 'fr_fr'] };
    const document = {
      components: { schemas: { Team: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } },
      paths: {
        '/x': {
          get: {
            responses: {
              200: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        language: enumSchema,
                        team: { $ref: '#/components/schemas/Team', nullable: true, description: 'The team' },
                        either: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'number' }], nullable: true },
                        wrapped: { allOf: [{ $ref: '#/components/schemas/Team' }], nullable: true },
                        nothing: { type: 'string', nullable: true, enum: [null] },
                        plain: { type: 'string', nullable: true, format: 'date-time' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const mended = allowNullWhereNullable(document);
    const compile = validatorFor(mended.components);
    const properties = mended.paths['/x'].get.responses[200].content['application/json'].schema.properties as Record<string, object>;
    const cases: [string, unknown[], unknown[]][] = [
      ['language', [null, 'fr_fr'], ['de_de']],
      ['team', [null, { name: 'Blue' }], [{}, 'Blue']],
      ['either', [null, 7, '0b4fd2a4-5d0d-4a3c-9a8e-1b1f0f0e6d11'], ['x', true]],
      ['wrapped', [null, { name: 'Blue' }], [{}]],
      ['nothing', [null], ['x']],
      ['plain', [null, '2026-01-01T00:00:00Z'], ['yesterday']],
    ];
    for (const [name, accepted, refused] of cases) {
      const validate = compile(properties[name]!);
      for (const value of accepted) expect(validate(value), `${name} accepts ${JSON.stringify(value)}`).toBe(true);
      for (const value of refused) expect(validate(value), `${name} refuses ${JSON.stringify(value)}`).toBe(false);
    }
    expect(properties.team).toMatchObject({ description: 'The team' });
    // The input is left as it was: the document object is built once and cached by @fastify/swagger.
    expect(enumSchema.enum).toEqual(['en_us', 'fr_fr']);
  });
});
