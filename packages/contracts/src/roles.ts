import { z } from 'zod';

/** Roles a person holds in an organisation, highest first. */
export const roles = ['Superadmin', 'Admin', 'Manager', 'User'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const isAdminRole = (role: Role) => role === 'Superadmin' || role === 'Admin';
