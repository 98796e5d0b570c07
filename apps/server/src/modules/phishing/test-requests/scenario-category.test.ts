import { describe, expect, it } from 'vitest';
import { categoryForScenario } from './scenario-category.ts';

describe('the category of a custom request', () => {
  it.each([
    ['A fake email from our CFO asking an assistant to buy gift cards for a client event', 'executive-bec'],
    ['Supplier says their bank details changed and the overdue invoice must be paid to the new account', 'finance-invoices'],
    ['Payroll notice: your salary is on hold until you confirm your payslip details', 'hr-payroll'],
    ['Repeated MFA push prompts followed by a call asking to approve the authenticator request', 'mfa-fatigue'],
    ['The courier could not deliver a parcel and asks for a small customs fee', 'deliveries'],
    ['A colleague shared a contract PDF to sign in the shared drive', 'file-sharing'],
    ['Your licence for the meeting app will be reclaimed unless you confirm', 'saas-notifications'],
    ['The service desk says the password expires today; sign in to keep it', 'it-password'],
  ])('%s → %s', (scenario, category) => {
    expect(categoryForScenario(scenario)).toBe(category);
  });

  it('falls back to it-password when nothing matches, and matches whole words only', () => {
    expect(categoryForScenario('Something about three tigers in the garden')).toBe('it-password');
    expect(categoryForScenario('Thrown away chairs')).toBe('it-password');
  });
});
