import type { SendingProfile } from '@vigil/contracts';
import type { SendingProfile as SendingProfileRow } from '@vigil/db';
import type { Tenant } from '../../../lib/tenant.ts';
import { sendingProfileAbilities } from './sending-profiles.policy.ts';

/** A profile as the API answers it: whether a password is set, never the password (sealed or not). */
export const presentSendingProfile = (row: SendingProfileRow, tenant: Pick<Tenant, 'role'>, activeCampaigns: number): SendingProfile => ({
  id: row.id,
  name: row.name,
  host: row.host,
  port: row.port,
  security: row.security,
  username: row.username,
  hasPassword: row.passwordSealed !== null,
  fromAddress: row.fromAddress,
  fromName: row.fromName,
  replyTo: row.replyTo,
  ratePerMinute: row.ratePerMinute,
  activeCampaigns,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  archivedAt: row.archivedAt?.toISOString() ?? null,
  can: sendingProfileAbilities(tenant, row, activeCampaigns),
});
