export { complianceRoutes } from './compliance.routes.ts';
export { complianceRetentionJob } from './compliance.jobs.ts';
export { chooseComplianceFramework } from './compliance.service.ts';
export { selectRequiredModuleIds } from './frameworks/compliance-frameworks.repository.ts';
