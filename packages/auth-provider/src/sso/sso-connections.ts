import { X509Certificate } from 'node:crypto';
import { and, arrayOverlaps, eq, ne } from 'drizzle-orm';
import type { AuthDb } from '../database.ts';
import { decryptText, encryptText, randomId } from '../crypto.ts';
import { ssoConnections, tenantSignInPolicies } from '../schema/index.ts';
import { domainProofsRepository } from './domain-proofs.ts';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;

/** What an admin sets on a connection; the OIDC client secret is write-only (kept encrypted, never read back). */
export type SsoConnectionInput = {
  name: string;
  protocol: 'saml' | 'oidc';
  enabled?: boolean;
  domains?: string[];
  samlIdpEntityId?: string | null;
  samlIdpSsoUrl?: string | null;
  samlIdpCertificates?: string[];
  oidcIssuer?: string | null;
  oidcClientId?: string | null;
  /** Replaces the secret when given; left as it is when undefined; removed when null (a connection that became SAML). */
  oidcClientSecret?: string | null;
  jitProvisioning?: boolean;
};

/** Where this provider answers for a connection: SAML SP entity id (its metadata URL), ACS and the OIDC redirect URI. */
export const serviceProviderUrls = (publicUrl: string, connectionId: string) => ({
  entityId: `${publicUrl}/v1/sso/saml/metadata/${connectionId}`,
  acsUrl: `${publicUrl}/v1/sso/saml/acs/${connectionId}`,
  oidcRedirectUri: `${publicUrl}/v1/sso/oidc/callback/${connectionId}`,
});

/** A PEM certificate's subject and validity, for the admin to see when it expires; undefined when it is not a certificate. */
export const describeCertificate = (pem: string) => {
  try {
    const certificate = new X509Certificate(pem);
    return { subject: certificate.subject, validFrom: new Date(certificate.validFrom), validTo: new Date(certificate.validTo), fingerprint: certificate.fingerprint256 };
  } catch {
    return undefined;
  }
};

/** Any base64 body, PEM or not, as the PEM a SAML library reads. */
export const asPem = (certificate: string) => {
  const body = certificate.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
};

