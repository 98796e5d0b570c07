import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serveApi } from '../../../testing/serve-api';
import { json, renderPageSignedIn } from '../../../testing/signed-in';
import { LandingPageList } from './landing-page-list';

afterEach(() => vi.unstubAllGlobals());

const pageId = '00000000-0000-4000-8000-0000000000aa';

describe('LandingPageList', () => {
  it('lists each page with what it asks for, and previews it in a frame that runs nothing', async () => {
    serveApi({
      'GET /api/landing-pages/': () =>
        json({ items: [{ id: pageId, source: 'builtin', name: 'Office sign-in', description: 'A cloud office sign-in lookalike.', languages: ['en_us'], fields: [{ name: 'email', kind: 'identifier' }, { name: 'password', kind: 'password' }] }] }),
      [`GET /api/landing-pages/${pageId}/preview/`]: () => json({ language: 'en_us', title: 'Sign in', html: '<!doctype html><title>Sign in</title><p>Northwind</p>' }),
    });
    renderPageSignedIn(LandingPageList, '/configure/testing/');
    const card = await screen.findByTestId('landing-page-card');
    expect(within(card).getByText('Asks for: user name or email, password')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Preview' }));
    const frame = await screen.findByTitle('Preview of the landing page Office sign-in');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Northwind');
  });

  it('says when there are no pages', async () => {
    serveApi({ 'GET /api/landing-pages/': () => json({ items: [] }) });
    renderPageSignedIn(LandingPageList, '/configure/testing/');
    expect(await screen.findByText(/No landing pages yet/)).toBeInTheDocument();
  });
});
