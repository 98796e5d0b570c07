import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OwnModuleText, OwnModuleTexts, TrainingLanguage } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { seriousAxeViolations } from '../../../testing/axe';
import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { renderRoutes } from '../../../testing/test-utils';
import { buildModule, json, moduleId, otherModuleId, renderTrainingAdmin, serveApi, type ApiCall } from '../testing';
import { ModuleTextsDialog } from './module-texts-dialog';

const textsUrl = `/api/training-modules/${moduleId}/texts/`;
const person = { machineTranslated: false, sourceLanguage: null, provider: null, translatedAt: null, reviewedAt: null, reviewedBy: null } as const;

const english: OwnModuleText = {
  language: 'en_us',
  title: 'Payment fraud at Northwind',
  summary: 'How our finance team confirms payment changes.',
  quiz: [{ question: 'Who may change a supplier’s bank details by email?', choices: ['Nobody', 'The supplier', 'Your manager'], answer: 0, explanation: 'Confirm by phone.' }],
  translation: person,
  needsReview: false,
};
const french: OwnModuleText = {
  language: 'fr_fr',
  title: 'La fraude au paiement',
  summary: 'Comment confirmer un changement.',
  quiz: [],
  translation: { machineTranslated: true, sourceLanguage: 'en_us', provider: 'deepl', translatedAt: '2026-11-20T10:00:00Z', reviewedAt: null, reviewedBy: null },
  needsReview: true,
};

const buildTexts = (overrides: Partial<OwnModuleTexts> = {}): OwnModuleTexts => ({
  moduleId,
  kind: 'video',
  version: 1,
  languages: ['en_us', 'fr_fr'],
  texts: [english, french],
  machineTranslation: { configured: true, provider: 'deepl', languages: ['en_us', 'fr_fr', 'de_de', 'es_es', 'pt_br', 'hi_in', 'it_it'] },
  ...overrides,
});

const openDialog = async (handlers: Record<string, (call: ApiCall) => Response | Promise<Response>>) => {
  const calls = serveApi(handlers);
  const fake = createFakeAuthSdk();
  fake.signIn(undefined, 'session.jwt');
  renderRoutes([{ path: '/', Component: () => <ModuleTextsDialog moduleId={moduleId} title="Payment fraud at Northwind" onClose={() => undefined} /> }], '/', { sdk: fake.sdk });
  const dialog = await screen.findByRole('dialog', { name: 'Texts and translations: Payment fraud at Northwind' });
  await within(dialog).findByRole('tab', { name: 'English' });
  return { calls, dialog };
};

