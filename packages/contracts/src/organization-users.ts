import { z } from 'zod';
import { isoDateSchema } from './dates.ts';
import { templateLanguages } from './phishing-content.ts';
import { roleSchema, roles } from './roles.ts';
import { personNameSchema, searchTextSchema, withoutControlCharacters } from './text.ts';
import { timeZoneSchema } from './time-zones.ts';

// Organisation settings → Users and Admins: the people of the current organisation, managed by its admins.

export const emailMaxLength = 254;
export const departmentNameMaxLength = 100;

/** An email address as people type it: surrounding spaces dropped, case kept (it compares case-insensitively). */
export const personEmailSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(emailMaxLength, { error: `must be at most ${emailMaxLength} characters` })
  .pipe(z.email({ error: 'must be a valid email address, like name@example.com' }));

export const calendarDateYears = { min: 1900, max: 2100 } as const;
export const calendarDateYearProblem = `must be in the years ${calendarDateYears.min} to ${calendarDateYears.max}`;

/** A calendar day, YYYY-MM-DD, in a year PostgreSQL's `date` holds and a person's records can mean. */
export const calendarDateSchema = z.iso
  .date({ error: 'must be a date written as YYYY-MM-DD', abort: true })
  .refine((day) => Number(day.slice(0, 4)) >= calendarDateYears.min && Number(day.slice(0, 4)) <= calendarDateYears.max, {
    error: calendarDateYearProblem,
  });

const roleField = z.enum(roles, { error: `must be one of ${roles.join(', ')}` });

export const jobTitleMaxLength = 200;

/** A job title: one line, trimmed, up to 200 characters. */
export const jobTitleSchema = z
  .string({ error: 'must be text, or null for none' })
  .trim()
  .min(1, { error: 'must not be empty; null leaves it out' })
  .max(jobTitleMaxLength, { error: `must be at most ${jobTitleMaxLength} characters` })
  .refine(...withoutControlCharacters);

export const phoneProblem = 'must be an international number: + then the country code and number, 4 to 15 digits, like +14155550123';

/**
 * A phone number in E.164 (`+` then 4 to 15 digits, never starting with 0), the form SMS and
 * voice providers take. Spaces and dashes people type between groups are dropped.
 */
export const phoneSchema = z
  .string({ error: phoneProblem })
  .overwrite((phone) => phone.replace(/[\s-]/g, ''))
  .regex(/^\+[1-9]\d{3,14}$/, { error: phoneProblem });

/** The languages a person can be trained and tested in (the learning-page languages). */
export const personLanguages = templateLanguages;
export type PersonLanguage = (typeof personLanguages)[number];
/** What a person without a language of their own gets. */
export const defaultPersonLanguage = 'en_us' satisfies PersonLanguage;
export const personLanguageSchema = z.enum(personLanguages, { error: `must be one of ${personLanguages.join(', ')}` });

/** The editable fields of a person; the add form sends them all, the edit form only what changed. */
const organizationUserFields = {
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: personEmailSchema,
  role: roleField,
  departmentId: z.uuid({ error: 'must be a department of this organization' }).nullable(),
  managerId: z.uuid({ error: 'must be a person of this organization' }).nullable(),
  startDate: calendarDateSchema.nullable(),
  jobTitle: jobTitleSchema.nullable(),
  phone: phoneSchema.nullable(),
  /** Null: the organisation's time zone. */
  timeZone: timeZoneSchema.nullable(),
  /** Null: the organisation's default language, English (en_us). */
  preferredLanguage: personLanguageSchema.nullable(),
};

/** POST /api/organization/users/ body. */
export const createOrganizationUserBodySchema = z
  .object({
    ...organizationUserFields,
    role: roleField.default('User'),
    departmentId: organizationUserFields.departmentId.default(null),
    managerId: organizationUserFields.managerId.default(null),
    startDate: organizationUserFields.startDate.default(null),
    jobTitle: organizationUserFields.jobTitle.default(null),
    phone: organizationUserFields.phone.default(null),
    timeZone: organizationUserFields.timeZone.default(null),
    preferredLanguage: organizationUserFields.preferredLanguage.default(null),
  })
  .meta({ id: 'CreateOrganizationUserBody' });
