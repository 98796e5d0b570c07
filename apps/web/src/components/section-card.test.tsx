import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { SectionCard } from './section-card';

describe('SectionCard', () => {
  it('is a region named by its heading, with its intro and content', () => {
    render(
      <>
        <SectionCard title="Profile" intro="Your name as your colleagues see it." testId="profile">
          <p>Form</p>
        </SectionCard>
        <SectionCard title="Password">
          <p>Other form</p>
        </SectionCard>
      </>,
    );

    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(profile).toHaveAttribute('data-testid', 'profile');
    expect(within(profile).getByRole('heading', { level: 2, name: 'Profile' })).toBeInTheDocument();
    expect(profile).toHaveTextContent('Your name as your colleagues see it.Form');
    // Each card names itself with an id of its own.
    expect(within(screen.getByRole('region', { name: 'Password' })).getByText('Other form')).toBeInTheDocument();
  });
});
