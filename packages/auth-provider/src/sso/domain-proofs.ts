import { and, eq, inArray } from 'drizzle-orm';
import type { AuthDb } from '../database.ts';
import { keyedHash } from '../crypto.ts';
import { ssoDomainProofs } from '../schema/index.ts';

/** The TXT record's prefix, as services of the kind write theirs (google-site-verification=…). */
export const domainProofPrefix = 'vigil-domain-verification=';

/**
 * The TXT record that proves `tenantId` holds `domain`: a keyed hash only this provider can compute,
 * so nobody can publish another organisation's proof, and nothing needs storing until it is found.
 */
export const domainProofRecord = (secret: Buffer, tenantId: string, domain: string) => ({
  type: 'TXT' as const,
  name: domain,
  value: `${domainProofPrefix}${keyedHash(secret, `domain-proof:${tenantId}:${domain.toLowerCase()}`).slice(0, 32)}`,
});

/** Resolves a name's TXT records, each as its character strings (node:dns's `resolveTxt` shape). */
export type ResolveTxt = (name: string) => Promise<string[][]>;

/** DNS answers that mean "no such record", as opposed to a server that could not be asked. */
const noRecord = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

export type DomainProofCheck = {
  proved: boolean;
  /** Records with our prefix found there (a stale or another organisation's value helps the admin see why). */
  found: string[];
  /** The organisation that held the proof before this one took the domain over, if another did. */
  takenFrom?: string;
};

/** The DNS servers could not answer (a timeout, a refusal): nothing is known about the domain. */
export class DnsLookupError extends Error {
  constructor(readonly code: string) {
    super(`DNS lookup failed (${code})`);
  }
}

/**
 * Looks the domain's TXT records up and, when one is this organisation's proof, records the proof
 * (taking the domain over from an organisation that proved it before: DNS says who holds it now).
 * @throws DnsLookupError when the DNS servers could not answer (timeout, refusal).
 */
export const checkDomainProof = async (db: AuthDb, secret: Buffer, resolveTxt: ResolveTxt, tenantId: string, domain: string): Promise<DomainProofCheck> => {
  const expected = domainProofRecord(secret, tenantId, domain).value;
  let records: string[][];
  try {
    records = await resolveTxt(domain);
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'no answer';
    if (noRecord.has(code)) records = [];
    else throw new DnsLookupError(code);
  }
  // A long TXT value may arrive in several character strings: they are one value joined.
  const found = records.map((parts) => parts.join('').trim()).filter((value) => value.startsWith(domainProofPrefix));
  const proved = found.includes(expected);
  if (!proved) return { proved, found };
  const previous = await domainProofsRepository(db).proverOf(domain);
  const row = { domain: domain.toLowerCase(), tenantId, provedAt: new Date() };
  await db.insert(ssoDomainProofs).values(row).onConflictDoUpdate({ target: ssoDomainProofs.domain, set: { tenantId, provedAt: row.provedAt } });
  return { proved, found, ...(previous && previous !== tenantId ? { takenFrom: previous } : {}) };
};

export const domainProofsRepository = (db: AuthDb) => ({
  /** The domains this organisation proved, with when. */
  ofTenant: (tenantId: string) => db.select().from(ssoDomainProofs).where(eq(ssoDomainProofs.tenantId, tenantId)).orderBy(ssoDomainProofs.domain),
  /** Who proved a domain, if anyone did. */
  proverOf: async (domain: string) => (await db.select({ tenantId: ssoDomainProofs.tenantId }).from(ssoDomainProofs).where(eq(ssoDomainProofs.domain, domain.toLowerCase())).limit(1))[0]?.tenantId,
  /** Whether this organisation proved this domain. */
  isProvedBy: async (tenantId: string, domain: string) =>
    (await db.select({ domain: ssoDomainProofs.domain }).from(ssoDomainProofs).where(and(eq(ssoDomainProofs.tenantId, tenantId), eq(ssoDomainProofs.domain, domain.toLowerCase()))).limit(1)).length > 0,
  /** Of these domains, those another organisation proved. */
  provedElsewhere: async (tenantId: string, domains: readonly string[]) =>
    domains.length
      ? (await db.select({ domain: ssoDomainProofs.domain, tenantId: ssoDomainProofs.tenantId }).from(ssoDomainProofs).where(inArray(ssoDomainProofs.domain, domains.map((domain) => domain.toLowerCase()))))
          .filter((row) => row.tenantId !== tenantId)
          .map((row) => row.domain)
      : [],
  /** Gives a proof up (the admin no longer wants the domain). @returns whether there was one */
  remove: async (tenantId: string, domain: string) =>
    (await db.delete(ssoDomainProofs).where(and(eq(ssoDomainProofs.tenantId, tenantId), eq(ssoDomainProofs.domain, domain.toLowerCase()))).returning()).length > 0,
});
