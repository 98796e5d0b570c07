import type { LogoContentType } from '@vigil/contracts';
import type { Db, Tx } from '@vigil/db';
import { companyLogosRepository } from './company-logos.repository.ts';
import { logoFileName } from './logo-file-name.ts';

/** Stores a logo under its content-hashed name and returns the name. Storing the same image again is a no-op. */
export const storeCompanyLogo = async (
  db: Db | Tx,
  logo: { organizationId: string; slug: string; content: Buffer; contentType: LogoContentType },
) => {
  const fileName = logoFileName(logo.slug, logo.content, logo.contentType);
  await companyLogosRepository(db).upsert({
    fileName,
    organizationId: logo.organizationId,
    contentType: logo.contentType,
    content: logo.content,
  });
  return fileName;
};
