export { ApiKeysPanel as Panel } from './components/api-keys-panel';
export { useApiKeysStatus as useStatus } from './use-api-keys-status';
