/** Every query of this feature starts with this key, so one invalidation refreshes lists, departments and admins. */
export const organizationUsersKey = ['organization-users'] as const;
