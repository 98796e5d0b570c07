import { createHash } from 'node:crypto';
import { templateLanguages } from '@vigil/contracts';
import type { Person } from '@vigil/db';
import { invalidValue } from './scim-errors.ts';

export const userSchema = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const enterpriseSchema = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const groupSchema = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const listSchema = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** A weak ETag of a resource as it reads (without its meta): it changes exactly when the resource does. */
export const versionOf = (resource: Record<string, unknown>) => {
  const { meta: _meta, ...content } = resource;
  return `W/"${createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 22)}"`;
};

/** SCIM's language tag (en-US) for a learning language (en_us), and back; other tags have no learning language. */
const tagOf = (code: string) => code.replace('_', '-').replace(/-([a-z]+)$/, (_, region: string) => `-${region.toUpperCase()}`);
export const learningLanguageOf = (tag: unknown) => {
  if (typeof tag !== 'string') return null;
  const code = tag.trim().replace('-', '_').toLowerCase();
  return (templateLanguages as readonly string[]).includes(code) ? code : null;
};

export type UserView = Person & { departmentName: string | null; managerName: string | null };

/** A person as a SCIM User (core and enterprise schemas). */
export const presentUser = (person: UserView, baseUrl: string) => {
  const resource: Record<string, unknown> = {
    schemas: [userSchema, enterpriseSchema],
    id: person.id,
    ...(person.externalId ? { externalId: person.externalId } : {}),
    userName: person.scimUserName ?? person.email,
    name: { givenName: person.firstName, familyName: person.lastName, formatted: `${person.firstName} ${person.lastName}`.trim() },
    displayName: `${person.firstName} ${person.lastName}`.trim(),
    active: person.isActive,
    emails: [{ value: person.email, type: 'work', primary: true }],
    ...(person.jobTitle ? { title: person.jobTitle } : {}),
    ...(person.phone ? { phoneNumbers: [{ value: person.phone, type: 'work' }] } : {}),
    ...(person.timeZone ? { timezone: person.timeZone } : {}),
    ...(person.preferredLanguage ? { preferredLanguage: tagOf(person.preferredLanguage) } : {}),
    [enterpriseSchema]: {
      ...(person.employeeNumber ? { employeeNumber: person.employeeNumber } : {}),
      ...(person.departmentName ? { department: person.departmentName } : {}),
      ...(person.managerId ? { manager: { value: person.managerId, $ref: `${baseUrl}/Users/${person.managerId}`, ...(person.managerName ? { displayName: person.managerName } : {}) } } : {}),
    },
  };
  return {
    ...resource,
    meta: { resourceType: 'User', created: person.createdAt.toISOString(), lastModified: person.updatedAt.toISOString(), location: `${baseUrl}/Users/${person.id}`, version: versionOf(resource) },
  };
};

/** What Vigil keeps of a SCIM User, read from a create, a replace or a patched resource. */
export type UserInput = {
  email: string;
  userName: string;
  externalId: string | null;
  firstName: string;
  lastName: string;
  /** Undefined: not said (a PUT without `active` leaves the person as they are, as Okta's wizard apps expect). */
  active: boolean | undefined;
  jobTitle: string | null;
  phone: string | null;
  timeZone: string | null;
  preferredLanguage: string | null;
  employeeNumber: string | null;
  departmentName: string | null;
  managerId: string | null;
};

/**
 * A text attribute, trimmed; one longer than Vigil keeps is refused by name rather than cut (a cut
 * externalId or userName would never match the client's next lookup).
 */
const text = (value: unknown, max = 256, name = 'value') => {
  if (typeof value !== 'string' || !value.trim()) return null;
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalidValue(`${name} must be at most ${max} characters`);
  return trimmed;
};
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Entra ID's default mode sends booleans as the strings "True" and "False". */
export const booleanOf = (value: unknown) => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  return undefined;
};

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

type Multi = { value?: unknown; type?: unknown; primary?: unknown }[];
/** The work (else primary, else first) value of a multi-valued attribute. */
const pick = (values: unknown) => {
  if (!Array.isArray(values)) return null;
  const items = (values as Multi).filter((item) => item && typeof item === 'object');
  const chosen = items.find((item) => item.type === 'work') ?? items.find((item) => booleanOf(item.primary)) ?? items[0];
  return text(chosen?.value, 254, 'a multi-valued value');
};

/**
 * Reads a User resource. The email is the work (or primary) address, else a userName that is an
 * address; names default from the address. Values Vigil cannot use (an unknown time zone, a phone
 * not in E.164, a language without lessons) are left out rather than refusing the person.
 * @throws ScimError 400 invalidValue when there is no email address or userName
 */
export const readUserInput = (resource: Record<string, unknown>): UserInput => {
  const userName = text(resource.userName, 256, 'userName');
  if (!userName) throw invalidValue('userName is required');
  const email = pick(resource.emails) ?? userName;
  if (email.length > 254 || !emailPattern.test(email)) throw invalidValue('an email address is required: emails[type eq "work"].value, or a userName that is one');
  const objectOf = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
  const name = objectOf(resource.name);
  const enterprise = objectOf(resource[enterpriseSchema]);
  const manager = enterprise.manager;
  const managerId = typeof manager === 'string' ? text(manager, 64, 'manager') : text(objectOf(manager).value, 64, 'manager.value');
  const phone = pick(resource.phoneNumbers)?.replace(/[\s().-]/g, '') ?? null;
  const timeZone = text(resource.timezone, 64, 'timezone');
  const displayName = text(resource.displayName, 200, 'displayName');
  return {
    email,
    userName,
    externalId: text(resource.externalId, 256, 'externalId'),
    firstName: text(name.givenName, 100, 'name.givenName') ?? displayName?.split(' ')[0]?.slice(0, 100) ?? email.split('@')[0]!.slice(0, 100),
    lastName: text(name.familyName, 100, 'name.familyName') ?? (displayName?.includes(' ') ? displayName.slice(displayName.indexOf(' ') + 1).slice(0, 100) : ''),
    active: booleanOf(resource.active),
    jobTitle: text(resource.title, 200, 'title'),
    phone: phone && /^\+[1-9]\d{6,14}$/.test(phone) ? phone : null,
    timeZone: timeZone && isTimeZone(timeZone) ? timeZone : null,
    preferredLanguage: learningLanguageOf(resource.preferredLanguage),
    employeeNumber: text(enterprise.employeeNumber, 100, 'employeeNumber'),
    departmentName: text(enterprise.department, 100, 'department'),
    managerId,
  };
};
