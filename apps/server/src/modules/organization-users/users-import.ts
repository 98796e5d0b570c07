import { CsvError, parse } from 'csv-parse/sync';
import {
  type Role,
  type UsersImportColumn,
  type UsersImportIssue,
  type UsersImportPreview,
  type UsersImportRow,
  calendarDateSchema,
  calendarDateYearProblem,
  controlCharacterProblem,
  departmentNameMaxLength,
  hasControlCharacter,
  personEmailSchema,
  personNameMaxLength,
  roles,
  usersImportColumns,
  usersImportLimits,
  usersImportRequiredColumns,
} from '@vigil/contracts';
import { restoreCsvCell } from '../../lib/csv-cell.ts';
import { type Actor, type OrganizationFacts, refuseEdit, refuseNewPersonRole, refuseRoleChange } from './organization-users.policy.ts';
import type { PersonForImport } from './organization-users.repository.ts';

// Reading a users CSV and working out, row by row, what importing it would do. No I/O: the service
// gathers the organisation's people and departments, this decides.

export type ImportRecord = { line: number; cells: Record<UsersImportColumn, string> };
export type ParsedUsersCsv = { columns: Set<UsersImportColumn>; ignoredColumns: string[]; records: ImportRecord[] };

/** A problem with the file as a whole: no row is looked at. */
export class UsersCsvProblem extends Error {}

const normaliseHeader = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