/** The connections and sign-in policy of organisations, as the host manages them (always within one tenant). */
export const ssoStore = (db: AuthDb, secret: Buffer) => {
  const toRow = (input: Partial<SsoConnectionInput>) => ({
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.protocol !== undefined ? { protocol: input.protocol } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    ...(input.domains !== undefined ? { domains: input.domains.map((domain) => domain.trim().toLowerCase()) } : {}),
    ...(input.samlIdpEntityId !== undefined ? { samlIdpEntityId: input.samlIdpEntityId } : {}),
    ...(input.samlIdpSsoUrl !== undefined ? { samlIdpSsoUrl: input.samlIdpSsoUrl } : {}),
    ...(input.samlIdpCertificates !== undefined ? { samlIdpCertificates: input.samlIdpCertificates.map(asPem) } : {}),
    ...(input.oidcIssuer !== undefined ? { oidcIssuer: input.oidcIssuer } : {}),
    ...(input.oidcClientId !== undefined ? { oidcClientId: input.oidcClientId } : {}),
    ...(input.oidcClientSecret !== undefined ? { oidcClientSecretEncrypted: input.oidcClientSecret === null ? null : encryptText(secret, input.oidcClientSecret) } : {}),
    ...(input.jitProvisioning !== undefined ? { jitProvisioning: input.jitProvisioning } : {}),
  });
  return {
    list: (tenantId: string) => db.select().from(ssoConnections).where(eq(ssoConnections.tenantId, tenantId)).orderBy(ssoConnections.createdAt),
    get: async (tenantId: string, id: string) => (await db.select().from(ssoConnections).where(and(eq(ssoConnections.tenantId, tenantId), eq(ssoConnections.id, id))).limit(1))[0],
    create: async (tenantId: string, input: SsoConnectionInput) =>
      (await db.insert(ssoConnections).values({ id: randomId('C'), tenantId, name: input.name, protocol: input.protocol, ...toRow(input) }).returning())[0]!,
    /**
     * Creates or replaces the connection with a fixed id (the onboarding wizard's, whose addresses
     * an IdP was given before it existed); replaced IdP details need a new test sign-in.
     */
    put: async (tenantId: string, id: string, input: SsoConnectionInput) => {
      const row = { id, tenantId, ...toRow(input), name: input.name, protocol: input.protocol, verifiedAt: null, updatedAt: new Date() };
      const [saved] = await db
        .insert(ssoConnections)
        .values(row)
        .onConflictDoUpdate({ target: ssoConnections.id, set: row, setWhere: eq(ssoConnections.tenantId, tenantId) })
        .returning();
      return saved;
    },
    /**
     * A changed IdP setting makes the connection unproven until its next test sign-in; the same
     * values sent again (a dialog saved with its fields as they were) change nothing.
     */
    update: async (tenantId: string, id: string, input: Partial<SsoConnectionInput>) => {
      const where = and(eq(ssoConnections.tenantId, tenantId), eq(ssoConnections.id, id));
      const [current] = await db.select().from(ssoConnections).where(where).limit(1);
      if (!current) return undefined;
      const row = toRow(input);
      const idpChanged =
        (['samlIdpEntityId', 'samlIdpSsoUrl', 'oidcIssuer', 'oidcClientId'] as const).some((key) => key in row && row[key] !== current[key]) ||
        ('samlIdpCertificates' in row && JSON.stringify(row.samlIdpCertificates) !== JSON.stringify(current.samlIdpCertificates)) ||
        'oidcClientSecretEncrypted' in row;
      return (await db.update(ssoConnections).set({ ...row, updatedAt: new Date(), ...(idpChanged ? { verifiedAt: null } : {}) }).where(where).returning())[0];
    },
    remove: async (tenantId: string, id: string) =>
      (await db.delete(ssoConnections).where(and(eq(ssoConnections.tenantId, tenantId), eq(ssoConnections.id, id))).returning({ id: ssoConnections.id })).length > 0,
    /**
     * Whether one of these domains belongs elsewhere: another organisation proved it in DNS, or
     * another organisation's connection claims it and this one has not proved it (a proof beats a
     * mere claim, so nobody can hold a domain they do not control against its owner).
     */
    domainTakenElsewhere: async (tenantId: string, domains: readonly string[]) => {
      if (!domains.length) return false;
      const proofs = domainProofsRepository(db);
      if ((await proofs.provedElsewhere(tenantId, domains)).length > 0) return true;
      const ownProofs = new Set((await proofs.ofTenant(tenantId)).map((proof) => proof.domain));
      const unproved = domains.map((domain) => domain.toLowerCase()).filter((domain) => !ownProofs.has(domain));
      if (!unproved.length) return false;
      return (
        (await db.select({ id: ssoConnections.id }).from(ssoConnections).where(and(ne(ssoConnections.tenantId, tenantId), arrayOverlaps(ssoConnections.domains, unproved))).limit(1)).length > 0
      );
    },
    getPolicy: async (tenantId: string) => (await db.select().from(tenantSignInPolicies).where(eq(tenantSignInPolicies.tenantId, tenantId)).limit(1))[0] ?? null,
    setPolicy: async (tenantId: string, policy: { requireSso: boolean; requireMfa: boolean; allowedMethods: string[] }) => {
      const row = { tenantId, ...policy, updatedAt: new Date() };
      await db.insert(tenantSignInPolicies).values(row).onConflictDoUpdate({ target: tenantSignInPolicies.tenantId, set: row });
    },
  };
};

export const clientSecretOf = (secret: Buffer, connection: SsoConnectionRow) =>
  connection.oidcClientSecretEncrypted ? decryptText(secret, connection.oidcClientSecretEncrypted) : undefined;