describe('the texts and translations of an own module', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a tab per language, marks a machine translation until it is reviewed, and is accessible', async () => {
    const reviewed: OwnModuleText = { ...french, needsReview: false, translation: { ...french.translation, reviewedAt: '2026-11-21T10:00:00Z', reviewedBy: 'Ada Reviewer' } };
    const { calls, dialog } = await openDialog({
      [`GET ${textsUrl}`]: () => json(buildTexts()),
      [`POST ${textsUrl}fr_fr/review/`]: () => json(buildTexts({ texts: [english, reviewed] })),
    });
    expect(within(dialog).getByTestId('text-title')).toHaveValue('Payment fraud at Northwind');
    expect(within(dialog).queryByTestId('needs-review')).not.toBeInTheDocument();
    expect(await seriousAxeViolations(dialog)).toEqual([]);

    expect(within(dialog).getByRole('tab', { name: 'French (machine-translated, to review)' })).toBeVisible();
    fireEvent.click(within(dialog).getByRole('tab', { name: /French/ }));
    const banner = await within(dialog).findByTestId('needs-review');
    expect(banner).toHaveTextContent('Machine-translated from English by DeepL on Nov 20, 2026.');
    expect(await seriousAxeViolations(dialog)).toEqual([]);
    fireEvent.click(within(banner).getByRole('button', { name: 'Mark as reviewed' }));
    expect(await within(dialog).findByTestId('reviewed')).toHaveTextContent('Machine translation reviewed by Ada Reviewer on Nov 21, 2026.');
    expect(within(dialog).queryByTestId('needs-review')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === `${textsUrl}fr_fr/review/`)).toBe(true);
  });

  it('edits the quiz: adds a question with its choices, marks the right one, and saves the language', async () => {
    const { calls, dialog } = await openDialog({
      [`GET ${textsUrl}`]: () => json(buildTexts()),
      [`PUT ${textsUrl}en_us/`]: (call) => json(buildTexts({ texts: [{ ...english, ...(call.body as object) }, french] })),
    });
    fireEvent.change(within(dialog).getByTestId('text-title'), { target: { value: 'Payment fraud: confirm first' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a question' }));
    const question = within(dialog).getAllByTestId('quiz-question')[1]!;
    expect(within(dialog).getByRole('group', { name: 'Question 2' })).toBe(question);
    fireEvent.change(within(question).getByRole('textbox', { name: /^Question/ }), { target: { value: 'What do you do with a suspicious invoice?' } });
    fireEvent.change(within(question).getByRole('textbox', { name: /^Choice 1/ }), { target: { value: 'Pay it' } });
    fireEvent.change(within(question).getByRole('textbox', { name: /^Choice 2/ }), { target: { value: 'Report it' } });
    fireEvent.click(within(question).getByRole('button', { name: 'Add a choice' }));
    fireEvent.change(within(question).getByRole('textbox', { name: /^Choice 3/ }), { target: { value: 'Forward it' } });
    fireEvent.click(within(question).getByRole('radio', { name: 'Choice 2 is the right answer' }));
    fireEvent.change(within(question).getByRole('textbox', { name: /^Explanation/ }), { target: { value: 'Reporting warns everyone.' } });
    fireEvent.click(within(question).getByRole('button', { name: 'Remove choice 3' }));
    expect(await seriousAxeViolations(dialog)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save English' }));

    expect(await within(dialog).findByText('English is saved.')).toBeVisible();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({
      title: 'Payment fraud: confirm first',
      summary: english.summary,
      quiz: [english.quiz[0], { question: 'What do you do with a suspicious invoice?', choices: ['Pay it', 'Report it'], answer: 1, explanation: 'Reporting warns everyone.' }],
    });
  });

  it('checks the form before sending, and puts the server’s problems on their fields', async () => {
    const { calls, dialog } = await openDialog({
      [`GET ${textsUrl}`]: () => json(buildTexts()),
      [`PUT ${textsUrl}en_us/`]: () => json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', details: [{ field: 'body.quiz.0.choices.1', problem: 'must be at most 200 characters' }] } }, 400),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a question' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save English' }));
    const added = within(dialog).getAllByTestId('quiz-question')[1]!;
    expect(within(added).getByRole('textbox', { name: /^Question/ })).toHaveAccessibleDescription('Write the question.');
    expect(within(added).getByRole('textbox', { name: /^Choice 1/ })).toHaveAccessibleDescription('Write the choice, or remove it.');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.click(within(added).getByRole('button', { name: 'Remove question 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save English' }));
    const first = within(dialog).getAllByTestId('quiz-question')[0]!;
    await waitFor(() => expect(within(first).getByRole('textbox', { name: /^Choice 2/ })).toHaveAccessibleDescription('must be at most 200 characters'));
  });

  it('machine-translates one language at a time with progress, leaving languages a person wrote alone unless ticked', async () => {
    let release: () => void = () => undefined;
    const { calls, dialog } = await openDialog({
      [`GET ${textsUrl}`]: () => json(buildTexts()),
      [`POST /api/training-modules/${moduleId}/translate/`]: async (call) => {
        const target = (call.body as { to: TrainingLanguage[] }).to[0]!;
        if (target === 'de_de') await new Promise<void>((resolve) => (release = resolve));
        return json({ translated: [target], texts: buildTexts({ languages: ['en_us', 'fr_fr', target], texts: [english, french, { ...french, language: target }] }) });
      },
    });
    const panel = within(dialog).getByTestId('machine-translation');
    expect(within(panel).getByRole('checkbox', { name: 'French' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'German' })).toBeChecked();
    for (const name of ['Spanish', 'Portuguese (Brazil)', 'Hindi', 'Italian']) fireEvent.click(within(panel).getByRole('checkbox', { name }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'French' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Machine-translate from English' }));

    expect(await within(panel).findByTestId('translate-progress')).toHaveTextContent('Translating into German (1 of 1)…');
    expect(within(panel).getByRole('progressbar', { name: 'Machine translation progress' })).toBeVisible();
    release();
    expect(await within(panel).findByTestId('translate-done')).toHaveTextContent('Translated into 1 language.');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([{ from: 'en_us', to: ['de_de'], overwrite: true }]);
    expect(await within(dialog).findByRole('tab', { name: /German/ })).toBeVisible();
  });

  it('says which language the service stopped at, with its words', async () => {
    const { dialog } = await openDialog({
      [`GET ${textsUrl}`]: () => json(buildTexts({ languages: ['en_us'], texts: [english] })),
      [`POST /api/training-modules/${moduleId}/translate/`]: () => json({ error: { code: 'BAD_GATEWAY', message: 'DeepL at api.deepl.com says the account’s character quota is used up (456)' } }, 502),
    });
    const panel = within(dialog).getByTestId('machine-translation');
    fireEvent.click(within(panel).getByRole('button', { name: 'Machine-translate from English' }));
    expect(await within(panel).findByTestId('translate-failed')).toHaveTextContent('Machine translation stopped at French: DeepL at api.deepl.com says the account’s character quota is used up (456)');
  });

  it('says how to configure machine translation when the server has none, and a SCORM module has no quiz', async () => {
    const { dialog } = await openDialog({ [`GET ${textsUrl}`]: () => json(buildTexts({ kind: 'scorm', texts: [{ ...english, quiz: [] }, french], machineTranslation: { configured: false, provider: null, languages: [] } })) });
    expect(within(dialog).getByTestId('translation-not-configured')).toHaveTextContent(/not configured.*TRANSLATE_URL.*TRANSLATE_API_KEY/);
    expect(within(dialog).getByText('A SCORM package scores itself: it has no quiz here.')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Add a question' })).not.toBeInTheDocument();
    expect(await seriousAxeViolations(dialog)).toEqual([]);
  });

  it('opens from the catalogue on an own module only, and saving refreshes the catalogue', async () => {
    const calls = serveApi({
      'GET /api/training-modules/': () => json({ items: [buildModule({ id: otherModuleId }), buildModule({ source: 'own', title: 'Payment fraud at Northwind', posterUrl: null })] }),
      [`GET ${textsUrl}`]: () => json(buildTexts()),
      [`PUT ${textsUrl}en_us/`]: () => json(buildTexts()),
    });
    renderTrainingAdmin('/configure/trainings/module/');
    await screen.findAllByTestId('module-card');
    expect(screen.getAllByTestId('module-texts')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Texts and translations of Payment fraud at Northwind' }));
    const dialog = await screen.findByRole('dialog', { name: 'Texts and translations: Payment fraud at Northwind' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save English' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/training-modules/')).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
