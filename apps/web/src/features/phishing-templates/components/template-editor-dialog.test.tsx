import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serveApi } from '../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../testing/signed-in';
import { buildTemplate, ownId } from '../testing';
import { TemplateEditorDialog } from './template-editor-dialog';

afterEach(() => vi.unstubAllGlobals());

const own = buildTemplate({ id: ownId, source: 'custom', vector: 'email-link', landingPageId: null, can: { edit: true, copy: true, archive: true } });

describe('TemplateEditorDialog', () => {
  it('refuses a control character in the subject on the field, before asking the server', async () => {
    const calls = serveApi({ 'GET /api/landing-pages/': () => json({ items: [] }) });
    renderPageSignedIn(() => <TemplateEditorDialog template={own} onClose={() => {}} onSaved={() => {}} />, '/configure/testing/');
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    const subject = within(dialog).getByRole('textbox', { name: 'Subject' });
    // A one-line field drops a pasted line break itself; a tab shows the same rule at work.
    fireEvent.change(subject, { target: { value: 'Hi\tBcc: all@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('must not contain control characters such as tabs or line breaks')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('shows the HTML in a live preview that runs nothing, and saves the changed words', async () => {
    const onSaved = vi.fn();
    const calls = serveApi({
      'GET /api/landing-pages/': () => json({ items: [] }),
      [`PATCH /api/phishing-templates/${ownId}/`]: () => json({ template: own, changes: [] }),
    });
    renderPageSignedIn(() => <TemplateEditorDialog template={own} onClose={() => {}} onSaved={onSaved} />, '/configure/testing/');
    const dialog = await screen.findByRole('dialog', { name: 'Edit template' });
    const body = within(dialog).getByRole('textbox', { name: 'HTML body' });
    fireEvent.change(body, { target: { value: '<p>New words <a href="{{link}}">here</a></p>' } });
    const frame = within(dialog).getByTitle('Live preview of the HTML body');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('New words');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a red flag' }));
    fireEvent.change(within(dialog).getAllByRole('textbox', { name: 'Title' }).at(-1)!, { target: { value: 'An odd sender' } });
    fireEvent.change(within(dialog).getAllByRole('textbox', { name: 'Explanation' }).at(-1)!, { target: { value: 'The domain is not quite yours.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const sent = calls.find((call) => call.method === 'PATCH')!.body as { texts: { en_us: { html: string; redFlags: unknown[] } } };
    expect(sent.texts.en_us.html).toBe('<p>New words <a href="{{link}}">here</a></p>');
    expect(sent.texts.en_us.redFlags).toHaveLength(2);
  });
});