export type CreateOrganizationUserBody = z.infer<typeof createOrganizationUserBodySchema>;
export type CreateOrganizationUserInput = z.input<typeof createOrganizationUserBodySchema>;

/** PATCH /api/organization/users/:id/ body: only the fields to change. */
export const updateOrganizationUserBodySchema = z.object(organizationUserFields).partial().meta({ id: 'UpdateOrganizationUserBody' });
export type UpdateOrganizationUserBody = z.infer<typeof updateOrganizationUserBodySchema>;

export const organizationUserIdParamsSchema = z.object({ id: z.uuid({ error: 'must be a person id' }) });

export const userStatusFilters = ['active', 'inactive', 'all'] as const;
export const userSortKeys = ['name', '-name', 'email', '-email', 'role', '-role', 'department', '-department', 'startDate', '-startDate'] as const;
export type UserSortKey = (typeof userSortKeys)[number];
export const usersPageSizes = [10, 25, 50, 100] as const;

/** GET /api/organization/users/ query: filtered, sorted and paged on the server; `format=csv` downloads every match. */
export const organizationUsersQuerySchema = z.object({
  search: searchTextSchema(200).optional(),
  role: roleField.optional(),
  departmentId: z.union([z.uuid(), z.literal('none')], { error: 'must be a department id or "none"' }).optional(),
  status: z.enum(userStatusFilters, { error: 'must be active, inactive or all' }).default('active'),
  page: z.coerce.number().int().min(1, { error: 'must be 1 or more' }).default(1),
  pageSize: z.coerce.number().int().min(1, { error: 'must be 1 or more' }).max(100, { error: 'must be at most 100' }).default(25),
  sort: z.enum(userSortKeys, { error: `must be one of ${userSortKeys.join(', ')}` }).default('name'),
  format: z.enum(['json', 'csv']).default('json'),
});
export type OrganizationUsersQuery = z.infer<typeof organizationUsersQuerySchema>;
export type OrganizationUsersQueryInput = z.input<typeof organizationUsersQuerySchema>;

/** What the caller may do with one person, from the server's policy; buttons follow these. */
export const organizationUserAbilitiesSchema = z.object({
  edit: z.boolean(),
  changeRole: z.boolean(),
  deactivate: z.boolean(),
  reactivate: z.boolean(),
});
export type OrganizationUserAbilities = z.infer<typeof organizationUserAbilitiesSchema>;

/** Where a person came from: added by hand, a CSV import, SCIM provisioning, single sign-on (just in time), the demo or the Google Workspace directory sync. */
export const personSources = ['manual', 'csv', 'scim', 'sso', 'demo', 'google'] as const;
export type PersonSource = (typeof personSources)[number];
/** What an identity provider keeps over SCIM for the people it provisions: changed there, not in Vigil. */
export const scimManagedFields = ['firstName', 'lastName', 'email', 'jobTitle', 'phone', 'timeZone', 'preferredLanguage', 'departmentId', 'managerId'] as const;
/** What the Google Workspace directory sync writes (Google has no time zone per user): changed in Google, not in Vigil. */
export const googleManagedFields = ['firstName', 'lastName', 'email', 'jobTitle', 'phone', 'preferredLanguage', 'departmentId', 'managerId'] as const;
export type DirectoryManagedField = (typeof scimManagedFields)[number];

/** The fields a directory keeps for a person from this source (none for people added by hand, import, SSO or the demo). */
export const directoryManagedFields = (source: PersonSource | undefined): readonly DirectoryManagedField[] =>
  source === 'scim' ? scimManagedFields : source === 'google' ? googleManagedFields : [];

