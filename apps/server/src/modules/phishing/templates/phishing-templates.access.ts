import { AppError } from '../../../lib/app-error.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { mayUseTemplateLibrary } from './phishing-templates.policy.ts';

/** @throws AppError FORBIDDEN for anyone but an admin or superadmin of the organisation. */
export const requireTemplateReader = (tenant: Tenant) => {
  if (!mayUseTemplateLibrary(tenant)) throw new AppError('FORBIDDEN', 'Only an admin may use the phishing template library');
};
