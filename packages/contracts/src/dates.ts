import { z } from 'zod';

// Every date and date-time the API reads or writes, in one home. Years 0001 to 9999: ISO 8601
// without extended years, and inside what PostgreSQL's date and timestamp hold (it has no year
// 0000, which zod's patterns accept as a leap year and the database refused with a 500).
const notYearZero = '(?!0000)';
const withinYears = (pattern: RegExp) => new RegExp(`^${notYearZero}${pattern.source.slice(1)}`);

export const isoDateProblem = 'must be a date written as YYYY-MM-DD, in the years 0001 to 9999';
export const isoDateTimeProblem = 'must be an ISO 8601 date and time in UTC, such as 2026-01-31T09:00:00Z, in the years 0001 to 9999';

/** A calendar day, YYYY-MM-DD (`format: date` in the OpenAPI document, with the exact pattern). */
export const isoDateSchema = z.stringFormat('date', withinYears(z.regexes.date), { error: isoDateProblem, abort: true });

/** A moment in UTC, YYYY-MM-DDThh:mm:ss[.fraction]Z (`format: date-time`, with the exact pattern). */
export const isoDateTimeSchema = z.stringFormat('date-time', withinYears(z.regexes.datetime({})), { error: isoDateTimeProblem, abort: true });
