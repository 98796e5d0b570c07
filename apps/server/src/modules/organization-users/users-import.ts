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
  jobTitleMaxLength,
  type PersonLanguage,
  personEmailSchema,
  personLanguages,
  personNameMaxLength,
  phoneProblem,
  phoneSchema,
  roles,
  timeZoneProblem,
  timeZoneSchema,
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

/** A problem with the file as a whole: no row is looked at. `line` is where it is, when it is on one. */
export class UsersCsvProblem extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

const fixAndChooseAgain = 'Fix it in your file and choose the file again.';

/** The line (from 1) that the character at `index` is on. */
const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

// Control characters other than tabs and line breaks. A stray one in a cell is that row's problem;
// a binary file read as text (an .xlsx, a PDF, an image) is full of them from its first bytes.
const isBinaryControl = (code: number) => code < 0x09 || (code > 0x0d && code < 0x20);

/** Where a file that is not text at all shows it, or undefined for text. */
const findBinaryContent = (text: string) => {
  const found: number[] = [];
  for (let i = 0; i < Math.min(text.length, 8192); i++) if (isBinaryControl(text.charCodeAt(i))) found.push(i);
  if (found.length < 4 && !text.startsWith('PK\u0003\u0004')) return undefined;
  return found[0] ?? 0;
};

/** Where the quote that is still open at the end of the file was opened (quotes balanced by RFC 4180). */
const unclosedQuoteAt = (text: string) => {
  let openedAt = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '"') continue;
    if (openedAt < 0) openedAt = i;
    else if (text[i + 1] === '"') i++;
    else openedAt = -1;
  }
  return openedAt;
};

/** What the CSV parser could not read, told as a person fixing the file needs it, with the line. */
const describeCsvError = (error: CsvError, text: string): UsersCsvProblem => {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    const line = lineAt(text, Math.max(0, unclosedQuoteAt(text)));
    return new UsersCsvProblem(
      `Line ${line} has a quote (") that is never closed, so everything after it would be read as one cell. Add the closing quote at the end of the cell, or remove the opening one. ${fixAndChooseAgain}`,
      line,
    );
  }
  // csv-parse counts the lines it has read; its types leave the field untyped.
  const line = typeof error.lines === 'number' ? error.lines : undefined;
  if (error.code === 'INVALID_OPENING_QUOTE' || error.code === 'CSV_INVALID_CLOSING_QUOTE') {
    return new UsersCsvProblem(
      `Line ${line} has a quote (") inside a cell. A cell with quotes in it must itself be in quotes, with each quote inside doubled, like "Ann ""Annie"" Lee"; or leave the quotes out. ${fixAndChooseAgain}`,
      line,
    );
  }
  return new UsersCsvProblem(`Line ${line} could not be read as CSV. Open the file in a text editor to see what is wrong on that line. ${fixAndChooseAgain}`, line);
};

const optionalColumns = usersImportColumns.filter((column) => !(usersImportRequiredColumns as readonly string[]).includes(column));

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
  const text = csv.replace(/^\uFEFF/, '');
  const binaryAt = findBinaryContent(text);
  if (binaryAt !== undefined) {
    const line = lineAt(text, binaryAt);
    throw new UsersCsvProblem(
      `This is not a CSV file: line ${line} has characters that are not text, as a spreadsheet (.xlsx) or another binary file has. Save the sheet as “CSV (comma delimited)” in your spreadsheet program and choose that file.`,
      line,
    );
  }
  let table: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ends in the file; the types do not say so.
    table = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof table;
  } catch (error) {
    if (error instanceof CsvError) throw describeCsvError(error, text);
    throw error;
  }
  const [header, ...body] = table;
  if (!header) throw new UsersCsvProblem('The file is empty. The first row must name the columns, e.g. first_name,last_name,email.');
  // More cells than the header names (empty ones at the end aside) means a cell was split, usually at a comma that is not in quotes.
  const split = body.find(({ record }) => record.slice(header.record.length).some((cell) => cell.trim() !== ''));
  if (split) {
    const line = split.info.lines;
    throw new UsersCsvProblem(
      `Line ${line} has ${split.record.length} cells, but the first row names only ${header.record.length} columns. A cell with a comma in it, like “Lee, Ann”, must be in double quotes. ${fixAndChooseAgain}`,
      line,
    );
  }

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
      `The first row must name the columns ${usersImportRequiredColumns.join(', ')}; it lacks ${missing.join(', ')}. Optional columns: ${optionalColumns.join(', ')}.`,
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
  jobTitle: string | null;
  phone: string | null;
  timeZone: string | null;
  preferredLanguage: PersonLanguage | null;
};

