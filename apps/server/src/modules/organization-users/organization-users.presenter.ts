import { stringify } from 'csv-stringify/sync';
import { type AdminRole, type OrganizationAdmin, type OrganizationUser, type PersonLanguage, type UsersImportColumn, personLanguages } from '@vigil/contracts';
import { neutraliseCsvCell } from '../../lib/csv-cell.ts';
import { type Actor, type OrganizationFacts, userAbilities } from './organization-users.policy.ts';
import type { ListedPerson } from './organization-users.repository.ts';

// The column is text; only the contract's codes are ever written to it.
const languageOf = (code: string | null) => (personLanguages as readonly string[]).includes(code ?? '') ? (code as PersonLanguage) : null;

export const presentUser = (person: ListedPerson, actor: Actor, facts: OrganizationFacts): OrganizationUser => ({
  id: person.id,
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  role: person.role,
  department: person.departmentId && person.departmentName !== null ? { id: person.departmentId, name: person.departmentName } : null,
  manager:
    person.managerId && person.managerEmail !== null
      ? { id: person.managerId, name: `${person.managerFirstName} ${person.managerLastName}`, email: person.managerEmail }
      : null,
  startDate: person.startDate,
  jobTitle: person.jobTitle,
  phone: person.phone,
  timeZone: person.timeZone,
  preferredLanguage: languageOf(person.preferredLanguage),
  isActive: person.isActive,
  source: person.source,
  isYou: person.id === actor.personId,
  can: userAbilities(actor, person, facts),
});

export const presentAdmin = (person: ListedPerson & { role: AdminRole }, actor: Actor, facts: OrganizationFacts): OrganizationAdmin => {
  const can = userAbilities(actor, person, facts);
  return {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    role: person.role,
    isActive: person.isActive,
    isYou: person.id === actor.personId,
    can: { changeRole: can.changeRole, remove: can.changeRole },
  };
};

/**
 * The export's columns: the import's, so an exported file can be edited and imported again, plus
 * status (which the import ignores). Columns added later go after status, so a script that reads
 * the older file by position still finds what it expects.
 */
const exportColumns: (UsersImportColumn | 'status')[] = [
  'first_name',
  'last_name',
  'email',
  'role',
  'department',
  'manager_email',
  'start_date',
  'status',
  'job_title',
  'phone',
  'time_zone',
  'language',
];

/** People as a CSV download, with cells a spreadsheet would run as formulas neutralised (a phone's + among them). */
export const usersAsCsv = (list: ListedPerson[]) =>
  stringify(
    list.map((p) =>
      [
        p.firstName,
        p.lastName,
        p.email,
        p.role,
        p.departmentName ?? '',
        p.managerEmail ?? '',
        p.startDate ?? '',
        p.isActive ? 'active' : 'inactive',
        p.jobTitle ?? '',
        p.phone ?? '',
        p.timeZone ?? '',
        p.preferredLanguage ?? '',
      ].map(neutraliseCsvCell),
    ),
    { header: true, columns: exportColumns },
  );
