import type { PhishingProgramme } from '@vigil/contracts';
import type { ProgrammeRow } from './programmes.repository.ts';

export const presentProgramme = (row: ProgrammeRow): PhishingProgramme => ({
  id: row.id,
  name: row.name,
  departmentIds: row.departmentIds,
  cadence: row.cadence,
  adaptive: row.adaptive,
  templateIds: row.templateIds,
  sendingProfileId: row.sendingProfileId,
  businessHoursOnly: row.businessHoursOnly,
  active: row.active,
  nextRunAt: row.nextRunAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  // Only admins reach a programme at all (the service refuses anyone else), and they may change any.
  can: { edit: true, delete: true },
});
