export { findFramework, frameworkCatalogue, type FrameworkDefinition } from './framework-catalogue.ts';
export { complianceFrameworksRepository, selectRequiredModuleIds } from './compliance-frameworks.repository.ts';