export const organizationUserSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: roleSchema,
    department: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    manager: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
    // Stored days are shown as they are; the year range is a rule for input.
    startDate: isoDateSchema.nullable(),
    jobTitle: z.string().nullable(),
    phone: z.string().nullable(),
    timeZone: z.string().nullable().describe("An IANA time zone; null follows the organisation's"),
    preferredLanguage: personLanguageSchema.nullable().describe("Null follows the organisation's default, en_us"),
    isActive: z.boolean(),
    source: z.enum(personSources).describe('Where the person came from; a SCIM-provisioned person’s details are kept by the identity provider'),
    /** The caller themself. */
    isYou: z.boolean(),
    can: organizationUserAbilitiesSchema,
  })
  .meta({ id: 'OrganizationUser' });
export type OrganizationUser = z.infer<typeof organizationUserSchema>;

export const organizationUsersSchema = z
  .object({
    items: z.array(organizationUserSchema),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
    /** Roles the caller may give people (only a superadmin grants Superadmin). */
    assignableRoles: z.array(roleSchema),
    /** The organisation's time zone, which people without their own follow. */
    organizationTimeZone: z.string(),
  })
  .meta({ id: 'OrganizationUsers' });
export type OrganizationUsers = z.infer<typeof organizationUsersSchema>;

export const organizationDepartmentsSchema = z
  .object({
    departments: z.array(z.object({ id: z.uuid(), name: z.string(), peopleCount: z.int().describe('active people') })),
  })
  .meta({ id: 'OrganizationDepartments' });
export type OrganizationDepartments = z.infer<typeof organizationDepartmentsSchema>;
export type OrganizationDepartment = OrganizationDepartments['departments'][number];

// ---- CSV import --------------------------------------------------------------------------------

export const usersImportLimits = { maxRows: 5000, maxBytes: 2 * 1024 * 1024 } as const;

/** The columns a users CSV may have, in the order the export writes them; the first three are required. */
export const usersImportColumns = [
  'first_name',
  'last_name',
  'email',
  'role',
  'department',
  'manager_email',
  'start_date',
  'job_title',
  'phone',
  'time_zone',
  'language',
] as const;
export type UsersImportColumn = (typeof usersImportColumns)[number];
export const usersImportRequiredColumns = ['first_name', 'last_name', 'email'] as const satisfies readonly UsersImportColumn[];

export const usersImportBodySchema = z
  .object({
    csv: z
      .string({ error: 'is required' })
      .min(1, { error: 'is empty' })
      .max(usersImportLimits.maxBytes, { error: `must be at most ${usersImportLimits.maxBytes / 1024 / 1024} MB` }),
  })
  .meta({ id: 'UsersImportBody' });
export type UsersImportBody = z.infer<typeof usersImportBodySchema>;

export const usersImportCommitBodySchema = usersImportBodySchema
  .extend({
    /** The admin's explicit choice to import the valid rows and leave out the ones with errors. */
    skipInvalidRows: z.boolean({ error: 'must be true or false' }).default(false),
  })
  .meta({ id: 'UsersImportCommitBody' });
export type UsersImportCommitBody = z.infer<typeof usersImportCommitBodySchema>;

/** One problem of one row: `field` is the CSV column it is about. */
export const usersImportIssueSchema = z.object({ field: z.enum(usersImportColumns), problem: z.string() });
export type UsersImportIssue = z.infer<typeof usersImportIssueSchema>;

export const usersImportChangeFields = [
  'firstName',
  'lastName',
  'role',
  'department',
  'manager',
  'startDate',
  'jobTitle',
  'phone',
  'timeZone',
  'preferredLanguage',
] as const;

