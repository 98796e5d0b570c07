import { randomUUID } from 'node:crypto';
import type { UsersImportCommitBody, UsersImportPreview, UsersImportRefusalIssue, UsersImportResult } from '@vigil/contracts';
import type { Db, Tx } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { recordAudit } from '../audit-log/audit-log.service.ts';
import { type PersonLogin, createLoginSync } from './organization-logins.ts';
import { actorOf, lockOrganizationFacts, mailAddressesInUse, readOrganizationFacts, requirePeopleManager } from './organization-users.service.ts';
import { organizationUsersRepository } from './organization-users.repository.ts';
import type { InvitationSettings } from './people-mail.ts';
import { type DepartmentRef, type ManagerRef, type PlannedCreate, type PlannedUpdate, UsersCsvProblem, parseUsersCsv, planUsersImport } from './users-import.ts';

const readCsv = (csv: string) => {
  try {
    return parseUsersCsv(csv);
  } catch (error) {
    // The sentence itself is the message: the dialog shows it as it is.
    if (error instanceof UsersCsvProblem) {
      throw new AppError('VALIDATION_FAILED', error.message, [{ field: 'body.csv', problem: error.message, ...(error.line ? { line: error.line } : {}) }]);
    }
    throw error;
  }
};

/** New people ordered so that anyone managing another new person comes before them. */
const managersFirst = (creates: PlannedCreate[]) => {
  const byEmail = new Map(creates.map((c) => [c.email.toLowerCase(), c]));
  const ordered: PlannedCreate[] = [];
  const placed = new Set<PlannedCreate>();
  const place = (create: PlannedCreate) => {
    if (placed.has(create)) return;
    placed.add(create);
    const manager = create.manager && 'newPersonEmail' in create.manager ? byEmail.get(create.manager.newPersonEmail) : undefined;
    if (manager) place(manager);
    ordered.push(create);
  };
  creates.forEach(place);
  return ordered;
};

/**
 * Plans the file against the organisation as it is now, read through `db`; never against who signs
 * in elsewhere, which the plan must not show. When committing, `db` is the import's transaction and
 * `lock` takes the superadmin lock before anything is read.
 */
const planAgainst = async (db: Db | Tx, tenant: Tenant, parsed: ReturnType<typeof readCsv>, { lock = false } = {}) => {
  const repository = organizationUsersRepository(db, tenant);
  const facts = lock ? await lockOrganizationFacts(repository) : await readOrganizationFacts(repository);
  const [people, departments] = await Promise.all([repository.listForImport(), repository.listDepartments()]);
  return planUsersImport(parsed.records, { actor: actorOf(tenant), facts, people, departments });
};

/**
 * What importing this CSV would do, row by row, with every problem. Writes nothing.
 * @throws AppError FORBIDDEN for anyone but an admin; VALIDATION_FAILED when the file as a whole is unusable.
 */
export const previewUsersImport = async (db: Db, tenant: Tenant, csv: string): Promise<UsersImportPreview> => {
  requirePeopleManager(tenant);
  const parsed = readCsv(csv);
  const plan = await planAgainst(db, tenant, parsed);
  return { ignoredColumns: parsed.ignoredColumns, rows: plan.rows, summary: plan.summary, newDepartments: plan.newDepartments };
};

/**
 * Imports the CSV in one transaction, checking it again against the organisation as it is now.
 * Rows with errors are left out only when the admin said so (`skipInvalidRows`); otherwise nothing
 * is written and every problem comes back by line. New people get logins without a password; the
 * logins change in the same transaction, so a failure leaves neither half written. A new person
 * whose address signs in elsewhere gets no login, unbeknown to the admin (see `checkEmail`).
 * @throws AppError FORBIDDEN for anyone but an admin; VALIDATION_FAILED for an unusable file or refused rows.
 */
