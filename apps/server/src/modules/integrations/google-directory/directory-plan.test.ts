import { describe, expect, it } from 'vitest';
import { type PersonSnapshot, deactivationSafetyLimit, planDirectorySync } from './directory-plan.ts';
import { type DirectoryUser, e164Of, learningLanguageOf, readDirectoryUser } from './directory-user.ts';

const user = (id: string, overrides: Partial<DirectoryUser> = {}): DirectoryUser => ({
  googleUserId: id,
  email: `${id}@acme.test`,
  firstName: id,
  lastName: 'Person',
  active: true,
  jobTitle: null,
  departmentName: null,
  managerEmail: null,
  phone: null,
  preferredLanguage: null,
  employeeNumber: null,
  enrolledIn2Sv: false,
  ...overrides,
});
const person = (id: string, overrides: Partial<PersonSnapshot> = {}): PersonSnapshot => ({
  id,
  email: `${id}@acme.test`,
  firstName: id,
  lastName: 'Person',
  jobTitle: null,
  phone: null,
  preferredLanguage: null,
  employeeNumber: null,
  departmentId: null,
  managerId: null,
  isActive: true,
  source: 'google',
  externalId: id,
  role: 'User',
  authUserId: id,
  ...overrides,
});

describe('reading a Google user', () => {
  it('takes the department from the primary organization, else the org unit’s last segment, and none at the root', () => {
    const names = new Map([['/Sales/EMEA', 'EMEA']]);
    const base = { id: '1', primaryEmail: 'Ann@Acme.test', name: { givenName: 'Ann', familyName: 'Lee' } };
    expect(readDirectoryUser({ ...base, orgUnitPath: '/Sales/EMEA', organizations: [{ department: 'Key Accounts', title: 'Lead', primary: true }] }, names)).toMatchObject({ email: 'ann@acme.test', departmentName: 'Key Accounts', jobTitle: 'Lead' });
    expect(readDirectoryUser({ ...base, orgUnitPath: '/Sales/EMEA' }, names)?.departmentName).toBe('EMEA');
    expect(readDirectoryUser({ ...base, orgUnitPath: '/Ops/Night shift' }, names)?.departmentName).toBe('Night shift');
    expect(readDirectoryUser({ ...base, orgUnitPath: '/' }, names)?.departmentName).toBeNull();
    expect(readDirectoryUser({ ...base, suspended: true }, names)?.active).toBe(false);
    expect(readDirectoryUser({ ...base, archived: true }, names)?.active).toBe(false);
    expect(readDirectoryUser({ ...base, relations: [{ type: 'assistant', value: 'x@acme.test' }, { type: 'manager', value: 'Boss@Acme.test' }] }, names)?.managerEmail).toBe('boss@acme.test');
  });

  it('keeps a phone only in E.164 and a language only when there are lessons in it', () => {
    expect(e164Of('+44 (20) 7946-0958')).toBe('+442079460958');
    expect(e164Of('020 7946 0958')).toBeNull();
    expect(learningLanguageOf('fr')).toBe('fr_fr');
    expect(learningLanguageOf('pt-BR')).toBe('pt_br');
    expect(learningLanguageOf('en-GB')).toBe('en_us');
    expect(learningLanguageOf('nl')).toBeNull();
  });
});

describe('planning a sync', () => {
  it('leaves people who are as Google says alone, and breaks a reporting loop', () => {
    const plan = planDirectorySync([user('a'), user('b', { managerEmail: 'c@acme.test' }), user('c', { managerEmail: 'b@acme.test' })], [person('a'), person('b'), person('c')], [], { deactivateMissing: true });
    expect(plan.unchanged).toBe(2);
    expect(plan.changes).toHaveLength(1);
    // b → c → b: b, met first, loses its link; c reports to b.
    expect(plan.changes[0]).toMatchObject({ kind: 'updated', email: 'c@acme.test', values: { managerId: 'b' } });
  });

  it('creates managers before the people who report to them, and makes missing departments', () => {
    const ids = ['id-report', 'id-boss'];
    const plan = planDirectorySync([user('report', { managerEmail: 'boss@acme.test', departmentName: 'Sales' }), user('boss')], [], [], { deactivateMissing: false, newId: () => ids.shift()! });
    expect(plan.changes.map((change) => change.email)).toEqual(['boss@acme.test', 'report@acme.test']);
    expect(plan.changes[1]!.values.managerId).toBe('id-boss');
    expect(plan.newDepartments).toEqual(['Sales']);
  });

  it('skips SCIM people and people with a role, adopts imported ones, and deactivates the missing only when asked', () => {
    const people = [person('scim', { source: 'scim', externalId: 'entra' }), person('admin', { role: 'Admin', source: 'manual', externalId: null }), person('csv', { source: 'csv', externalId: null }), person('gone')];
    const users = [user('scim'), user('admin'), user('csv')];
    const plan = planDirectorySync(users, people, [], { deactivateMissing: true });
    expect(plan.skipped.map((skip) => skip.email)).toEqual(['scim@acme.test', 'admin@acme.test']);
    expect(plan.changes.map((change) => [change.email, change.kind, change.adopted])).toEqual([
      ['csv@acme.test', 'updated', true],
      ['gone@acme.test', 'deactivated', false],
    ]);
    expect(planDirectorySync(users, people, [], { deactivateMissing: false }).changes.map((change) => change.email)).toEqual(['csv@acme.test']);
    // An empty answer from Google deactivates nobody.
    expect(planDirectorySync([], people, [], { deactivateMissing: true }).changes).toEqual([]);
  });
});

describe('deactivationSafetyLimit', () => {
  it('is a tenth of the active people Google manages, never fewer than three', () => {
    const google = (count: number, overrides: Partial<PersonSnapshot> = {}) => Array.from({ length: count }, (_, index) => person(`p${index}`, { source: 'google', isActive: true, ...overrides }));
    expect(deactivationSafetyLimit(google(250))).toBe(25);
    expect(deactivationSafetyLimit(google(20))).toBe(3);
    expect(deactivationSafetyLimit([])).toBe(3);
    // People added by hand and people already inactive do not count.
    expect(deactivationSafetyLimit([...google(100), ...google(400, { source: 'manual' }), ...google(400, { isActive: false })])).toBe(10);
  });
});
