import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { ChoicesField } from './choices-field';

const departments = [
  { id: 'd1', name: 'Finance' },
  { id: 'd2', name: 'Sales' },
];

const Field = ({ error }: { error?: string }) => {
  const [ids, setIds] = useState<string[]>(['d2']);
  return (
    <>
      <ChoicesField label="Departments" options={departments} loading={false} value={ids} onChange={setIds} error={error} helperText="Everyone when empty" />
      <output>{ids.join(',')}</output>
    </>
  );
};

describe('ChoicesField', () => {
  it('shows the chosen by name and gives back their ids', () => {
    render(<Field />);
    expect(screen.getByRole('button', { name: 'Sales' })).toBeInTheDocument();
    expect(screen.getByText('Everyone when empty')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Departments' }));
    fireEvent.click(screen.getByRole('option', { name: 'Finance' }));
    expect(screen.getByText('d2,d1')).toBeInTheDocument();
  });

  it('shows its problem instead of its help', () => {
    render(<Field error="Choose a department of your organization" />);
    expect(screen.getByText('Choose a department of your organization')).toBeInTheDocument();
    expect(screen.queryByText('Everyone when empty')).not.toBeInTheDocument();
  });
});