export const importUsers = async (
  db: Db,
  tenant: Tenant,
  body: UsersImportCommitBody,
  settings: InvitationSettings,
  origin: RequestOrigin,
): Promise<UsersImportResult> => {
  requirePeopleManager(tenant);
  const parsed = readCsv(body.csv);
  const { result, inUseElsewhere } = await db.transaction(async (tx) => {
    const plan = await planAgainst(tx, tenant, parsed, { lock: true });
    if (plan.summary.invalid > 0 && !body.skipInvalidRows) {
      const issues: UsersImportRefusalIssue[] = plan.rows.flatMap((row) => row.errors.map((error) => ({ line: row.line, ...error })));
      throw new AppError(
        'VALIDATION_FAILED',
        `${plan.summary.invalid} of ${plan.summary.rows} rows have errors, so nothing was imported. Fix them, or choose to import only the valid rows.`,
        issues,
      );
    }
    const repository = organizationUsersRepository(tx, tenant);
    const createdDepartments = await repository.insertDepartments(plan.newDepartments);
    const departmentIdByName = new Map(createdDepartments.map((d) => [d.name.toLowerCase(), d.id]));
    const departmentId = (ref: DepartmentRef) => ('id' in ref ? ref.id : departmentIdByName.get(ref.newName.toLowerCase())!);

    const newIdByEmail = new Map(plan.creates.map((c) => [c.email.toLowerCase(), randomUUID()]));
    const managerId = (ref: ManagerRef) => ('personId' in ref ? ref.personId : newIdByEmail.get(ref.newPersonEmail)!);
    const logins = createLoginSync(tx, tenant);
    const takenEmails = await logins.findEmailsTakenByOthers(plan.creates.map((c) => ({ email: c.email, authUserId: null })));
    const hasLogin = (c: PlannedCreate) => !takenEmails.has(c.email.toLowerCase());
    const created: PersonLogin[] = plan.creates.filter(hasLogin).map((c) => ({ authUserId: newIdByEmail.get(c.email.toLowerCase())!, ...c }));
    // Managers first, so each new person's manager already exists when they are inserted (the file has no loops).
    await repository.insert(
      managersFirst(plan.creates).map((c) => {
        const id = newIdByEmail.get(c.email.toLowerCase())!;
        return {
          id,
          authUserId: hasLogin(c) ? id : null,
          source: 'csv' as const,
          firstName: c.firstName,
          lastName: c.lastName,
          email: c.email,
          role: c.role,
          departmentId: c.department ? departmentId(c.department) : null,
          managerId: c.manager ? managerId(c.manager) : null,
          startDate: c.startDate,
          jobTitle: c.jobTitle,
          phone: c.phone,
          timeZone: c.timeZone,
          preferredLanguage: c.preferredLanguage,
        };
      }),
    );
    for (const { person, set } of plan.updates) {
      const { department, manager, ...plain } = set;
      await repository.update(person.id, {
        ...plain,
        ...(department ? { departmentId: departmentId(department) } : {}),
        ...(manager ? { managerId: managerId(manager) } : {}),
      });
    }
    const result: UsersImportResult = {
      created: plan.creates.length,
      updated: plan.updates.length,
      unchanged: plan.summary.unchanged,
      skipped: plan.summary.invalid,
      departmentsCreated: createdDepartments.length,
    };
    await recordAudit(tx, tenant, {
      action: 'organization.users.import',
      targetType: 'organization',
      targetId: tenant.organizationId,
      details: result,
      ...origin,
    });

    await logins.syncLogins(created);
    const loginOf = (u: PlannedUpdate): PersonLogin => ({
      authUserId: u.person.authUserId!,
      email: u.person.email,
      firstName: u.set.firstName ?? u.person.firstName,
      lastName: u.set.lastName ?? u.person.lastName,
      role: u.set.role ?? u.person.role,
    });
    const withLogin = plan.updates.filter((u) => u.person.authUserId);
    await logins.syncLogins(withLogin.filter((u) => (u.set.firstName || u.set.lastName) && !u.set.role).map(loginOf));
    await logins.syncLogins(withLogin.filter((u) => u.set.role).map(loginOf), { rolesChanged: true });
    return { result, inUseElsewhere: plan.creates.filter((c) => !hasLogin(c)) };
  });
  mailAddressesInUse(db, tenant, settings, inUseElsewhere);
  return result;
};
