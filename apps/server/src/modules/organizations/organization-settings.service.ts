import type { AuthManagement } from '@vigil/auth-provider';
import { type OrganizationSettings, type UpdateOrganizationBody, maxLogoBytes } from '@vigil/contracts';
import type { Db, Organization } from '@vigil/db';
import { fieldError, notFound } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { type Tenant, requireAdminRole } from '../../lib/tenant.ts';
import { recordAudit } from '../audit-log/audit-log.service.ts';
import { logoSlug, sniffLogoContentType } from '../company-logos/logo-image.ts';
import { storeCompanyLogo } from '../company-logos/company-logos.service.ts';
import { sanitiseSvgLogo } from '../company-logos/logo-svg.ts';
import { organizationsRepository } from './organizations.repository.ts';

const presentSettings = (organization: Organization): OrganizationSettings => ({
  id: organization.id,
  name: organization.name,
  domain: organization.domain,
  pictureFileName: organization.pictureFileName,
  timeZone: organization.timeZone,
});

const adminOnly = "Only an admin may manage the organisation's settings";

/**
 * The current organisation's general settings.
 * @throws AppError FORBIDDEN for anyone but an admin or superadmin.
 */
export const getOrganizationSettings = async (db: Db, tenant: Tenant): Promise<OrganizationSettings> => {
  requireAdminRole(tenant, adminOnly);
  const organization = await organizationsRepository(db, tenant).findCurrent();
  if (!organization) throw notFound('Organisation');
  return presentSettings(organization);
};

/**
 * Changes the current organisation's name and/or time zone, each audited as its own entry. A new
 * name is the provider's tenant name too (the name people see when they switch organisation).
 * @throws AppError FORBIDDEN for anyone but an admin or superadmin.
 */
export const updateOrganization = async (
  db: Db,
  management: AuthManagement,
  tenant: Tenant,
  body: UpdateOrganizationBody,
  origin: RequestOrigin,
): Promise<OrganizationSettings> => {
  requireAdminRole(tenant, adminOnly);
  const repository = organizationsRepository(db, tenant);
  const before = await repository.findCurrent();
  if (!before) throw notFound('Organisation');
  const name = body.name !== undefined && body.name !== before.name ? body.name : undefined;
  const timeZone = body.timeZone !== undefined && body.timeZone !== before.timeZone ? body.timeZone : undefined;
  if (name === undefined && timeZone === undefined) return presentSettings(before);
  const organization = (await repository.updateCurrent({ ...(name !== undefined ? { name } : {}), ...(timeZone !== undefined ? { timeZone } : {}) }))!;
  const audit = (action: string, from: string, to: string) =>
    recordAudit(db, tenant, { action, targetType: 'organization', targetId: organization.id, details: { from, to }, ...origin });
  if (name !== undefined) {
    await management.renameTenant(organization.id, organization.name);
    await audit('organization.rename', before.name, organization.name);
  }
  if (timeZone !== undefined) await audit('organization.time-zone.change', before.timeZone, organization.timeZone);
  return presentSettings(organization);
};

/**
 * Makes these bytes the current organisation's logo. The type is read from the content, whatever
 * the upload claimed; the stored name changes with the content, so caches never show an old logo.
 * An SVG is stored sanitised (see sanitiseSvgLogo).
 * @throws AppError VALIDATION_FAILED (field `logo`) for an empty, too large or non-image upload,
 *   or an SVG with nothing left to draw once sanitised;
 *   FORBIDDEN for anyone but an admin or superadmin.
 */
export const replaceOrganizationLogo = async (db: Db, tenant: Tenant, content: Buffer, origin: RequestOrigin): Promise<OrganizationSettings> => {
  requireAdminRole(tenant, adminOnly);
  if (content.length === 0) throw fieldError('VALIDATION_FAILED', 'logo', 'is empty: choose an image file');
  if (content.length > maxLogoBytes) throw fieldError('VALIDATION_FAILED', 'logo', 'must be at most 1 MB');
  const contentType = sniffLogoContentType(content);
  if (!contentType) throw fieldError('VALIDATION_FAILED', 'logo', 'must be a PNG, JPEG, WebP or SVG image');
  // An SVG is a document that can run script and fetch: what is stored is its drawing alone.
  const stored = contentType === 'image/svg+xml' ? sanitiseSvgLogo(content) : content;
  if (!stored) throw fieldError('VALIDATION_FAILED', 'logo', 'has nothing left to draw once scripts, embedded HTML and outside references are removed');
  const repository = organizationsRepository(db, tenant);
  const before = await repository.findCurrent();
  if (!before) throw notFound('Organisation');
  // The organisation's id in the name keeps two organisations with the same name and image from
  // sharing one stored row (file names are the table's key).
  const slug = `${logoSlug(before.name)}-${before.id.slice(0, 8)}`;
  const fileName = await storeCompanyLogo(db, { organizationId: before.id, slug, content: stored, contentType });
  const organization = (await repository.updateCurrent({ pictureFileName: fileName }))!;
  await recordAudit(db, tenant, {
    action: 'organization.logo.replace',
    targetType: 'organization',
    targetId: organization.id,
    details: { from: before.pictureFileName, to: fileName, contentType, bytes: stored.length },
    ...origin,
  });
  return presentSettings(organization);
};

/**
 * Takes the logo away: the top bar then shows the name alone. The stored image stays, since a
 * cached page may still point at it.
 * @throws AppError FORBIDDEN for anyone but an admin or superadmin.
 */
export const removeOrganizationLogo = async (db: Db, tenant: Tenant, origin: RequestOrigin): Promise<OrganizationSettings> => {
  requireAdminRole(tenant, adminOnly);
  const repository = organizationsRepository(db, tenant);
  const before = await repository.findCurrent();
  if (!before) throw notFound('Organisation');
  if (!before.pictureFileName) return presentSettings(before);
  const organization = (await repository.updateCurrent({ pictureFileName: '' }))!;
  await recordAudit(db, tenant, {
    action: 'organization.logo.remove',
    targetType: 'organization',
    targetId: organization.id,
    details: { from: before.pictureFileName },
    ...origin,
  });
  return presentSettings(organization);
};
