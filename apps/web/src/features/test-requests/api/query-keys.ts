/** Every query of this feature starts with this key. */
export const testRequestsKey = ['test-requests'] as const;
