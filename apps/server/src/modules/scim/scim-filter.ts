import { type SQL, and, eq, or, sql } from 'drizzle-orm';
import { type Filter, parse } from 'scim2-parse-filter';
import { departments, people } from '@vigil/db';
import { ScimError } from './scim-errors.ts';
import { enterpriseSchema, userSchema } from './scim-users.presenter.ts';

const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');

/** Parses a `filter` with a well-kept SCIM filter parser. @throws ScimError 400 invalidFilter */
export const parseFilter = (query: string): Filter => {
  try {
    return parse(query);
  } catch (error) {
    throw invalidFilter(`The filter could not be read: ${error instanceof Error ? error.message : 'syntax error'}`);
  }
};

/** An attribute path without its schema prefix, lower case (SCIM attribute names are case-insensitive). */
const attributeOf = (path: string) => {
  let name = path;
  for (const schema of [enterpriseSchema, userSchema]) if (name.toLowerCase().startsWith(`${schema.toLowerCase()}:`)) name = name.slice(schema.length + 1);
  return name.toLowerCase();
};

const textValue = (value: unknown, attribute: string) => {
  if (typeof value !== 'string') throw invalidFilter(`${attribute} is compared with a string`);
  return value;
};

const caseInsensitive = (column: SQL | typeof people.email, value: string) => sql`lower(${column}) = ${value.toLowerCase()}`;

/**
 * The User filters identity providers send, as SQL over people: `userName`, `externalId`, `id`,
 * `emails.value` / `emails[type eq "work"].value`, `active`, `displayName`, joined with `and` / `or`.
 * Anything else is refused by name (400 invalidFilter) rather than answered wrongly.
 */
export const userFilterSql = (filter: Filter): SQL => {
  switch (filter.op) {
    case 'and':
    case 'or': {
      const parts = (filter as { filters: Filter[] }).filters.map(userFilterSql);
      return (filter.op === 'and' ? and(...parts) : or(...parts))!;
    }
    case '[]': {
      // emails[type eq "work"] alone (present), or with a value test inside.
      const { attrPath, valFilter } = filter as { attrPath: string; valFilter: Filter };
      if (attributeOf(attrPath) !== 'emails') throw invalidFilter(`Filtering inside ${attrPath} is not supported`);
      return emailsFilter(valFilter);
    }
    case 'eq': {
      const { attrPath, compValue } = filter as { attrPath: string; compValue: unknown };
      const attribute = attributeOf(attrPath);
      switch (attribute) {
        case 'username':
          return sql`lower(coalesce(${people.scimUserName}, ${people.email})) = ${textValue(compValue, attrPath).toLowerCase()}`;
        case 'externalid':
          return eq(people.externalId, textValue(compValue, attrPath));
        case 'id':
          return sql`${people.id}::text = ${textValue(compValue, attrPath).toLowerCase()}`;
        case 'emails':
        case 'emails.value':
          return caseInsensitive(people.email, textValue(compValue, attrPath));
        case 'active':
          if (typeof compValue !== 'boolean') throw invalidFilter('active is compared with true or false');
          return eq(people.isActive, compValue);
        case 'displayname':
          return sql`lower(${people.firstName} || ' ' || ${people.lastName}) = ${textValue(compValue, attrPath).toLowerCase()}`;
        default:
          throw invalidFilter(`Filtering on ${attrPath} is not supported; use userName, externalId, id, emails or active`);
      }
    }
    default:
      throw invalidFilter(`The operator ${filter.op} is not supported; use eq, and, or`);
  }
};

/** The test inside emails[…]: a type (work) and/or the address. */
const emailsFilter = (inner: Filter): SQL => {
  if (inner.op === 'and') return and(...(inner as { filters: Filter[] }).filters.map(emailsFilter))!;
  if (inner.op !== 'eq') throw invalidFilter(`The operator ${inner.op} is not supported inside emails[…]`);
  const { attrPath, compValue } = inner as { attrPath: string; compValue: unknown };
  // Every person has one address, of type work: a type test keeps them all (or none).
  if (attrPath.toLowerCase() === 'type') return compValue === 'work' ? sql`true` : sql`false`;
  if (attrPath.toLowerCase() === 'value') return caseInsensitive(people.email, textValue(compValue, 'emails.value'));
  throw invalidFilter(`Filtering on emails.${attrPath} is not supported`);
};

/**
 * The Group filters identity providers send: `displayName`, `externalId`, `id`, and membership
 * (`members[value eq "…"]`, `members.value eq "…"`), joined with `and` / `or`.
 */
export const groupFilterSql = (filter: Filter): SQL => {
  switch (filter.op) {
    case 'and':
    case 'or': {
      const parts = (filter as { filters: Filter[] }).filters.map(groupFilterSql);
      return (filter.op === 'and' ? and(...parts) : or(...parts))!;
    }
    case '[]': {
      const { attrPath, valFilter } = filter as { attrPath: string; valFilter: Filter };
      if (attrPath.toLowerCase() !== 'members' || valFilter.op !== 'eq' || (valFilter as { attrPath: string }).attrPath.toLowerCase() !== 'value') {
        throw invalidFilter(`Filtering inside ${attrPath} is supported only as members[value eq "…"]`);
      }
      return memberOf(textValue((valFilter as { compValue: unknown }).compValue, 'members.value'));
    }
    case 'eq': {
      const { attrPath, compValue } = filter as { attrPath: string; compValue: unknown };
      switch (attrPath.toLowerCase()) {
        case 'displayname':
          return caseInsensitive(departments.name as never, textValue(compValue, attrPath));
        case 'externalid':
          return eq(departments.externalId, textValue(compValue, attrPath));
        case 'id':
          return sql`${departments.id}::text = ${textValue(compValue, attrPath).toLowerCase()}`;
        case 'members.value':
          return memberOf(textValue(compValue, attrPath));
        default:
          throw invalidFilter(`Filtering on ${attrPath} is not supported; use displayName, externalId, id or members`);
      }
    }
    default:
      throw invalidFilter(`The operator ${filter.op} is not supported; use eq, and, or`);
  }
};

const memberOf = (personId: string) =>
  sql`exists (select 1 from ${people} where ${people.organizationId} = ${departments.organizationId} and ${people.departmentId} = ${departments.id} and ${people.id}::text = ${personId.toLowerCase()} and ${people.scimDeletedAt} is null)`;
