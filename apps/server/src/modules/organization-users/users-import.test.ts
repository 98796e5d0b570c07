import { describe, expect, it } from 'vitest';
import { type ImportContext, parseUsersCsv, planUsersImport } from './users-import.ts';

const context: ImportContext = {
  actor: { personId: '00000000-0000-4000-8000-000000000001', role: 'Superadmin' },
  facts: { activeSuperadmins: 1 },
  people: [],
  departments: [],
};

const plan = (csv: string) => planUsersImport(parseUsersCsv(csv).records, context);

describe('planUsersImport', () => {
  // Cells the database would refuse must be row errors, not a failed import.
  it.each([
    ['a start date before 1900', 'Ada,Byron,ada@example.com,,0000-01-01', 'start_date', 'Must be in the years 1900 to 2100.'],
    ['a start date after 2100', 'Ada,Byron,ada@example.com,,2101-01-01', 'start_date', 'Must be in the years 1900 to 2100.'],
    ['a start date that is no date', 'Ada,Byron,ada@example.com,,2024-13-01', 'start_date', 'Must be a date written as YYYY-MM-DD, like 2024-03-01.'],
    ['a NUL in a first name', 'A\u0000da,Byron,ada@example.com,,', 'first_name', 'Must not contain control characters such as tabs or line breaks.'],
    ['a line break in a last name', 'Ada,"By\nron",ada@example.com,,', 'last_name', 'Must not contain control characters such as tabs or line breaks.'],
    ['a NUL in a department', 'Ada,Byron,ada@example.com,Fin\u0000ance,', 'department', 'Must not contain control characters such as tabs or line breaks.'],
  ])('names the cell for %s', (_case, row, field, problem) => {
    const result = plan(`first_name,last_name,email,department,start_date\n${row}\n`);
    expect(result.rows[0]?.errors).toEqual([{ field, problem }]);
    expect(result.summary).toMatchObject({ create: 0, invalid: 1 });
    expect(result.newDepartments).toEqual([]);
  });

  it('accepts the first and last years of the range', () => {
    const result = plan('first_name,last_name,email,start_date\nAda,Byron,ada@example.com,1900-01-01\nMary,Shelley,mary@example.com,2100-12-31\n');
    expect(result.creates.map((c) => c.startDate)).toEqual(['1900-01-01', '2100-12-31']);
  });
});