export const usersImportRowSchema = z.object({
  /** The line of the file, counting the header as line 1. */
  line: z.int(),
  /** The cells as read (trimmed); an empty cell leaves that field of an existing person as it is. */
  values: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.string(),
    department: z.string(),
    managerEmail: z.string(),
    startDate: z.string(),
    jobTitle: z.string(),
    phone: z.string(),
    timeZone: z.string(),
    language: z.string(),
  }),
  action: z.enum(['create', 'update', 'unchanged']),
  /** For an update, what changes. */
  changes: z.array(z.enum(usersImportChangeFields)),
  /** True when the row's department does not exist yet and would be created. */
  newDepartment: z.boolean(),
  errors: z.array(usersImportIssueSchema),
});
export type UsersImportRow = z.infer<typeof usersImportRowSchema>;

export const usersImportPreviewSchema = z
  .object({
    /** Header cells that are not columns of the format; they are ignored. */
    ignoredColumns: z.array(z.string()),
    rows: z.array(usersImportRowSchema),
    summary: z.object({
      rows: z.int(),
      create: z.int().describe('valid rows that add a person'),
      update: z.int().describe('valid rows that change a person'),
      unchanged: z.int(),
      invalid: z.int().describe('rows with at least one error'),
    }),
    /** Departments the valid rows name that do not exist yet; importing creates them. */
    newDepartments: z.array(z.string()),
  })
  .meta({ id: 'UsersImportPreview' });
export type UsersImportPreview = z.infer<typeof usersImportPreviewSchema>;

export const usersImportResultSchema = z
  .object({
    created: z.int(),
    updated: z.int(),
    unchanged: z.int(),
    skipped: z.int().describe('rows with errors left out at the admin’s request'),
    departmentsCreated: z.int(),
  })
  .meta({ id: 'UsersImportResult' });
export type UsersImportResult = z.infer<typeof usersImportResultSchema>;

/** `details` of a refused import: every problem of every row, by line. */
export const usersImportRefusalIssueSchema = usersImportIssueSchema.extend({ line: z.int() });
export type UsersImportRefusalIssue = z.infer<typeof usersImportRefusalIssueSchema>;

// ---- Admins ------------------------------------------------------------------------------------

export const adminRoles = ['Superadmin', 'Admin'] as const;
export const adminRoleSchema = z.enum(adminRoles, { error: 'must be Superadmin or Admin' });
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const organizationAdminSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: adminRoleSchema,
    isActive: z.boolean(),
    isYou: z.boolean(),
    can: z.object({ changeRole: z.boolean(), remove: z.boolean() }),
  })
  .meta({ id: 'OrganizationAdmin' });
export type OrganizationAdmin = z.infer<typeof organizationAdminSchema>;

export const organizationAdminsSchema = z
  .object({ items: z.array(organizationAdminSchema), assignableRoles: z.array(adminRoleSchema) })
  .meta({ id: 'OrganizationAdmins' });
export type OrganizationAdmins = z.infer<typeof organizationAdminsSchema>;

/** POST /api/organization/admins/ body: names are needed only for someone who is not a user yet. */
export const inviteOrganizationAdminBodySchema = z
  .object({
    email: personEmailSchema,
    firstName: personNameSchema.optional(),
    lastName: personNameSchema.optional(),
    role: adminRoleSchema,
  })
  .meta({ id: 'InviteOrganizationAdminBody' });
export type InviteOrganizationAdminBody = z.infer<typeof inviteOrganizationAdminBodySchema>;

export const inviteOrganizationAdminResultSchema = z
  .object({
    admin: organizationAdminSchema,
    /** False when they were already a user and have been promoted. */
    created: z.boolean(),
    /** False when no invitation email could be sent (no mail delivery configured, or it failed). */
    invitationSent: z.boolean(),
  })
  .meta({ id: 'InviteOrganizationAdminResult' });
export type InviteOrganizationAdminResult = z.infer<typeof inviteOrganizationAdminResultSchema>;

export const changeOrganizationAdminRoleBodySchema = z.object({ role: adminRoleSchema }).meta({ id: 'ChangeOrganizationAdminRoleBody' });
export type ChangeOrganizationAdminRoleBody = z.infer<typeof changeOrganizationAdminRoleBodySchema>;
