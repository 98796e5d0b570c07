import { type PersonLanguage, personLanguages } from '@vigil/contracts';
import type { GoogleOrgUnit, GoogleUser } from './google-directory.client.ts';

/** A Google Workspace user as the sync maps it onto a person. */
export type DirectoryUser = {
  googleUserId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Suspended or archived in Google: the person is deactivated. */
  active: boolean;
  jobTitle: string | null;
  departmentName: string | null;
  managerEmail: string | null;
  phone: string | null;
  preferredLanguage: PersonLanguage | null;
  employeeNumber: string | null;
  enrolledIn2Sv: boolean;
};

type Item = Record<string, unknown>;
const items = (value: unknown): Item[] => (Array.isArray(value) ? value.filter((item): item is Item => Boolean(item) && typeof item === 'object') : []);
const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);

// Each base language has one learning language; a regional tag that is one (pt-BR) is taken as it is.
const learningLanguageByBase = new Map(personLanguages.map((code) => [code.split('_')[0]!, code]));

/** A Google language code (en, en-GB, pt-BR) as a learning language, or null when there are no lessons in it. */
export const learningLanguageOf = (code: string | null): PersonLanguage | null => {
  if (!code) return null;
  const tag = code.trim().toLowerCase().replace('-', '_');
  if ((personLanguages as readonly string[]).includes(tag)) return tag as PersonLanguage;
  return learningLanguageByBase.get(tag.split('_')[0]!) ?? null;
};

/** A phone number in E.164 once the spaces, dashes and brackets people type are dropped; null otherwise. */
export const e164Of = (value: string | null) => {
  const phone = value?.replace(/[\s().-]/g, '') ?? '';
  return /^\+[1-9]\d{3,14}$/.test(phone) ? phone : null;
};

/**
 * The department a user belongs to. The rule, in order:
 * 1. the `department` of their primary organization (else their first one), when Google has one:
 *    what an admin typed for the person wins over where the account sits;
 * 2. otherwise the name of their org unit: the last segment of `orgUnitPath` (/Sales/EMEA → EMEA),
 *    as orgunits.list names it;
 * 3. a user at the root (/) has no department.
 */
export const departmentOf = (user: GoogleUser, orgUnitNames: ReadonlyMap<string, string>) => {
  const organizations = items(user.organizations);
  const organization = organizations.find((item) => item.primary === true) ?? organizations[0];
  const department = text(organization?.department, 100);
  if (department) return department;
  const path = text(user.orgUnitPath, 1000);
  if (!path || path === '/') return null;
  return (orgUnitNames.get(path) ?? path.split('/').filter(Boolean).at(-1) ?? '').slice(0, 100) || null;
};

/** Org unit path → its name, from orgunits.list. */
export const orgUnitNamesOf = (units: readonly GoogleOrgUnit[]) => new Map(units.filter((unit) => unit.orgUnitPath && unit.name).map((unit) => [unit.orgUnitPath!, unit.name!]));

/**
 * Reads one users.list entry (projection=full). The manager is the `relations` entry of type
 * manager (an email address, resolved to a person once every user is known); the title is the
 * primary organization's; the phone the primary one, else the work one, else the first, kept only
 * in E.164; the language the preferred one with lessons; the employee number the externalIds
 * entry of type organization (Google's "Employee ID").
 * @returns undefined for an entry without an id or address (nothing to match it by)
 */
export const readDirectoryUser = (user: GoogleUser, orgUnitNames: ReadonlyMap<string, string>): DirectoryUser | undefined => {
  const email = text(user.primaryEmail, 254)?.toLowerCase();
  const googleUserId = text(user.id, 100);
  if (!email || !googleUserId) return undefined;
  const organizations = items(user.organizations);
  const organization = organizations.find((item) => item.primary === true) ?? organizations[0];
  const phones = items(user.phones);
  const phone = phones.find((item) => item.primary === true) ?? phones.find((item) => item.type === 'work') ?? phones[0];
  const languages = items(user.languages).filter((item) => typeof item.languageCode === 'string');
  const language = languages.find((item) => item.preference === 'preferred') ?? languages.find((item) => item.preference !== 'not_preferred');
  const manager = items(user.relations).find((item) => item.type === 'manager');
  const managerEmail = text(manager?.value, 254)?.toLowerCase() ?? null;
  return {
    googleUserId,
    email,
    firstName: text(user.name?.givenName, 100) ?? email.split('@')[0]!.slice(0, 100),
    lastName: text(user.name?.familyName, 100) ?? '',
    active: user.suspended !== true && user.archived !== true,
    jobTitle: text(organization?.title, 200),
    departmentName: departmentOf(user, orgUnitNames),
    managerEmail: managerEmail && managerEmail !== email ? managerEmail : null,
    phone: e164Of(text(phone?.value, 40)),
    preferredLanguage: learningLanguageOf(text(language?.languageCode, 20)),
    employeeNumber: text(items(user.externalIds).find((item) => item.type === 'organization')?.value, 100),
    enrolledIn2Sv: user.isEnrolledIn2Sv === true,
  };
};
