import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serveApi } from '../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../testing/signed-in';
import { buildPreview, buildSummary, buildTemplate, builtinId, ownId } from '../testing';
import { TemplateLibrary } from './template-library';

afterEach(() => vi.unstubAllGlobals());

const list = (items = [buildSummary(), buildSummary({ id: ownId, source: 'custom', name: 'Our own lure', difficulty: 2, languages: ['en_us'], can: { edit: true, copy: true, archive: true } })]) =>
  json({ items, nextCursor: null, canCreate: true });

describe('TemplateLibrary', () => {
  it('shows each template with its category, vector, difficulty in words and languages, and filters by the server', async () => {
    const calls = serveApi({ 'GET /api/phishing-templates/': () => list() });
    renderPageSignedIn(TemplateLibrary, '/configure/testing/');
    const cards = await screen.findAllByTestId('template-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Password expires today')).toBeInTheDocument();
    expect(first.getByText('IT and passwords')).toBeInTheDocument();
    expect(first.getByText('Sign-in lookalike')).toBeInTheDocument();
    expect(first.getByRole('meter', { name: 'Difficulty 4 of 5: Hard to spot' })).toHaveAttribute('aria-valuenow', '4');
    expect(first.getByText('English · French')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Your own')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'HR and payroll' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('category')).toBe('hr-payroll'));
  });

  it('says what to do when nothing matches', async () => {
    serveApi({ 'GET /api/phishing-templates/': () => list([]) });
    renderPageSignedIn(TemplateLibrary, '/configure/testing/');
    expect(await screen.findByText(/No template matches these filters/)).toBeInTheDocument();
  });

  it('previews a built-in in a frame that runs nothing, with its red flags, and offers a copy rather than an edit', async () => {
    serveApi({
      'GET /api/phishing-templates/': () => list(),
      [`GET /api/phishing-templates/${builtinId}/`]: () => json(buildTemplate()),
      [`GET /api/phishing-templates/${builtinId}/preview/`]: () => json(buildPreview()),
    });
    renderPageSignedIn(TemplateLibrary, '/configure/testing/');
    fireEvent.click((await screen.findAllByTestId('template-card'))[0]!.querySelector('button')!);
    const dialog = await screen.findByRole('dialog');
    const frame = await within(dialog).findByTitle('Preview of the lure as you would receive it');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Hello Marcus');
    expect(within(dialog).getByText('A deadline of today (Tactics)')).toBeInTheDocument();
    expect(within(dialog).getByText(/Built-in templates are read-only/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy to edit' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
  });

  it('marks a drafted lure “Draft — approve”, says a language model wrote it, and approves it', async () => {
    const draft = { status: 'draft' as const, source: 'generated' as const, can: { edit: true, copy: true, archive: true } };
    const calls = serveApi({
      'GET /api/phishing-templates/': () => list([buildSummary({ id: ownId, name: 'Supplier changed its bank details', ...draft })]),
      [`GET /api/phishing-templates/${ownId}/`]: () => json(buildTemplate({ id: ownId, name: 'Supplier changed its bank details', ...draft })),
      [`GET /api/phishing-templates/${ownId}/preview/`]: () => json(buildPreview()),
      [`POST /api/phishing-templates/${ownId}/approve/`]: () => json({ template: buildTemplate({ id: ownId, ...draft, status: 'active' }), changes: [] }),
    });
    renderPageSignedIn(TemplateLibrary, '/configure/testing/');
    const [card] = await screen.findAllByTestId('template-card');
    expect(card).toHaveTextContent('Draft — approve');
    fireEvent.click(card!.querySelector('button')!);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/A language model wrote this lure/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.pathname === `/api/phishing-templates/${ownId}/approve/`)).toBe(true));
  });

  it('imports an .eml into a draft and lists what the server changed', async () => {
    const draft = buildTemplate({ id: ownId, source: 'imported', status: 'draft', vector: 'email-link', landingPageId: null, can: { edit: true, copy: true, archive: true } });
    const calls = serveApi({
      'GET /api/phishing-templates/': () => list(),
      'GET /api/landing-pages/': () => json({ items: [] }),
      'POST /api/phishing-templates/import-eml/': () => json({ template: draft, changes: [{ field: 'html', change: '1 link now leads to {{link}}' }] }, 201),
    });
    renderPageSignedIn(TemplateLibrary, '/configure/testing/');
    await screen.findAllByTestId('template-card');
    fireEvent.change(screen.getByTestId('eml-input'), { target: { files: [new File(['From: a@b.example\r\n\r\nhi'], 'lure.eml', { type: 'message/rfc822' })] } });
    expect(await screen.findByText('1 link now leads to {{link}}')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Edit template' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toBeInstanceOf(Blob);
  });
});
