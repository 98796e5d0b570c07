export { GoogleWorkspacePanel as Panel } from './google-workspace-panel';
export { useGoogleWorkspaceStatus as useStatus } from './use-google-workspace-status';
