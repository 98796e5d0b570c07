export { ScimPanel as Panel } from './scim-panel';
export { useScimStatus as useStatus } from './use-scim-status';
