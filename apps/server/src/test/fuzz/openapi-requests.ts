import fc from 'fast-check';
import { type GenerationContext, type JsonSchema, brokenValue, oneOfKnown, validValue } from './json-schema-arbitrary.ts';
import type { Operation, Parameter } from './openapi-operations.ts';

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was deliberately broken (empty for a well-formed request), to read a failure by. */
  broken: string[];
};

/** Path parameters draw from `knownIds` too: real rows of the caller's organisation, so handlers go deep. */
export type RequestContext = GenerationContext & { knownIds: () => readonly string[] };

/** Something generated, and what about it is broken when it is. */
type Part<T> = { value: T; broken?: string };

const valid = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Part<T>> => arbitrary.map((value) => ({ value }));
const broken = <T>(arbitrary: fc.Arbitrary<T>, what: string): fc.Arbitrary<Part<T>> => arbitrary.map((value) => ({ value, broken: what }));

/** Percent-encodes a path segment byte by byte; unlike encodeURIComponent it takes lone surrogates too. */
const encodeSegment = (text: string) =>
  [...Buffer.from(text)].map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

/** Path segments sent as they are, not encoded: malformed escapes, encoded slashes and NULs. */
const rawSegments = ['%', '%zz', '%E0%A4%A', '%00', '%C0%AF', 'a%2Fb', '%2e%2e%2fx', '%F0%9F%A4%96', '%ff%fe', '%20'];

// An empty or dot segment would reach another route (the list instead of the item): not this operation.
const reachesThisRoute = (segment: string) => segment !== '' && !/^(?:\.|%2e){1,2}$/i.test(segment);

const pathValue = (parameter: Parameter, context: RequestContext): fc.Arbitrary<Part<string>> =>
  fc
    .oneof(
      { weight: 4, arbitrary: valid(oneOfKnown(context.knownIds, 'none').map(encodeSegment)) },
      { weight: 2, arbitrary: valid(validValue(parameter.schema, context).map((value) => encodeSegment(asText(value)))) },
      { weight: 2, arbitrary: broken(brokenValue(parameter.schema, context).map((value) => encodeSegment(asText(value))), `path ${parameter.name}`) },
      { weight: 1, arbitrary: broken(fc.constantFrom(...rawSegments), `path ${parameter.name} (raw)`) },
    )
    .filter((part) => reachesThisRoute(part.value));

const queryValue = (parameter: Parameter, context: RequestContext): fc.Arbitrary<Part<string[]> | undefined> => {
  const value = fc.oneof(
    { weight: 3, arbitrary: valid(validValue(parameter.schema, context).map((v) => (Array.isArray(v) ? v.map(asText) : [asText(v)]))) },
    { weight: 1, arbitrary: broken(brokenValue(parameter.schema, context).map((v) => [asText(v)]), `query ${parameter.name}`) },
    { weight: 1, arbitrary: broken(fc.tuple(validValue(parameter.schema, context), validValue(parameter.schema, context)).map((vs) => vs.map(asText)), `query ${parameter.name} twice`) },
  );
  const absent = parameter.required ? { value: [], broken: `query ${parameter.name} missing` } : undefined;
  return fc.option(value, { nil: absent, freq: 2 });
};

const queryString = (operation: Operation, context: RequestContext): fc.Arbitrary<Part<string>> =>
  fc
    .tuple(
      fc.tuple(...operation.queryParameters.map((parameter) => queryValue(parameter, context))),
      fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(['unknown', 'x'], ['__proto__', 'y'], ['', '']) }),
    )
    .map(([values, extra]) => {
      const search = new URLSearchParams();
      const brokenParts: string[] = [];
      values.forEach((part, index) => {
        if (!part) return;
        for (const value of part.value) search.append(operation.queryParameters[index]!.name, value);
        if (part.broken) brokenParts.push(part.broken);
      });
      if (extra) {
        search.append(extra[0]!, extra[1]!);
        brokenParts.push('query: an unknown parameter');
      }
      const text = search.toString();
      return { value: text ? `?${text}` : '', ...(brokenParts.length ? { broken: brokenParts.join(', ') } : {}) };
    });

type Body = { payload?: string | Buffer; contentType?: string };

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

const notJson = ['', '{', '}', 'null', '[]', '"text"', '{"a":1}{"b":2}', 'not json at all', '\u0000', '{"a":"\\ud800"}', `${'['.repeat(5_000)}${']'.repeat(5_000)}`, '{"a":1,"a":2}'];
const wrongContentTypes = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', 'image/png', 'application/octet-stream'];

