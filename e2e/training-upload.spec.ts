import type { OrganizationUser, TrainingAssignment, TrainingModuleSummary } from '@vigil/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildZip, scormManifest, scormPackage } from '../apps/server/src/test/scorm-packages.ts';
import { type ApiSession, apiSignIn, cleanUp, demoPassword, findPeople } from './api.ts';
import { expectNoSeriousViolations } from './accessibility.ts';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';

// Own content end to end: Verdant Energy's admin (no other spec signs in as him) adds a SCORM 1.2 and
// a SCORM 2004 package made here (a SCO page that finds the runtime, initialises, sets its status and
// score, commits and terminates), sees a package with a ../ path and one with a program refused with
// the reason in the dialog, assigns the two good ones to himself and plays them in Chromium: each
// runs on the sandbox origin (the phishing listener) and its completion and score come back.
const baseUrl = inject('baseUrl');
const phishUrl = inject('phishUrl');
const admin = { email: 'mateo.ruiz@verdant-energy.example' };
const run = Date.now().toString(36);
const packages = {
  scorm12: { title: `Reporting a phish, SCORM 1.2 ${run}`, score: 85 },
  scorm2004: { title: `Locking your screen, SCORM 2004 ${run}`, score: 92 },
};

let api: ApiSession;
let browser: Browser;
let page: Page;
let folder = '';
const files: Record<string, string> = {};
const uploaded: string[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'vigil-e2e-scorm-'));
  const save = (name: string, bytes: Buffer) => {
    files[name] = join(folder, name);
    writeFileSync(files[name], bytes);
  };
  save('lesson-12.zip', await scormPackage('1.2', { title: packages.scorm12.title, score: packages.scorm12.score }));
  save('lesson-2004.zip', await scormPackage('2004', { title: packages.scorm2004.title, score: packages.scorm2004.score }));
  const manifest = { path: 'imsmanifest.xml', data: scormManifest('1.2') };
  const index = { path: 'index.html', data: '<!doctype html><p>Hello</p>' };
  save('escape.zip', await buildZip([manifest, index, { path: 'zz/evil.html', data: '<p>outside</p>' }], { 'zz/evil.html': '../evil.html' }));
  save('program.zip', await buildZip([manifest, index, { path: 'tools/update.exe', data: 'MZ' }]));

  api = await apiSignIn(baseUrl, admin.email);
  browser = await launchBrowser();
  page = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${baseUrl}/login/`);
  await page.getByLabel('Email address').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/login/'), { timeout: 15_000 });
});

// The modules are archived (their assignments stay, completed, as real ones would).
afterAll(() =>
  cleanUp([
    ...uploaded.map((id) => () => api.call('POST', `/api/training-modules/own/${id}/archive/`)),
    () => api.signOut(),
    async () => browser?.close(),
    async () => rmSync(folder, { recursive: true, force: true }),
  ]),
);

const openAddDialog = async () => {
  await page.getByTestId('add-module').click();
  await page.getByTestId('add-module-form').waitFor();
};
const chooseAndUpload = async (file: string) => {
  await page.getByTestId('add-module-file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload' }).click();
};

describe(`own SCORM modules (${admin.email}, admin and learner)`, () => {
  it('refuses a package with a ../ path and one with a program, saying why on the file field', async () => {
    await page.goto(`${baseUrl}/configure/trainings/module/`);
    await page.getByTestId('training-catalogue').waitFor();
    await openAddDialog();
    await chooseAndUpload(files['escape.zip']!);
    await expect.poll(() => page.getByTestId('add-module-file-error').textContent()).toContain('has an entry that points outside the package (..): ../evil.html');
    await chooseAndUpload(files['program.zip']!);
    await expect.poll(() => page.getByTestId('add-module-file-error').textContent()).toContain('has a program file, which a training package never needs: tools/update.exe');
    await screenshot(page, 'training-upload-refused');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('uploads a SCORM 1.2 and a SCORM 2004 package, titled from their manifests, and lists them badged as own', async () => {
    for (const file of ['lesson-12.zip', 'lesson-2004.zip']) {
      await openAddDialog();
      await chooseAndUpload(files[file]!);
      await page.getByTestId('add-module-form').waitFor({ state: 'detached', timeout: 30_000 });
    }
    for (const { title } of Object.values(packages)) {
      const card = page.getByRole('article', { name: title });
      await card.waitFor();
      expect(await card.getByTestId('own-badge').textContent()).toBeTruthy();
      expect(await card.textContent()).toContain('SCORM');
      const [module] = (await api.call<{ items: TrainingModuleSummary[] }>('GET', `/api/training-modules/?${new URLSearchParams({ search: title })}`)).items;
      expect(module).toMatchObject({ source: 'own', kind: 'scorm', title });
      uploaded.push(module!.id);
    }
    await page.getByRole('article', { name: packages.scorm2004.title }).scrollIntoViewIfNeeded();
    await screenshot(page, 'training-upload-catalogue');
  });

  it('plays each package from the sandbox origin in Chromium, and its completion and score are recorded', async () => {
    const [me] = (await findPeople(api, admin.email)) as OrganizationUser[];
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');
    for (const [index, { title, score }] of Object.values(packages).entries()) {
      const moduleId = uploaded[index]!;
      await api.call('POST', '/api/training-assignments/', { moduleId, audience: { kind: 'people', ids: [me!.id] }, dueAt: due });
      const { items } = await api.call<{ items: TrainingAssignment[] }>('GET', `/api/training-assignments/?${new URLSearchParams({ moduleId, format: 'json' })}`);
      await page.goto(`${baseUrl}/dashboard/trainings/learning/?${new URLSearchParams({ assignment: items[0]!.id })}`);
      const frame = page.getByTestId('scorm-frame');
      await frame.waitFor();
      expect(await frame.getAttribute('src')).toMatch(new RegExp(`^${phishUrl}/scorm/${moduleId}/\\d+/[\\w-]+/$`));
      // The SCO, in the launch page's frame, found the runtime and reported.
      const sco = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('iframe');
      await expect.poll(() => sco.locator('#state').textContent()).toContain(`Reported passed with ${score}`);
      await expect.poll(() => page.getByTestId('lesson-completed').textContent()).toContain(`with a score of ${score} %`);
      await screenshot(page, `training-upload-played-${index === 0 ? '12' : '2004'}`);
      const [assignment] = (await api.call<{ items: TrainingAssignment[] }>('GET', `/api/training-assignments/?${new URLSearchParams({ moduleId, format: 'json' })}`)).items;
      expect(assignment).toMatchObject({ moduleTitle: title, status: 'completed', score });
    }
  });
});
