import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { TimeZoneField } from './time-zone-field';

const Field = ({ initial = null, emptyLabel }: { initial?: string | null; emptyLabel?: string }) => {
  const [zone, setZone] = useState<string | null>(initial);
  return (
    <>
      <TimeZoneField value={zone} onChange={setZone} label="Time zone" emptyLabel={emptyLabel} noOptionsText="No time zone found" />
      <output>{zone ?? 'none'}</output>
    </>
  );
};

const type = (text: string) => {
  const input = screen.getByRole('combobox', { name: 'Time zone' });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  return input;
};

describe('TimeZoneField', () => {
  it('finds a zone by its city as people write it, shows its offset, and gives its IANA name', () => {
    render(<Field initial="UTC" />);
    type('sao paulo');
    const option = screen.getByRole('option', { name: /^America\/Sao Paulo/ });
    expect(option).toHaveTextContent(/GMT[−-]3/);
    fireEvent.click(option);
    expect(screen.getByRole('status')).toHaveTextContent('America/Sao_Paulo');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Sao Paulo');
  });

  it('offers the empty choice first, under the words given for it', () => {
    render(<Field initial="Europe/Paris" emptyLabel="Organization default (Europe/London)" />);
    type('organization');
    fireEvent.click(screen.getByRole('option', { name: 'Organization default (Europe/London)' }));
    expect(screen.getByRole('status')).toHaveTextContent('none');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Organization default (Europe/London)');
  });

  it('shows a stored zone this browser lists under its other name', () => {
    render(<Field initial="Asia/Kolkata" />);
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Kolkata');
  });

  it('says when nothing matches', () => {
    render(<Field initial="UTC" />);
    type('Atlantis');
    expect(screen.getByText('No time zone found')).toBeInTheDocument();
  });
});