const jsonBody = (schema: JsonSchema, mediaType: string, context: RequestContext): fc.Arbitrary<Part<Body>> =>
  fc.oneof(
    { weight: 6, arbitrary: valid(validValue(schema, context).map((value) => ({ payload: JSON.stringify(value), contentType: mediaType }))) },
    { weight: 4, arbitrary: broken(brokenValue(schema, context).map((value) => ({ payload: JSON.stringify(value) ?? '', contentType: mediaType })), 'body') },
    { weight: 1, arbitrary: broken(fc.constantFrom(...notJson).map((payload) => ({ payload, contentType: mediaType })), 'body: not JSON') },
    {
      weight: 1,
      arbitrary: broken(
        fc.tuple(validValue(schema, context), fc.option(fc.constantFrom(...wrongContentTypes), { nil: undefined })).map(([value, contentType]) => ({ payload: JSON.stringify(value), contentType })),
        'body: wrong content type',
      ),
    },
    { weight: 1, arbitrary: broken(fc.constant({ contentType: mediaType }), 'body: missing') },
  );

const bytes = (...parts: (number[] | Uint8Array | string)[]) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

/** Files of the media types an upload documents: real signatures with junk after them, SVG with tricks in it. */
const fileContents: Record<string, fc.Arbitrary<Buffer>> = {
  'image/png': fc.uint8Array({ maxLength: 200 }).map((tail) => bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], tail)),
  'image/jpeg': fc.uint8Array({ maxLength: 200 }).map((tail) => bytes([0xff, 0xd8, 0xff, 0xe0], tail)),
  'image/webp': fc.uint8Array({ maxLength: 200 }).map((tail) => bytes('RIFF', [0x40, 0, 0, 0], 'WEBPVP8 ', tail)),
  'image/svg+xml': fc
    .constantFrom(
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect onload="alert(1)"/></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><svg xmlns="http://www.w3.org/2000/svg">&c;</svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="99999999999" height="-1"><foreignObject><iframe src="javascript:alert(1)"/></foreignObject></svg>',
      '<svg',
      '<svg xmlns="http://www.w3.org/2000/svg">\u0000</svg>',
      '<html><body>not an svg</body></html>',
    )
    .map((text) => Buffer.from(text)),
};

const fileBody = (mediaType: string): fc.Arbitrary<Part<Body>> =>
  fc.oneof(
    { weight: 4, arbitrary: valid((fileContents[mediaType] ?? fc.oneof(...Object.values(fileContents))).map((payload) => ({ payload, contentType: mediaType }))) },
    { weight: 2, arbitrary: broken(fc.uint8Array({ maxLength: 300 }).map((payload) => ({ payload: Buffer.from(payload), contentType: mediaType })), 'body: random bytes') },
    { weight: 1, arbitrary: broken(fc.constant({ payload: Buffer.alloc(0), contentType: mediaType }), 'body: empty') },
    { weight: 1, arbitrary: broken(fc.constant({ payload: Buffer.alloc(1024 * 1024 + 1, 0x41), contentType: mediaType }), 'body: over 1 MB') },
    { weight: 1, arbitrary: broken(fc.constant({ payload: Buffer.from('{"json":"instead"}'), contentType: 'application/json' }), 'body: JSON instead of a file') },
  );

const requestBody = (operation: Operation, context: RequestContext): fc.Arbitrary<Part<Body>> => {
  if (!operation.requestBody) {
    return fc.oneof(
      { weight: 8, arbitrary: valid(fc.constant<Body>({})) },
      { weight: 1, arbitrary: broken(fc.constantFrom<Body>({ payload: '{"unexpected":true}', contentType: 'application/json' }, { payload: '', contentType: 'application/json' }, { payload: 'x', contentType: 'text/plain' }), 'a body where none is documented') },
    );
  }
  const { content, required } = operation.requestBody;
  const mediaTypes = Object.keys(content);
  const documented = fc.constantFrom(...mediaTypes).chain((mediaType) => (isJson(mediaType) ? jsonBody(content[mediaType]!, mediaType, context) : fileBody(mediaType)));
  return required ? documented : fc.oneof(documented, valid(fc.constant<Body>({})));
};

/**
 * Requests for one operation: mostly well-formed ones (real ids, valid values) so handlers are
 * reached, mixed with broken path segments, query values, bodies and content types. The caller
 * adds its credentials when it sends one.
 */
export const requestArbitrary = (operation: Operation, context: RequestContext): fc.Arbitrary<FuzzRequest> =>
  fc
    .record({
      path: fc.tuple(...operation.pathParameters.map((parameter) => pathValue(parameter, context))),
      query: queryString(operation, context),
      body: requestBody(operation, context),
    })
    .map(({ path, query, body }) => {
      let url = operation.path;
      operation.pathParameters.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, path[index]!.value);
      });
      const headers: Record<string, string> = {};
      if (body.value.contentType) headers['content-type'] = body.value.contentType;
      return {
        method: operation.method,
        url: `${url}${query.value}`,
        headers,
        ...(body.value.payload === undefined ? {} : { payload: body.value.payload }),
        broken: [...path, query, body].flatMap((part) => (part.broken ? [part.broken] : [])),
      };
    });
