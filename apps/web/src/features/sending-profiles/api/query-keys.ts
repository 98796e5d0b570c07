/** Every query of this feature starts with this key, so one invalidation refreshes profiles and settings. */
export const sendingProfilesKey = ['sending-profiles'] as const;
