import { z } from 'zod';

// IANA time zones, as the runtime's own clock knows them: the server's Node and the browser each
// list theirs (the same database, perhaps a little older or newer), so a name one accepts the
// other understands too.

/** Every time zone a person or organisation may have: UTC first, then the runtime's IANA list. */
export const timeZoneNames: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((name) => name !== 'UTC')];

const listedByLowerCase = new Map(timeZoneNames.map((name) => [name.toLowerCase(), name]));

// Area/Location, as IANA names are: Europe/London, America/Argentina/Buenos_Aires, Etc/GMT+5.
const ianaShape = /^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/;

const resolvedZone = (name: string) => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/**
 * The name as it is to be stored, or undefined when it is no time zone. A listed name is spelt as
 * the list spells it ("europe/london" → "Europe/London"). An IANA link the list shows under its
 * other name is kept as given: Node lists India as Asia/Calcutta, while IANA (and most people) now
 * say Asia/Kolkata; both mean the same clock.
 */
export const canonicalTimeZone = (name: string): string | undefined => {
  const listed = listedByLowerCase.get(name.toLowerCase());
  if (listed) return listed;
  if (!ianaShape.test(name)) return undefined;
  const resolved = resolvedZone(name);
  return resolved && listedByLowerCase.has(resolved.toLowerCase()) ? name : undefined;
};

export const timeZoneProblem = 'must be an IANA time zone, like Europe/London or America/New_York';

/** An IANA time zone name (or UTC), spelt as the list spells it. */
export const timeZoneSchema = z
  .string({ error: timeZoneProblem })
  .trim()
  .max(64, { error: timeZoneProblem })
  .overwrite((name) => canonicalTimeZone(name) ?? name)
  .refine((name) => canonicalTimeZone(name) === name, { error: timeZoneProblem, abort: true })
  .meta({ description: 'An IANA time zone name, such as Europe/London, or UTC' });
