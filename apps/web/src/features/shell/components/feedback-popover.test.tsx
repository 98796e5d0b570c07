import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeAuthSdk } from '../../../testing/fake-auth-sdk';
import { json } from '../../../testing/signed-in';
import { renderRoutes } from '../../../testing/test-utils';
import { FeedbackPopover } from './feedback-popover';

const feedbackResult = { id: '7d1f0a9e-3c2b-4e5f-8a6b-9c0d1e2f3a4b', created_at: '2026-01-05T10:00:00.000Z' };

const renderFeedback = (server: typeof fetch) => {
  vi.stubGlobal('fetch', vi.fn(server));
  const fake = createFakeAuthSdk();
  fake.signIn(undefined, 'session.jwt');
  renderRoutes([{ path: '/', Component: FeedbackPopover }], '/', { sdk: fake.sdk });
  fireEvent.click(screen.getByRole('button', { name: 'Feedback' }));
  const dialog = screen.getByRole('dialog', { name: 'Send feedback' });
  return {
    dialog,
    field: within(dialog).getByRole('textbox', { name: 'Your feedback' }),
    submit: within(dialog).getByRole('button', { name: 'Submit' }),
    fetchMock: vi.mocked(fetch),
  };
};

describe('FeedbackPopover', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens a dialog with a required six-row field and its placeholder', () => {
    const { field } = renderFeedback(async () => json(feedbackResult));

    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAttribute('rows', '6');
    expect(field).toHaveAttribute('placeholder', 'Enter your feedback or question');
    expect(field).toBeRequired();
    expect(field).toHaveFocus();
    // The rest of the page is hidden from assistive technology while the dialog is open.
    expect(screen.getByRole('button', { name: 'Feedback', hidden: true })).toHaveAttribute('aria-expanded', 'true');
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   \n  '],
  ])('shows the error state and sends nothing when the message is %s', (_, message) => {
    const { field, submit, fetchMock } = renderFeedback(async () => json(feedbackResult));

    fireEvent.change(field, { target: { value: message } });
    fireEvent.click(submit);

    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Write your feedback or question before submitting.');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: 'A' } });
    expect(field).toHaveAttribute('aria-invalid', 'false');
  });

  it('posts the message with the session token, shows a spinner meanwhile, then thanks and clears', async () => {
    let answer: (response: Response) => void = () => {};
    const { dialog, field, submit, fetchMock } = renderFeedback(() => new Promise((resolve) => (answer = resolve)));

    fireEvent.change(field, { target: { value: '  The training video stutters.  ' } });
    fireEvent.click(submit);

    expect(await within(submit).findByRole('progressbar')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/submit-feedback/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ message: 'The training video stutters.' });
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer session.jwt');

    answer(json(feedbackResult));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Thank you. Your feedback was sent.');
    expect(field).toHaveValue('');
    expect(within(submit).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('keeps the message and says so when the server refuses it', async () => {
    const { dialog, field, submit } = renderFeedback(async () =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'message must not be empty' } }, 400),
    );

    fireEvent.change(field, { target: { value: 'Please add a dark mode.' } });
    fireEvent.click(submit);

    expect(await within(dialog).findByTestId('feedback-failed')).toHaveTextContent('could not be sent');
    expect(field).toHaveValue('Please add a dark mode.');
  });
});
