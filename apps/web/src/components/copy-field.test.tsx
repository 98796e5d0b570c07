import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CopyField } from './copy-field';

describe('CopyField', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('copies its value and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<CopyField label="Entity ID" value="https://vigil.example/saml" helperText="Paste it into your identity provider." testId="entity-id" />);
    expect(screen.getByTestId('entity-id')).toHaveValue('https://vigil.example/saml');
    expect(screen.getByText('Paste it into your identity provider.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy Entity ID' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('https://vigil.example/saml'));
    expect(await screen.findByRole('status')).toHaveTextContent('Copied Entity ID to the clipboard');
  });

  it('says when the browser refused, so the person copies it by hand', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    render(<CopyField label="Entity ID" value="https://vigil.example/saml" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Entity ID' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Could not copy; select the text and copy it yourself');
  });
});
