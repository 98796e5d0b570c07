// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { assignmentsSearch, catalogueSearch, dayAfter, dueAtOf, isOpen } from './training-admin-format';

describe('the training admin rules', () => {
  it('asks the catalogue only for the filters that are set', () => {
    expect(catalogueSearch({})).toBe('');
    expect(catalogueSearch({ topic: 'passwords', language: 'de_de', maxMinutes: 5, search: '  wifi ' })).toBe('topic=passwords&language=de_de&maxMinutes=5&search=wifi');
    expect(catalogueSearch({ search: '   ' })).toBe('');
  });

  it('sends the assignments’ filters, then the paging or the CSV format', () => {
    expect(assignmentsSearch({ status: 'in_progress', overdue: 'true', search: ' ada ' }, { limit: '50', cursor: 'abc' })).toBe('status=in_progress&overdue=true&search=ada&limit=50&cursor=abc');
    expect(assignmentsSearch({ moduleId: '' }, { format: 'csv' })).toBe('format=csv');
  });

  it('counts only assigned and started assignments as open', () => {
    expect(['assigned', 'in_progress', 'completed', 'failed', 'cancelled'].filter((status) => isOpen(status as never))).toEqual(['assigned', 'in_progress']);
  });

  it('defaults the due day 14 days on, across a month’s end', () => {
    expect(dayAfter(new Date(2026, 0, 25, 18, 30), 14)).toBe('2026-02-08');
  });

  it('turns a due day into the end of that day on the admin’s clock, in UTC', () => {
    expect(dueAtOf('2026-02-08')).toBe(new Date(2026, 1, 8, 23, 59, 59).toISOString().replace('.000Z', 'Z'));
    expect(dueAtOf('')).toBeUndefined();
    expect(dueAtOf('2026-02-31')).toBeUndefined();
  });
});