/** The fields an update may set that are copied as they are (no reference to resolve). */
type PlainFields = Pick<PlannedCreate, 'firstName' | 'lastName' | 'startDate' | 'jobTitle' | 'phone' | 'timeZone' | 'preferredLanguage'>;

export type PlannedUpdate = {
  line: number;
  person: PersonForImport;
  set: Partial<{ [Field in keyof PlainFields]: NonNullable<PlainFields[Field]> } & { role: Role; department: DepartmentRef; manager: ManagerRef }>;
};

export type UsersImportPlan = Omit<UsersImportPreview, 'ignoredColumns'> & { creates: PlannedCreate[]; updates: PlannedUpdate[] };

const lower = (value: string) => value.toLowerCase();
const sentence = (problem: string) => problem.charAt(0).toUpperCase() + problem.slice(1);
// A quoted cell may hold a line break or a NUL that the database would refuse.
const controlCharacterCellProblem = `${sentence(controlCharacterProblem)}.`;
const roleByName = new Map(roles.map((role) => [lower(role), role]));
// en_us, en-US and EN_US are all English (US).
const languageByCode = new Map(personLanguages.map((code) => [code, code]));
const languageOfCell = (cell: string) => languageByCode.get(lower(cell).replaceAll('-', '_') as PersonLanguage);

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

    let jobTitle: string | null = null;
    if (cells.job_title) {
      if (cells.job_title.length > jobTitleMaxLength) problem('job_title', `Must be at most ${jobTitleMaxLength} characters.`);
      else if (hasControlCharacter(cells.job_title)) problem('job_title', controlCharacterCellProblem);
      else jobTitle = cells.job_title;
    }

    let phone: string | null = null;
    if (cells.phone) {
      const parsed = phoneSchema.safeParse(cells.phone);
      if (parsed.success) phone = parsed.data;
      else problem('phone', `${sentence(phoneProblem)}.`);
    }

    let timeZone: string | null = null;
    if (cells.time_zone) {
      const parsed = timeZoneSchema.safeParse(cells.time_zone);
      if (parsed.success) timeZone = parsed.data;
      else problem('time_zone', `${sentence(timeZoneProblem)}.`);
    }

    let preferredLanguage: PersonLanguage | null = null;
    if (cells.language) {
      preferredLanguage = languageOfCell(cells.language) ?? null;
      if (!preferredLanguage) problem('language', `Unknown language “${cells.language}”: use ${personLanguages.join(', ')}.`);
    }

    const changes: UsersImportRow['changes'] = [];
    if (person) {
      if (cells.first_name && cells.first_name !== person.firstName) changes.push('firstName');
      if (cells.last_name && cells.last_name !== person.lastName) changes.push('lastName');
      if (role && role !== person.role) changes.push('role');
      if (department && !('id' in department && department.id === person.departmentId)) changes.push('department');
      if (manager && !('personId' in manager && manager.personId === person.managerId)) changes.push('manager');
      if (startDate && startDate !== person.startDate) changes.push('startDate');
      if (jobTitle && jobTitle !== person.jobTitle) changes.push('jobTitle');
      if (phone && phone !== person.phone) changes.push('phone');
      if (timeZone && timeZone !== person.timeZone) changes.push('timeZone');
      if (preferredLanguage && preferredLanguage !== person.preferredLanguage) changes.push('preferredLanguage');

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
        jobTitle: cells.job_title,
        phone: cells.phone,
        timeZone: cells.time_zone,
        language: cells.language,
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
        jobTitle,
        phone,
        timeZone,
        preferredLanguage,
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
    updates: updates.map((row) => {
      // Only what changes, and never a field emptied: an empty cell keeps what is recorded.
      const set: PlannedUpdate['set'] = {};
      for (const field of ['firstName', 'lastName', 'startDate', 'jobTitle', 'phone', 'timeZone', 'preferredLanguage'] as const) {
        const value = row.target[field];
        if (row.changes.includes(field) && value) Object.assign(set, { [field]: value });
      }
      if (row.changes.includes('role')) set.role = row.target.role;
      if (row.changes.includes('department') && row.target.department) set.department = row.target.department;
      if (row.changes.includes('manager') && row.target.manager) set.manager = row.target.manager;
      return { line: row.line, person: row.person!, set };
    }),
  };
};
