import { type SendingProfileAbilities, isAdminRole } from '@vigil/contracts';
import { requireAdminRole } from '../../../lib/tenant.ts';
import type { Tenant } from '../../../lib/tenant.ts';

/**
 * Who may do what with sending profiles:
 *
 * 1. Only the organisation's admins and superadmins see and manage its sending profiles and its
 *    filter header secret; anyone else gets 403.
 * 2. An archived profile is kept for the campaigns that used it, and can no longer be changed or tested.
 * 3. A profile that campaigns still send through (scheduled, sending, paused) or an active programme
 *    uses cannot be archived: finish, cancel or move them first.
 */

/** A refused change: CONFLICT, the state does not allow it. */
export type Refusal = { code: 'CONFLICT'; problem: string };

/** @throws AppError FORBIDDEN for anyone but an admin or superadmin of the organisation. */
export const requireSendingProfileManager = (tenant: Tenant) => requireAdminRole(tenant, 'Only an admin may manage sending profiles');

type ProfileState = { archivedAt: Date | null };

export const sendingProfileAbilities = (tenant: Pick<Tenant, 'role'>, profile: ProfileState, activeCampaigns: number): SendingProfileAbilities => {
  const open = isAdminRole(tenant.role) && profile.archivedAt === null;
  return { edit: open, archive: open && activeCampaigns === 0, test: open };
};

const archived: Refusal = { code: 'CONFLICT', problem: 'This sending profile is archived.' };

/** Why the profile may not be changed or used for a test, or null. */
export const refuseChange = (profile: ProfileState): Refusal | null => (profile.archivedAt ? archived : null);

/** Why the profile may not be archived, or null. */
export const refuseArchive = (profile: ProfileState, uses: { activeCampaigns: number; activeProgrammes: number }): Refusal | null => {
  if (profile.archivedAt) return archived;
  if (uses.activeCampaigns > 0) {
    return { code: 'CONFLICT', problem: `${uses.activeCampaigns} campaign(s) still send through this profile; let them finish or cancel them first.` };
  }
  if (uses.activeProgrammes > 0) {
    return { code: 'CONFLICT', problem: `${uses.activeProgrammes} active testing programme(s) use this profile; move or pause them first.` };
  }
  return null;
};
