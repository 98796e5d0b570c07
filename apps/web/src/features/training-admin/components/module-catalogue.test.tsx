import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buildModule, buildModuleDetail, json, moduleId, otherModuleId, renderTrainingAdmin, serveApi } from '../testing';

const page = '/configure/trainings/module/';
const wifi = buildModule({ id: otherModuleId, topic: 'public-wifi', title: 'Public Wi-Fi without the worry', minutes: 3, languages: ['en_us'], remediates: [], posterUrl: null });

const choose = async (testId: string, option: string | RegExp) => {
  fireEvent.mouseDown(screen.getByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

describe('the training catalog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each module with its topic, length, languages and the lures it answers', async () => {
    serveApi({ 'GET /api/training-modules/': () => json({ items: [buildModule(), wifi] }) });
    renderTrainingAdmin(page);
    const cards = await screen.findAllByTestId('module-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Passwords that hold up');
    expect(cards[0]).toHaveTextContent('4 minutes');
    expect(cards[0]).toHaveTextContent('Languages: English and German');
    expect(cards[0]).toHaveTextContent('Answers lures about: IT and passwords');
    expect(cards[1]).toHaveTextContent('Public Wi-Fi');
    expect(cards[1]).not.toHaveTextContent('Answers lures about');
    expect(screen.getByTestId('catalogue-count')).toHaveTextContent('2 modules');
    expect(screen.getByRole('link', { name: 'Catalog' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks the server with each filter, keeps them in the address, and says when nothing matches', async () => {
    const calls = serveApi({
      'GET /api/training-modules/': (call) => json({ items: call.url.searchParams.get('search') === 'nothing' ? [] : [wifi] }),
    });
    const { router } = renderTrainingAdmin(page);
    await screen.findAllByTestId('module-card');
    await choose('catalogue-topic', 'Public Wi-Fi');
    await choose('catalogue-language', 'German');
    await choose('catalogue-length', 'Up to 5 minutes');
    await waitFor(() => expect(router.state.location.search).toBe('?topic=public-wifi&language=de_de&maxMinutes=5'));
    const filtered = calls.filter((call) => call.url.pathname === '/api/training-modules/').at(-1)!;
    expect(Object.fromEntries(filtered.url.searchParams)).toEqual({ topic: 'public-wifi', language: 'de_de', maxMinutes: '5' });

    fireEvent.change(screen.getByTestId('catalogue-search'), { target: { value: 'nothing' } });
    expect(await screen.findByTestId('catalogue-empty')).toHaveTextContent('No module matches these filters.');
    expect(calls.at(-1)!.url.searchParams.get('search')).toBe('nothing');
  });

  it('previews a module: slides with the example’s warning signs, the quiz with its answer, in another language', async () => {
    const calls = serveApi({
      'GET /api/training-modules/': () => json({ items: [buildModule()] }),
      [`GET /api/training-modules/${moduleId}/`]: (call) =>
        json(call.url.searchParams.get('language') === 'de_de' ? buildModuleDetail({ language: 'de_de', title: 'Passwörter, die halten' }) : buildModuleDetail()),
    });
    renderTrainingAdmin(page);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Passwords that hold up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passwords that hold up' });

    const slides = await within(dialog).findAllByTestId('preview-slide');
    expect(slides[0]).toHaveTextContent('Slide 1: How credential stuffing works');
    expect(slides[0]).toHaveTextContent('0:00–0:21 in the video');
    expect(slides[0]).toHaveTextContent('One reused password opens many doors');
    const example = within(slides[1]!).getByTestId('slide-example');
    expect(example).toHaveTextContent('Example email');
    expect(example).toHaveTextContent('From: IT Desk <it@itdesk-reset.example>');
    expect(within(example).getByText('Keep your password: log in within 2 hours.').tagName).toBe('MARK');
    expect(example).toHaveTextContent('Warning sign: A deadline to rush you');

    const question = within(dialog).getByTestId('preview-question');
    expect(question).toHaveTextContent('Question 1: What makes a reused password risky?');
    expect(question.querySelector('[data-correct="true"]')).toHaveTextContent('One breach opens every account (right answer)');
    expect(question).toHaveTextContent('Why: Stolen pairs are tried everywhere.');
    expect(within(dialog).getByLabelText("The lesson's video: Passwords that hold up")).toHaveAttribute('src', '/training-media/a001/lesson.mp4?expires=1&signature=x');

    fireEvent.mouseDown(within(dialog).getByTestId('preview-language'));
    fireEvent.click(await screen.findByRole('option', { name: 'German' }));
    expect(await screen.findByRole('dialog', { name: 'Passwörter, die halten' })).toBeVisible();
    expect(calls.at(-1)!.url.searchParams.get('language')).toBe('de_de');
  });

  it('goes from the preview to assigning that module', async () => {
    serveApi({
      'GET /api/training-modules/': () => json({ items: [buildModule(), wifi] }),
      [`GET /api/training-modules/${moduleId}/`]: () => json(buildModuleDetail()),
      'POST /api/campaigns/audience-preview/': () => json({ count: 10, withoutEmail: 0 }),
    });
    renderTrainingAdmin(page);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Passwords that hold up' }));
    const preview = await screen.findByRole('dialog', { name: 'Passwords that hold up' });
    fireEvent.click(within(preview).getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign training' });
    await waitFor(() => expect(within(dialog).getByTestId('assign-module')).toHaveTextContent('Passwords that hold up · 4 minutes'));
  });
});
