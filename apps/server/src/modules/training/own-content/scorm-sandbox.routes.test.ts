import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { trainingModules } from '@vigil/db';
import { buildOrganization } from '../../../test/factories.ts';
import { scoPage } from '../../../test/scorm-packages.ts';
import { useTestPhishApp } from '../../../test/test-phish-app.ts';
import { signScormPrefix } from './scorm-sandbox.ts';
import { storeTrainingFile } from './training-files.repository.ts';

// The sandbox: SCORM packages on the phishing listener (http://phish.test), framed by the app (http://vigil.test) only.
const p = useTestPhishApp();
const page = scoPage('1.2');
const script = 'var x = 1;'.repeat(300_000);
let moduleId = '';
let otherModuleId = '';

const addModule = async (organizationId: string, files: Record<string, { type: string; data: string }>) => {
  const id = randomUUID();
  await p.db.insert(trainingModules).values({
    id,
    organizationId,
    source: 'own',
    kind: 'scorm',
    scormVersion: '1.2',
    launchPath: 'index.html?start=1',
    topic: 'passwords',
    minutes: 5,
    passScore: 80,
    languages: ['en_us'],
    texts: { en_us: { title: 'Sandboxed', summary: '', slides: [], quiz: [] } },
    mediaKey: `own/${id}`,
    contentHash: 'x',
  });
  await p.db.transaction(async (tx) => {
    for (const [path, file] of Object.entries(files)) {
      await storeTrainingFile(tx, { organizationId, moduleId: id, path, contentType: file.type }, (async function* () {
        yield Buffer.from(file.data);
      })());
    }
  });
  return id;
};

beforeAll(async () => {
  const organization = await buildOrganization(p.db, { name: 'Sandbox Org' });
  moduleId = await addModule(organization.id, { 'index.html': { type: 'text/html; charset=utf-8', data: page }, 'js/sco.js': { type: 'text/javascript; charset=utf-8', data: script } });
  const other = await buildOrganization(p.db, { name: 'Other Org' });
  otherModuleId = await addModule(other.id, { 'secret.html': { type: 'text/html; charset=utf-8', data: '<p>other organisation</p>' } });
});

const expectSandboxHeaders = (headers: Record<string, unknown>) => {
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self' http://vigil.test");
  expect(headers['x-frame-options']).toBeUndefined();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['set-cookie']).toBeUndefined();
  expect(headers['referrer-policy']).toBe('no-referrer');
};

describe('SCORM packages on the sandbox origin', () => {
  it('serves the launch page (framed by the app only) and the package files with their types, ranges and no cookies', async () => {
    const prefix = signScormPrefix(p.secrets, moduleId);
    const launch = await p.app.inject({ method: 'GET', url: prefix });
    expect(launch.statusCode).toBe(200);
    expect(launch.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(launch.headers['content-security-policy']).toContain('frame-ancestors http://vigil.test');
    expect(launch.headers['content-security-policy']).toContain("script-src 'self'");
    expect(launch.headers['x-frame-options']).toBeUndefined();
    expect(launch.body).toContain('data-parent-origin="http://vigil.test"');
    expect(launch.body).toContain('data-launch="index.html?start=1"');
    const runtime = await p.app.inject({ method: 'GET', url: '/scorm-runtime/cross-frame-api.js' });
    expect(runtime.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(runtime.body).toContain('CrossFrameAPI');

    const html = await p.app.inject({ method: 'GET', url: `${prefix}index.html?start=1` });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expectSandboxHeaders(html.headers);
    expect(html.body).toBe(page);
    const js = await p.app.inject({ method: 'GET', url: `${prefix}js/sco.js`, headers: { range: 'bytes=1048570-1048579' } });
    expect(js.statusCode).toBe(206);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['content-range']).toBe(`bytes 1048570-1048579/${script.length}`);
    expect(js.body).toBe(script.slice(1048570, 1048580));
    expectSandboxHeaders(js.headers);
  });

  it('answers the plain 404 for an expired or tampered signature, a signature of another module, a path that escapes, and a missing file', async () => {
    const prefix = signScormPrefix(p.secrets, moduleId);
    const expired = signScormPrefix(p.secrets, moduleId, new Date(Date.now() - 8 * 3_600_000));
    const tampered = prefix.replace(/\/([\w-])([\w-]+)\/$/, (_match, first: string, rest: string) => `/${first === 'A' ? 'B' : 'A'}${rest}/`);
    // The other organisation's module, with this module's signature: the signature binds the module.
    const borrowed = signScormPrefix(p.secrets, moduleId).replace(moduleId, otherModuleId);
    for (const url of [`${expired}index.html`, `${tampered}index.html`, `${borrowed}secret.html`, `${prefix}..%2F..%2Findex.html`, `${prefix}missing.html`, `${prefix}js%5Csco.js`, `/scorm/not-a-uuid/1/x/index.html`]) {
      const response = await p.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('other organisation');
    }
    // Its own signature opens the other module: only what the API handed out is reachable.
    expect((await p.app.inject({ method: 'GET', url: `${signScormPrefix(p.secrets, otherModuleId)}secret.html` })).statusCode).toBe(200);
  });
});
