import type { Department } from '@vigil/db';
import { invalidValue } from './scim-errors.ts';
import { groupSchema, versionOf } from './scim-users.presenter.ts';

type Member = { id: string; firstName: string; lastName: string };

/** A department as a SCIM Group; `members` left out when the client excluded them (large groups). */
export const presentGroup = (department: Department, members: Member[] | undefined, baseUrl: string) => {
  const resource: Record<string, unknown> = {
    schemas: [groupSchema],
    id: department.id,
    ...(department.externalId ? { externalId: department.externalId } : {}),
    displayName: department.name,
    ...(members ? { members: members.map((member) => ({ value: member.id, $ref: `${baseUrl}/Users/${member.id}`, display: `${member.firstName} ${member.lastName}`.trim(), type: 'User' })) } : {}),
  };
  return {
    ...resource,
    members: resource.members as { value: string }[] | undefined,
    meta: { resourceType: 'Group', created: department.createdAt.toISOString(), lastModified: department.createdAt.toISOString(), location: `${baseUrl}/Groups/${department.id}`, version: versionOf(resource) },
  };
};

export type GroupInput = { displayName: string; externalId: string | null; /** Undefined: not said (members stay as they are). */ members: { value: string }[] | undefined };

/** Reads a Group resource. @throws ScimError 400 invalidValue without a displayName, or with members that are not a list of values */
export const readGroupInput = (resource: Record<string, unknown>): GroupInput => {
  const displayName = typeof resource.displayName === 'string' ? resource.displayName.trim() : '';
  if (!displayName) throw invalidValue('displayName is required');
  if (displayName.length > 100) throw invalidValue('displayName must be at most 100 characters');
  const members = resource.members;
  if (members !== undefined && (!Array.isArray(members) || members.some((member) => typeof (member as { value?: unknown })?.value !== 'string'))) {
    throw invalidValue('members must be a list of { "value": "<User id>" }');
  }
  return { displayName, externalId: typeof resource.externalId === 'string' && resource.externalId.trim() ? resource.externalId.trim() : null, members: members as { value: string }[] | undefined };
};
