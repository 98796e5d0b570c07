import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../dns-server.ts';
import { useTestApp } from '../test-app.ts';
import { buildFuzzOrganization } from './fuzz-callers.ts';
import { createAnswerChecker } from './openapi-answers.ts';
import { type OpenApiDocument, operationsOf, resolverFor } from './openapi-operations.ts';
import { requestArbitrary } from './openapi-requests.ts';

/**
 * Property-based fuzzing driven by the OpenAPI document: every operation it lists is called with
 * requests generated from its own schemas, well-formed and deliberately broken, by an admin, a
 * plain user and someone not signed in. No answer may be a 5xx or anything the document does not
 * promise (status, content type, body schema). New routes join by being documented.
 *
 * Replay: the seed is printed; `FUZZ_SEED=<seed>` repeats the same requests, `FUZZ_ONLY="<operation> as <caller>"`
 * runs one, `FUZZ_PATH=<path>` jumps to fast-check's shrunk counterexample, `FUZZ_REQUESTS=<n>` sets the budget.
 */

// Domain proofs ask a DNS server on loopback (it knows no name: every lookup finds no record).
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(() => dns?.close());
// The embedded provider runs in the app, so its /v1/auth operations are served and fuzzed too.
const t = useTestApp(() => ({ DNS_SERVERS: dns.server }), { embeddedAuth: true });

/** About 40–90 s on PGlite on a busy 2-core machine (about 20 ms a request). */
const requestBudget = Number(process.env.FUZZ_REQUESTS ?? 3_000);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const only = process.env.FUZZ_ONLY;
const replayPath = process.env.FUZZ_PATH;
/** Per operation and caller, so shrinking a failure cannot eat the whole run. */
const timeLimitMs = 20_000;
const fuzzedPrefixes = ['/api/', '/v1/auth/'];

/** A seed per operation and caller, stable under FUZZ_SEED whatever else the document lists. */
const seedFor = (name: string) => [...name].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, seed);

const getDocument = async () => (await t.app.inject({ url: '/api/openapi.json' })).json() as OpenApiDocument;

describe('OpenAPI-driven fuzzing', () => {
  it('the document lists every /api and /v1/auth operation the app serves, so the fuzzer reaches them all', async () => {
    const documented = operationsOf(await getDocument()).map((operation) => `${operation.method} ${operation.path}`);
    const served = t.app.routeTable.filter((route) => !route.hidden && fuzzedPrefixes.some((prefix) => route.url.startsWith(prefix)));
    expect(served.length).toBeGreaterThan(0);
    // A route is reached when the document lists it, with {param} for :param or one operation per value of a param.
    const unreached = served.filter((route) => {
      const pattern = new RegExp(`^${route.method} ${route.url.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/:\w+/g, '(?:\\{\\w+\\}|[^/{}]+)')}$`);
      return !documented.some((key) => pattern.test(key));
    });
    expect(unreached.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('no generated request gets a 5xx or an answer outside the documented schema', { timeout: 600_000 }, async () => {
    const document = await getDocument();
    const resolve = resolverFor(document);
    const checkAnswer = createAnswerChecker(document);
    const world = await buildFuzzOrganization(t);
    const operations = operationsOf(document);
    const runs = Math.max(3, Math.floor(requestBudget / (operations.length * world.callers.length)));

    let requests = 0;
    const statuses = new Map<string, number>();
    /** Operations no caller got a 2xx from: the fuzzer did not get past their checks. */
    const neverSucceeded = new Set(operations.map((operation) => operation.key));
    const failures: string[] = [];
    const perPrefix = new Map<string, number>();
    const started = Date.now();
    for (const operation of operations) {
      const prefix = operation.path.split('/').slice(0, operation.path.startsWith('/v') ? 3 : 2).join('/');
      perPrefix.set(prefix, (perPrefix.get(prefix) ?? 0) + 1);
      for (const caller of world.callers) {
        const name = `${operation.key} as ${caller.name}`;
        if (only && only !== name && only !== operation.key) continue;
        await world.refreshKnownIds();
        const arbitrary = fc.tuple(requestArbitrary(operation, { resolve, knownIds: world.knownIds, knownEmails: world.knownEmails }), caller.credentials);
        const details = await fc.check(
          fc.asyncProperty(arbitrary, async ([request, credentials]) => {
            await caller.restore();
            const authorization = credentials.session ? caller.authorizationFor(operation) : credentials.authorization;
            const response = await t.app.inject({
              method: request.method as 'GET',
              url: request.url,
              headers: { ...request.headers, ...(authorization === undefined ? {} : { authorization }) },
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            requests += 1;
            const statusClass = `${String(response.statusCode)[0]}xx`;
            statuses.set(statusClass, (statuses.get(statusClass) ?? 0) + 1);
            if (response.statusCode < 300) neverSucceeded.delete(operation.key);
            const problems = checkAnswer(operation, { statusCode: response.statusCode, headers: response.headers, body: response.body, rawPayload: response.rawPayload });
            if (problems.length) throw new Error(problems.join('\n'));
          }),
          { seed: seedFor(name), numRuns: runs, interruptAfterTimeLimit: timeLimitMs, ...(replayPath ? { path: replayPath } : {}) },
        );
        if (details.failed) {
          const [[request, credentials] = []] = details.counterexample ?? [];
          const signed = credentials?.session ? `${caller.name}'s session` : JSON.stringify(credentials?.authorization?.slice(0, 60));
          const sent = request ? `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)} authorization ${signed} ${String(request.payload ?? '').slice(0, 300)}` : '';
          failures.push(
            `${name}: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n` +
              `  sent (broken: ${request?.broken.join(', ') || 'nothing'}): ${sent}\n` +
              `  replay: FUZZ_SEED=${seed} FUZZ_ONLY="${name}" FUZZ_PATH=${details.counterexamplePath}`,
          );
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `OpenAPI fuzzing: seed ${seed}; ${operations.length} operations (${[...perPrefix].map(([prefix, n]) => `${prefix} ${n}`).join(', ')}), ` +
        `${runs} runs per operation and caller, ${requests} requests in ${seconds} s (${[...statuses].sort().map(([c, n]) => `${c} ${n}`).join(', ')}); ${failures.length} failing` +
        (neverSucceeded.size ? `\n  never answered 2xx: ${[...neverSucceeded].join('; ')}` : ''),
    );
    expect(failures, `seed ${seed}: replay with FUZZ_SEED=${seed}`).toEqual([]);
  });
});
