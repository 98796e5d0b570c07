import { type SQL, and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { type InsightsPeopleView, isAdminRole } from '@vigil/contracts';
import { type Db, departmentAdminScopes, departments, people } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import type { OrgScope } from '../../lib/scope.ts';
import type { Tenant } from '../../lib/tenant.ts';

/**
 * Who the caller may see in people insights (spec §6), decided once per request and applied in
 * every query as a condition on `people`:
 * - an admin or superadmin: everyone in the organisation;
 * - a department admin: the people of the departments they administer;
 * - a direct manager (anyone with reports): their direct reports;
 * - a manager (role): their whole reporting line, at any depth.
 * A person holding several of these sees the union. Away from home (a managed-service operator in a
 * client company) only the admin rule applies: the operator manages no one there.
 */
export type Viewer = Readonly<{ scope: OrgScope; personId: string; admin: boolean; departmentIds: readonly string[]; manager: boolean; hasReports: boolean }>;

export const resolveViewer = async (db: Db, tenant: Tenant): Promise<Viewer> => {
  const scope = { organizationId: tenant.organizationId };
  const admin = isAdminRole(tenant.role);
  if (admin || tenant.viaManagedService) return { scope, personId: tenant.personId, admin, departmentIds: [], manager: false, hasReports: false };
  const scopes = await db
    .select({ departmentId: departmentAdminScopes.departmentId })
    .from(departmentAdminScopes)
    .where(and(eq(departmentAdminScopes.organizationId, scope.organizationId), eq(departmentAdminScopes.personId, tenant.personId)));
  const [reports] = await db
    .select({ n: count() })
    .from(people)
    .where(and(eq(people.organizationId, scope.organizationId), eq(people.managerId, tenant.personId), eq(people.isActive, true)));
  return { scope, personId: tenant.personId, admin: false, departmentIds: scopes.map((row) => row.departmentId), manager: tenant.role === 'Manager', hasReports: (reports?.n ?? 0) > 0 };
};

/** Everyone under the viewer, at any depth (a recursive walk down manager links; `union` stops at a cycle). */
const inReportingLine = (viewer: Viewer) => sql`${people.id} in (
  with recursive line(id) as (
    select p.id from people p where p.organization_id = ${viewer.scope.organizationId} and p.manager_id = ${viewer.personId}
    union
    select p.id from people p join line on p.manager_id = line.id where p.organization_id = ${viewer.scope.organizationId}
  )
  select id from line)`;

const refuse = () => new AppError('FORBIDDEN', 'Only admins, department admins and managers may read people insights, each for the people they look after');

/**
 * The condition on `people` for what the viewer asks to see (`view`), within what they may see.
 * @throws AppError FORBIDDEN when the viewer may see no one this way.
 */
export const visiblePeople = (viewer: Viewer, view: InsightsPeopleView): SQL => {
  const inOrganization = eq(people.organizationId, viewer.scope.organizationId);
  if (view === 'direct-reports') return and(inOrganization, eq(people.managerId, viewer.personId))!;
  if (view === 'reporting-line') {
    if (!viewer.admin && !viewer.manager) throw new AppError('FORBIDDEN', 'Only managers may read their whole reporting line');
    return and(inOrganization, inReportingLine(viewer))!;
  }
  if (viewer.admin) return inOrganization;
  const rules = [
    viewer.departmentIds.length > 0 ? inArray(people.departmentId, [...viewer.departmentIds]) : undefined,
    viewer.hasReports ? eq(people.managerId, viewer.personId) : undefined,
    viewer.manager ? inReportingLine(viewer) : undefined,
  ].filter((rule) => rule !== undefined);
  if (rules.length === 0) throw refuse();
  return and(inOrganization, or(...rules))!;
};

/**
 * The departments the viewer may compare: an admin every one, a department admin theirs.
 * @throws AppError FORBIDDEN for anyone else.
 */
export const visibleDepartments = (viewer: Viewer): SQL => {
  const inOrganization = eq(departments.organizationId, viewer.scope.organizationId);
  if (viewer.admin) return inOrganization;
  if (viewer.departmentIds.length === 0) throw new AppError('FORBIDDEN', 'Only admins and department admins may compare departments');
  return and(inOrganization, inArray(departments.id, [...viewer.departmentIds]))!;
};
