import { z } from 'zod';

// Text people type into one-line fields. Control characters (NUL, tabs, line breaks, the C1 codes)
// never belong in a name, a URL or an identifier, and PostgreSQL refuses NUL outright, which would
// otherwise surface as a server error instead of a field error.
const controlCharacter = /\p{Cc}/u;

export const hasControlCharacter = (text: string) => controlCharacter.test(text);

export const controlCharacterProblem = 'must not contain control characters such as tabs or line breaks';

/** The refinement that keeps control characters out of a one-line text field. */
export const withoutControlCharacters = [(text: string) => !hasControlCharacter(text), { error: controlCharacterProblem, abort: true }] as const;

/** The refinement that keeps NUL out of multi-line text and text kept in jsonb (PostgreSQL stores neither). */
export const withoutNul = [(text: string) => !text.includes('\u0000'), { error: 'must not contain NUL characters' }] as const;

/** A list's search box: trimmed, at most `max` characters, no control characters (NUL would reach PostgreSQL). */
export const searchTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine(...withoutControlCharacters);

export const personNameMaxLength = 100;

/** A first or last name: trimmed, 1 to 100 characters, one line. The same rule wherever a name is entered. */
export const personNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(personNameMaxLength, { error: `must be at most ${personNameMaxLength} characters` })
  .refine(...withoutControlCharacters);
