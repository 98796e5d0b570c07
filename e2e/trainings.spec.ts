import type { OrganizationUser, TrainingModuleSummary, TrainingSettings } from '@vigil/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPdfText } from '../apps/server/src/test/pdf-text-reader.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiSession, apiSignIn, cleanUp, demoPassword, findPeople } from './api.ts';
import { expectNoSeriousViolations } from './accessibility.ts';
import { launchBrowser, newBrowserContext, screenshot } from './browser.ts';

// The learner's whole journey with a lesson: Diego (a Northwind employee no other spec signs in as)
// gets the QR-phishing lesson from the admin, plays it with captions, cannot skip ahead while the
// rule is on, takes the quiz once the admin lets people test out, passes, and downloads his
// certificate; the admin then sees the completion in the assignments table, and on /compliance/
// under PCI DSS (chosen for the spec with this lesson as its module) and in its evidence pack.
const baseUrl = inject('baseUrl');
const admin = { email: 'marcus.bell@northwind-logistics.example' };
const learner = { email: 'diego.barrows@northwind-logistics.example', name: 'Diego Barrows' };
const lesson = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'content', 'training-modules', 'qr-phishing', 'en_us.json'), 'utf8')) as {
  title: string;
  quiz: { question: string; choices: string[]; answer: number }[];
};

let api: ApiSession;
let browser: Browser;
let page: Page;
let settingsBefore: TrainingSettings;

