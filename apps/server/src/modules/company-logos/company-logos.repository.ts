import { eq } from 'drizzle-orm';
import { type Db, type Tx, companyLogos } from '@vigil/db';

/**
 * Logos are public by design (the shell loads them as images, without a session), so lookup is by
 * file name alone; names carry a content hash and are not guessable from the organisation.
 */
export const companyLogosRepository = (db: Db | Tx) => ({
  findByFileName: async (fileName: string) =>
    (await db.select().from(companyLogos).where(eq(companyLogos.fileName, fileName)).limit(1))[0],
  upsert: async (logo: typeof companyLogos.$inferInsert) =>
    db.insert(companyLogos).values(logo).onConflictDoNothing({ target: companyLogos.fileName }),
});
