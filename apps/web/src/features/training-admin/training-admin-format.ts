import type { AssignmentStatus, TrainingAssignmentsQuery, TrainingModulesQuery } from '@vigil/contracts';

// The training admin's pure rules: what the API is asked, the due date's default, which
// assignments are still open. No React here, so they are tested without a browser.

/** The catalogue's length filter: modules of at most this many minutes. */
export const lengthChoices = [3, 5, 10] as const;

/** The catalogue's filters as the API reads them; empty ones left out. */
export const catalogueSearch = (filters: TrainingModulesQuery) => {
  const search = new URLSearchParams();
  if (filters.topic) search.set('topic', filters.topic);
  if (filters.language) search.set('language', filters.language);
  if (filters.maxMinutes) search.set('maxMinutes', String(filters.maxMinutes));
  const text = filters.search?.trim();
  if (text) search.set('search', text);
  return search.toString();
};

export type AssignmentFilters = Partial<Pick<TrainingAssignmentsQuery, 'status' | 'overdue' | 'moduleId' | 'search'>>;

/** The assignments' filters as the API reads them (the table and the CSV send the same); empty ones left out. */
export const assignmentsSearch = (filters: AssignmentFilters, extra: Record<string, string> = {}) => {
  const search = new URLSearchParams();
  for (const key of ['status', 'overdue', 'moduleId', 'search'] as const) {
    const value = filters[key]?.trim();
    if (value) search.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  return search.toString();
};

/** An assignment the person may still finish, and so the admin may still cancel. */
export const isOpen = (status: AssignmentStatus) => status === 'assigned' || status === 'in_progress';

/** How many days from today a new assignment is due unless the admin says otherwise. */
export const defaultDueInDays = 14;

const pad = (value: number) => String(value).padStart(2, '0');

/** A day on the admin's own calendar as a date input holds it (YYYY-MM-DD), `days` after `now`. */
export const dayAfter = (now: Date, days: number) => {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
};

/**
 * What a date input holds as the moment the API takes: the end of that day on the admin's clock
 * (so "due 14 May" leaves the whole of 14 May), in UTC without milliseconds; undefined when empty
 * or unreadable.
 */
export const dueAtOf = (day: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const end = new Date(year, month - 1, date, 23, 59, 59);
  if (end.getMonth() !== month - 1) return undefined;
  return end.toISOString().replace(/\.\d{3}Z$/, 'Z');
};