const signIn = async (email: string) => {
  const signed = await (await newBrowserContext(browser, { viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await signed.goto(`${baseUrl}/login/`);
  await signed.getByLabel('Email address').fill(email);
  await signed.getByLabel('Password', { exact: true }).fill(demoPassword);
  await signed.getByRole('button', { name: 'Sign in' }).click();
  await signed.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/login/'), { timeout: 15_000 });
  return signed;
};

beforeAll(async () => {
  api = await apiSignIn(baseUrl, admin.email);
  settingsBefore = await api.call<TrainingSettings>('GET', '/api/training-settings/');
  // The rule this journey proves first: no skipping ahead, no quiz before the end.
  await api.call('PUT', '/api/training-settings/', { ...settingsBefore, noSkipAhead: true, testOutAllowed: false });
  const [diego] = (await findPeople(api, learner.email)) as OrganizationUser[];
  const { items } = await api.call<{ items: TrainingModuleSummary[] }>('GET', '/api/training-modules/?topic=qr-phishing');
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');
  await api.call('POST', '/api/training-assignments/', { moduleId: items[0]!.id, audience: { kind: 'people', ids: [diego!.id] }, dueAt: due });
  // PCI DSS 12.6.3.1 asks for phishing training: the spec's framework, with this one lesson and no cadence rules.
  await api.call('PUT', '/api/compliance/frameworks/pci-dss/', { moduleIds: [items[0]!.id], applyCadence: false });
  browser = await launchBrowser();
  page = await signIn(learner.email);
});

// The assignment stays (completed, with its events, as a real one would); the rules go back as they were.
afterAll(() =>
  cleanUp([
    () => api.call('PUT', '/api/training-settings/', settingsBefore),
    () => api.call('DELETE', '/api/compliance/frameworks/pci-dss/'),
    () => api.signOut(),
    async () => browser?.close(),
  ]),
);

describe(`a lesson (${learner.email}, learner; ${admin.email}, admin)`, () => {
  it('plays with captions and does not let the learner skip ahead while the rule is on', async () => {
    await page.goto(`${baseUrl}/dashboard/trainings/learning/`);
    await page.getByTestId('learning-list').waitFor();
    await page.getByTestId('training-card').filter({ hasText: lesson.title }).getByRole('link', { name: `Start ${lesson.title}` }).or(page.getByTestId('training-card').filter({ hasText: lesson.title }).getByRole('button', { name: `Start ${lesson.title}` })).first().click();
    const video = page.getByTestId('training-video');
    await video.waitFor();
    await page.getByTestId('training-play').click();
    // The video really plays (Chromium decodes the H.264 lesson), and an English caption is showing.
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(2);
    const caption = () =>
      video.evaluate((element: HTMLVideoElement) => {
        const track = [...element.textTracks].find((candidate) => candidate.mode === 'showing');
        return track ? { language: track.language, cue: (track.activeCues?.[0] as VTTCue | undefined)?.text ?? '' } : null;
      });
    await expect.poll(async () => (await caption())?.cue ?? '', { timeout: 20_000 }).not.toBe('');
    expect((await caption())?.language).toMatch(/^en/);
    await screenshot(page, 'training-player-captions-1280');

    // A jump a minute ahead (the browser's own seek) snaps back to what was watched, and says why.
    await video.evaluate((element: HTMLVideoElement) => {
      element.currentTime = 90;
    });
    await expect.poll(() => page.getByTestId('training-notice').textContent()).toContain('Skipping ahead is turned off');
    expect(await video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeLessThan(30);
    await page.getByTestId('training-play').click();
    expect(await page.getByTestId('quiz-locked').textContent()).toContain('once you have watched the video to the end');
    await expectNoSeriousViolations(page, 'the lesson player');
  });

  it('lets him take the quiz first once the admin allows testing out; he passes and downloads his certificate', async () => {
    await api.call('PUT', '/api/training-settings/', { ...settingsBefore, noSkipAhead: true, testOutAllowed: true });
    await page.reload();
    const quiz = page.getByTestId('quiz-form');
    await quiz.waitFor({ timeout: 15_000 });
    for (const [index, question] of lesson.quiz.entries()) {
      const group = quiz.getByRole('radiogroup').nth(index);
      await group.getByRole('radio', { name: question.choices[question.answer]!, exact: true }).check();
    }
    await page.getByTestId('quiz-submit').click();
    await page.getByTestId('quiz-passed').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('quiz-score').textContent()).toContain('100%');
    await screenshot(page, 'training-quiz-passed-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('certificate-download').first().click()]);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = readPdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain(learner.name);
    expect(text).toContain('Northwind Logistics');
    expect(text).toContain(lesson.title);
    expect(text).toContain('100%');

    await page.goto(`${baseUrl}/dashboard/trainings/completed/`);
    await expect.poll(() => page.getByTestId('completed-list').textContent()).toContain(lesson.title);
    await screenshot(page, 'training-completed-1280');
  });

  // Policies on the compliance tab (C3's part): a policy written for Diego alone, read in the
  // dialog and acknowledged; the admin's panel counts it. Archived afterwards, as nothing else needs it.
  it('shows him the required lesson and a policy on the compliance tab; he reads and acknowledges it, and the admin sees it counted', async () => {
    const [diego] = (await findPeople(api, learner.email)) as OrganizationUser[];
    const title = 'Remote Work Policy (e2e)';
    const policy = await api.call<{ id: string }>('POST', '/api/policies/', {
      title,
      description: 'Working safely away from the office.',
      audience: { kind: 'people', ids: [diego!.id] },
      markdown: '# Remote work\n\nConnect to the company VPN on any network you do not control.',
    });
    try {
      await page.goto(`${baseUrl}/dashboard/trainings/compliance/`);
      await expect.poll(() => page.getByTestId('compliance-list').textContent(), { timeout: 15_000 }).toContain(lesson.title);
      const card = page.getByTestId('policy-card').filter({ hasText: title });
      await card.getByRole('button', { name: `Read and acknowledge ${title}` }).click();
      const reader = page.getByTestId('policy-reader');
      await reader.getByRole('heading', { name: 'Remote work', exact: true }).waitFor();
      await screenshot(page, 'policy-reader-1280');
      await reader.getByRole('checkbox', { name: 'I have read and understood this policy' }).check();
      await reader.getByRole('button', { name: 'Acknowledge' }).click();
      await expect.poll(() => reader.getByTestId('policy-acknowledged').textContent()).toContain('You acknowledged version 1');
      await expectNoSeriousViolations(page, 'the policy reader');
      await reader.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => card.getByTestId('policy-status').textContent()).toBe('Acknowledged');
      await screenshot(page, 'training-compliance-1280');

      const adminPage = await signIn(admin.email);
      await adminPage.goto(`${baseUrl}/compliance/?tab=policies`);
      const row = adminPage.getByTestId('policy-row').filter({ hasText: title });
      await expect.poll(() => row.getByTestId('policy-progress').textContent(), { timeout: 15_000 }).toBe('1 of 1');
      await expectNoSeriousViolations(adminPage, 'the policies panel');
      await screenshot(adminPage, 'compliance-policies-1280');
      await adminPage.context().close();
    } finally {
      await api.call('POST', `/api/policies/${policy.id}/archive/`);
    }
  });

  it('shows the admin the completion with its score', async () => {
    const adminPage = await signIn(admin.email);
    await adminPage.goto(`${baseUrl}/configure/trainings/?search=${encodeURIComponent(learner.email)}`);
    const row = adminPage.getByRole('row').filter({ hasText: lesson.title }).filter({ hasText: learner.email });
    await expect.poll(() => row.first().textContent(), { timeout: 15_000 }).toContain('Completed');
    expect(await row.first().textContent()).toContain('100');
    await expectNoSeriousViolations(adminPage, 'the training assignments');
    await screenshot(adminPage, 'training-assignments-admin-1280');
    await adminPage.context().close();
  });

  it('shows the admin the completion on /compliance/ and in the evidence pack', async () => {
    const adminPage = await signIn(admin.email);
    await adminPage.goto(`${baseUrl}/compliance/`);
    const card = adminPage.getByTestId('framework-pci-dss');
    await card.waitFor({ timeout: 15_000 });
    await card.getByTestId('compliance-search-pci-dss').fill(learner.email);
    const row = card.getByTestId('compliance-person-row').filter({ hasText: learner.email });
    await expect.poll(() => row.first().textContent(), { timeout: 15_000 }).toContain('Compliant');
    expect(await row.first().textContent()).toContain('1 of 1');
    await expectNoSeriousViolations(adminPage, 'the compliance page');
    await screenshot(adminPage, 'compliance-1280');

    const [csvDownload] = await Promise.all([adminPage.waitForEvent('download'), card.getByTestId('evidence-csv-pci-dss').click()]);
    const csv = readFileSync((await csvDownload.path())!, 'utf8');
    const line = csv.split('\n').find((candidate) => candidate.includes(learner.email));
    expect(line).toBeDefined();
    expect(line).toContain(learner.name);
    expect(line).toContain(lesson.title);
    expect(line).toMatch(/,yes,.*,\d+,passed,assigned,.*,100,1,VC-/);

    const [pdfDownload] = await Promise.all([adminPage.waitForEvent('download'), card.getByTestId('evidence-pdf-pci-dss').click()]);
    const text = readPdfText(readFileSync((await pdfDownload.path())!)).replace(/\s+/g, ' ');
    expect(text).toContain('PCI DSS v4.0.1');
    expect(text).toContain('Northwind Logistics');
    expect(text).toContain('12.6.3.1');
    expect(text).toContain(`${lesson.title} (version`);
    await adminPage.context().close();
  });
});