// Spreadsheets in many locales save "CSV" with semicolons (or tabs); the header line tells which.
const detectDelimiter = (csv: string) => {
  const firstLine = csv.slice(0, csv.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
};

/**
 * Reads the file: a header row naming the columns (any case, spaces allowed), then one person per row.
 * @throws UsersCsvProblem when the file is too big, unreadable, lacks a required column or has too many rows.
 */
export const parseUsersCsv = (csv: string): ParsedUsersCsv => {
  if (Buffer.byteLength(csv, 'utf8') > usersImportLimits.maxBytes) {
    throw new UsersCsvProblem(`The file is larger than ${usersImportLimits.maxBytes / 1024 / 1024} MB; split it into smaller files.`);
  }
  let table: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ends in the file; the types do not say so.
    table = parse(csv, {
      bom: true,
      delimiter: detectDelimiter(csv.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof table;
  } catch (error) {
    if (error instanceof CsvError) throw new UsersCsvProblem(`The file could not be read as CSV: ${error.message}`);
    throw error;
  }
  const [header, ...body] = table;
  if (!header) throw new UsersCsvProblem('The file is empty. The first row must name the columns, e.g. first_name,last_name,email.');

  const indexOf = new Map<UsersImportColumn, number>();
  const ignoredColumns: string[] = [];
  header.record.forEach((cell, index) => {
    const name = normaliseHeader(cell);
    if (!(usersImportColumns as readonly string[]).includes(name)) {
      if (cell.trim()) ignoredColumns.push(cell.trim());
      return;
    }
    if (indexOf.has(name as UsersImportColumn)) throw new UsersCsvProblem(`The header names the column ${name} twice.`);
    indexOf.set(name as UsersImportColumn, index);
  });
  const missing = usersImportRequiredColumns.filter((column) => !indexOf.has(column));
  if (missing.length) {
    throw new UsersCsvProblem(
      `The first row must name the columns ${usersImportRequiredColumns.join(', ')}; it lacks ${missing.join(', ')}. Optional columns: role, department, manager_email, start_date.`,
    );
  }

  const records = body
    .map(({ record, info }) => ({
      line: info.lines,
      cells: Object.fromEntries(
        usersImportColumns.map((column) => {
          const index = indexOf.get(column);
          return [column, index === undefined ? '' : restoreCsvCell((record[index] ?? '').trim())];
        }),
      ) as Record<UsersImportColumn, string>,
    }))
    // A row of empty cells (",,,") is a blank line to a person.
    .filter((row) => Object.values(row.cells).some((cell) => cell !== ''));
  if (!records.length) throw new UsersCsvProblem('The file has a header but no people under it.');
  if (records.length > usersImportLimits.maxRows) {
    throw new UsersCsvProblem(`The file has ${records.length} people; at most ${usersImportLimits.maxRows} can be imported at once. Split it into smaller files.`);
  }
  return { columns: new Set(indexOf.keys()), ignoredColumns, records };
};

export type ImportContext = {
  actor: Actor;
  facts: OrganizationFacts;
  people: PersonForImport[];
  departments: { id: string; name: string }[];
  /** Who in the authentication provider already signs in with each email of the file (lower case → user id). */
  loginOwnerByEmail: Map<string, string>;
};

/** Where a department or manager comes from: an existing row, or one the import creates first. */
export type DepartmentRef = { id: string } | { newName: string };
export type ManagerRef = { personId: string } | { newPersonEmail: string };

export type PlannedCreate = {
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  department: DepartmentRef | null;
  manager: ManagerRef | null;
  startDate: string | null;
};

export type PlannedUpdate = {
  line: number;
  person: PersonForImport;
  set: Partial<{ firstName: string; lastName: string; role: Role; department: DepartmentRef; manager: ManagerRef; startDate: string }>;
};

export type UsersImportPlan = Omit<UsersImportPreview, 'ignoredColumns'> & { creates: PlannedCreate[]; updates: PlannedUpdate[] };

const lower = (value: string) => value.toLowerCase();
const sentence = (problem: string) => problem.charAt(0).toUpperCase() + problem.slice(1);
// A quoted cell may hold a line break or a NUL that the database would refuse.
const controlCharacterCellProblem = `${sentence(controlCharacterProblem)}.`;
const roleByName = new Map(roles.map((role) => [lower(role), role]));

type WorkingRow = UsersImportRow & { person?: PersonForImport; target: Omit<PlannedCreate, 'line'> };

/**
 * What importing these rows into the organisation would do, row by row, with every problem found.
 * An empty cell leaves that field of an existing person as it is (a new person gets none, or User).
 */
export const planUsersImport = (records: ImportRecord[], context: ImportContext): UsersImportPlan => {
  const { actor, facts } = context;
  const personByEmail = new Map(context.people.map((p) => [lower(p.email), p]));
  const departmentByName = new Map(context.departments.map((d) => [lower(d.name), d]));
  const linesByEmail = new Map<string, number[]>();
  for (const { line, cells } of records) {
    if (cells.email) linesByEmail.set(lower(cells.email), [...(linesByEmail.get(lower(cells.email)) ?? []), line]);
  }
  const createLineByEmail = new Map<string, number>();
  for (const { line, cells } of records) if (cells.email && !personByEmail.has(lower(cells.email))) createLineByEmail.set(lower(cells.email), line);

  const rows: WorkingRow[] = records.map(({ line, cells }) => {
    const errors: UsersImportIssue[] = [];
    const problem = (field: UsersImportColumn, text: string) => errors.push({ field, problem: text });
    const email = cells.email;
    const person = email ? personByEmail.get(lower(email)) : undefined;
    const isNew = !person;

    for (const field of ['first_name', 'last_name'] as const) {
      if (cells[field].length > personNameMaxLength) problem(field, `Must be at most ${personNameMaxLength} characters.`);
      else if (hasControlCharacter(cells[field])) problem(field, controlCharacterCellProblem);
      else if (isNew && !cells[field]) problem(field, 'Required for a new person.');
    }

    if (!email) problem('email', 'Required: the email address identifies the person.');
    else if (!personEmailSchema.safeParse(email).success) problem('email', 'Not a valid email address.');
    else if ((linesByEmail.get(lower(email)) ?? []).length > 1) {
      problem('email', `Listed more than once in this file (lines ${linesByEmail.get(lower(email))!.join(', ')}).`);
    } else if (isNew && context.loginOwnerByEmail.has(lower(email))) {
      problem('email', 'Already signs in to another organization in Vigil; use a different address.');
    }

    let role: Role | undefined;
    if (cells.role) {
      role = roleByName.get(lower(cells.role));
      if (!role) problem('role', `Unknown role “${cells.role}”: use ${roles.join(', ')}.`);
    }

    let department: DepartmentRef | null = null;
    let newDepartment = false;
    if (cells.department) {
      if (cells.department.length > departmentNameMaxLength) problem('department', `Must be at most ${departmentNameMaxLength} characters.`);
      else if (hasControlCharacter(cells.department)) problem('department', controlCharacterCellProblem);
      const existing = departmentByName.get(lower(cells.department));
      department = existing ? { id: existing.id } : { newName: cells.department };
      newDepartment = !existing;
    }

    let manager: ManagerRef | null = null;
    if (cells.manager_email) {
      const key = lower(cells.manager_email);
      const existing = personByEmail.get(key);
      if (!personEmailSchema.safeParse(cells.manager_email).success) problem('manager_email', 'Not a valid email address.');
      else if (email && key === lower(email)) problem('manager_email', 'A person cannot be their own manager.');
      else if (existing) manager = { personId: existing.id };
      else if (createLineByEmail.has(key)) manager = { newPersonEmail: key };
      else problem('manager_email', 'No one with this email is in the organization or in this file.');
    }

    let startDate: string | null = null;
    if (cells.start_date) {
      const date = calendarDateSchema.safeParse(cells.start_date);
      if (date.success) startDate = date.data;
      else if (date.error.issues[0]?.message === calendarDateYearProblem) problem('start_date', `${sentence(calendarDateYearProblem)}.`);
      else problem('start_date', 'Must be a date written as YYYY-MM-DD, like 2024-03-01.');
    }

    const changes: UsersImportRow['changes'] = [];
    if (person) {
      if (cells.first_name && cells.first_name !== person.firstName) changes.push('firstName');
      if (cells.last_name && cells.last_name !== person.lastName) changes.push('lastName');
      if (role && role !== person.role) changes.push('role');
      if (department && !('id' in department && department.id === person.departmentId)) changes.push('department');
      if (manager && !('personId' in manager && manager.personId === person.managerId)) changes.push('manager');
      if (startDate && startDate !== person.startDate) changes.push('startDate');

      if (changes.length) {
        const refusal =
          refuseEdit(actor, person) ?? (changes.includes('role') && role ? refuseRoleChange(actor, person, role, facts) : null);
        if (refusal) problem(changes.includes('role') ? 'role' : 'email', refusal.problem);
      }
    } else if (role) {
      const refusal = refuseNewPersonRole(actor, role);
      if (refusal) problem('role', refusal.problem);
    }

    return {
      line,
      values: {
        firstName: cells.first_name,
        lastName: cells.last_name,
        email,
        role: cells.role,
        department: cells.department,
        managerEmail: cells.manager_email,
        startDate: cells.start_date,
      },
      action: person ? (changes.length ? 'update' : 'unchanged') : 'create',
      changes,
      newDepartment,
      errors,
      person,
      target: {
        firstName: cells.first_name || person?.firstName || '',
        lastName: cells.last_name || person?.lastName || '',
        email,
        role: role ?? person?.role ?? 'User',
        department,
        manager,
        startDate,
      },
    };
  });

  const isValid = (row: WorkingRow) => row.errors.length === 0;

  // However the rows are split, the organisation keeps an active superadmin.
  const demotions = rows.filter((r) => isValid(r) && r.person?.role === 'Superadmin' && r.person.isActive && r.changes.includes('role'));
  if (demotions.length && facts.activeSuperadmins - demotions.length < 1) {
    for (const row of demotions) {
      row.errors.push({ field: 'role', problem: 'This file would leave the organization without an active superadmin.' });
    }
  }

  // A reporting line must not come back to where it started, counting what the file changes.
  const keyOf = (row: WorkingRow) => (row.person ? row.person.id : `new:${lower(row.values.email)}`);
  const managerKeyOf = (ref: ManagerRef) => ('personId' in ref ? ref.personId : `new:${ref.newPersonEmail}`);
  const managerOf = new Map<string, string | null>(context.people.map((p) => [p.id, p.managerId]));
  for (const row of rows) {
    if (!isValid(row)) continue;
    if (row.person && row.changes.includes('manager') && row.target.manager) managerOf.set(keyOf(row), managerKeyOf(row.target.manager));
    if (!row.person) managerOf.set(keyOf(row), row.target.manager ? managerKeyOf(row.target.manager) : null);
  }
  for (const row of rows) {
    if (!isValid(row) || !row.target.manager || (row.person && !row.changes.includes('manager'))) continue;
    const start = keyOf(row);
    const seen = new Set<string>();
    for (let at = managerOf.get(start) ?? null; at !== null && !seen.has(at); at = managerOf.get(at) ?? null) {
      if (at === start) {
        row.errors.push({ field: 'manager_email', problem: 'Would make a reporting loop: this person would end up managing their own manager.' });
        break;
      }
      seen.add(at);
    }
  }

  // A row whose manager is a new person of the file cannot be imported without that person.
  const createRowByEmail = new Map(rows.filter((r) => !r.person && r.values.email).map((r) => [lower(r.values.email), r]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const row of rows) {
      const ref = row.target.manager;
      if (!isValid(row) || !ref || !('newPersonEmail' in ref)) continue;
      const managerRow = createRowByEmail.get(ref.newPersonEmail);
      if (managerRow && !isValid(managerRow)) {
        row.errors.push({ field: 'manager_email', problem: `Their manager (line ${managerRow.line}) has errors, so this row cannot be imported without them.` });
        changed = true;
      }
    }
  }

  const valid = rows.filter(isValid);
  const creates = valid.filter((r) => r.action === 'create');
  const updates = valid.filter((r) => r.action === 'update');
  const newDepartments = new Map<string, string>();
  for (const row of [...creates, ...updates]) {
    const ref = row.target.department;
    if (ref && 'newName' in ref && !newDepartments.has(lower(ref.newName))) newDepartments.set(lower(ref.newName), ref.newName);
  }

  return {
    rows: rows.map(({ person: _person, target: _target, ...row }) => row),
    summary: {
      rows: rows.length,
      create: creates.length,
      update: updates.length,
      unchanged: valid.filter((r) => r.action === 'unchanged').length,
      invalid: rows.length - valid.length,
    },
    newDepartments: [...newDepartments.values()],
    creates: creates.map((row) => ({ line: row.line, ...row.target })),
    updates: updates.map((row) => ({
      line: row.line,
      person: row.person!,
      set: {
        ...(row.changes.includes('firstName') ? { firstName: row.target.firstName } : {}),
        ...(row.changes.includes('lastName') ? { lastName: row.target.lastName } : {}),
        ...(row.changes.includes('role') ? { role: row.target.role } : {}),
        ...(row.changes.includes('department') && row.target.department ? { department: row.target.department } : {}),
        ...(row.changes.includes('manager') && row.target.manager ? { manager: row.target.manager } : {}),
        ...(row.changes.includes('startDate') && row.target.startDate ? { startDate: row.target.startDate } : {}),
      },
    })),
  };
};
