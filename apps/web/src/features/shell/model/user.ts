import type { PersonalUserData, Role } from '@vigil/contracts';

/** The spec's "User object used by the client" (§3), derived from the personal user record. */
export type ShellUser = {
  firstName: string;
  lastName: string;
  /** First letters of the two names, upper case; empty when both names are. */
  initials: string;
  email: string;
  role: Role;
  /** The organisation's name (the record's `company`). */
  organization: string;
  hasPaid: boolean;
  /** All five onboarding steps done (§4). */
  isOnboarded: boolean;
  isInCampaign: boolean;
  hasBRAStarted: boolean;
  isBRACompleted: boolean;
  /** ISO 8601, or '' when the record has none. */
  startTimestamp: string;
  /** Logo file of the organisation, or '' when it has none. */
  pictureFileName: string;
  isDepartmentAdmin: boolean;
  isDirectManager: boolean;
};

/**
 * What may arrive. The contract's schema already rejects a record with missing fields, but the
 * spec (§3) asks for defaults, so the derivation does not depend on that check having run.
 */
export type PersonalRecordInput = Partial<
  Omit<PersonalUserData, 'onboarding_status' | 'department_views' | 'start_timestamp'>
> & {
  onboarding_status?: Partial<PersonalUserData['onboarding_status']> | null;
  department_views?: readonly unknown[] | null;
  start_timestamp?: string | null;
};

const text = (value: string | null | undefined) => value ?? '';
const flag = (value: boolean | null | undefined) => value === true;
const firstLetter = (name: string) => name.trim().charAt(0).toLocaleUpperCase();

/** Derives the client's user object; missing text becomes '', missing booleans false (§3). */
export const deriveShellUser = (record: PersonalRecordInput): ShellUser => {
  const firstName = text(record.first_name);
  const lastName = text(record.last_name);
  const status = record.onboarding_status ?? {};
  const isOnboarded =
    flag(status.is_dmi_completed) &&
    flag(status.is_initial_testing_completed) &&
    flag(status.is_scim_completed) &&
    flag(status.is_sso_completed) &&
    flag(status.is_watchtower_completed);
  const isBRACompleted = flag(record.is_bra_completed);
  // The spec says only that both derive from is_bra_completed (§4). The baseline risk assessment
  // (BRA) is the initial testing campaign that the last onboarding step launches, so it is running
  // — the organisation is "in a campaign" and the BRA "has started" — exactly while onboarding is
  // done and the BRA is not complete yet. Before onboarding nothing has been launched; once
  // complete, the BRA campaign is over, so both read false again.
  const isBRARunning = isOnboarded && !isBRACompleted;

  return {
    firstName,
    lastName,
    initials: `${firstLetter(firstName)}${firstLetter(lastName)}`,
    email: text(record.email),
    // A record without a role gets the least privileged one rather than failing the page.
    role: record.role ?? 'User',
    organization: text(record.company),
    hasPaid: flag(record.has_paid_access),
    isOnboarded,
    isInCampaign: isBRARunning,
    hasBRAStarted: isBRARunning,
    isBRACompleted,
    startTimestamp: text(record.start_timestamp),
    pictureFileName: text(record.picture_file_name),
    isDepartmentAdmin: (record.department_views ?? []).length > 0,
    isDirectManager: flag(record.is_direct_manager),
  };
};

/**
 * Superadmins and admins: the spec's "admin" everywhere it grants or redirects by role. (The same
 * rule as the contract's isAdminRole, written out so this model does not pull zod into the bundle.)
 */
export const isAdmin = (user: Pick<ShellUser, 'role'>) => user.role === 'Superadmin' || user.role === 'Admin';

export const isManager = (user: Pick<ShellUser, 'role'>) => user.role === 'Manager';

/** Onboarding done and the baseline risk assessment complete: the admin's full product (§4). */
export const hasFinishedSetUp = (user: Pick<ShellUser, 'isOnboarded' | 'isBRACompleted'>) =>
  user.isOnboarded && user.isBRACompleted;
