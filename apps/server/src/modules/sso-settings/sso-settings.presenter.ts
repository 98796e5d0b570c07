import { type SsoConnectionRow, describeCertificate, serviceProviderUrls } from '@vigil/auth-provider';
import type { SsoCertificate, SsoConnection } from '@vigil/contracts';

const dayMs = 24 * 60 * 60 * 1000;

const presentCertificate = (pem: string, now: Date): SsoCertificate[] => {
  const described = describeCertificate(pem);
  if (!described) return [];
  return [
    {
      subject: described.subject,
      fingerprintSha256: described.fingerprint,
      validFrom: described.validFrom.toISOString(),
      validTo: described.validTo.toISOString(),
      expiresInDays: Math.floor((described.validTo.getTime() - now.getTime()) / dayMs),
    },
  ];
};

/** A connection as its admins see it: never the OIDC client secret, only whether one is set. */
export const presentSsoConnection = (row: SsoConnectionRow, publicUrl: string, now = new Date()): SsoConnection => {
  const urls = serviceProviderUrls(publicUrl, row.id);
  return {
    id: row.id,
    name: row.name,
    protocol: row.protocol,
    enabled: row.enabled,
    domains: row.domains,
    jitProvisioning: row.jitProvisioning,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    saml:
      row.protocol === 'saml'
        ? { idpEntityId: row.samlIdpEntityId ?? '', idpSsoUrl: row.samlIdpSsoUrl ?? '', certificates: row.samlIdpCertificates.flatMap((pem) => presentCertificate(pem, now)) }
        : null,
    oidc: row.protocol === 'oidc' ? { issuer: row.oidcIssuer ?? '', clientId: row.oidcClientId ?? '', clientSecretSet: Boolean(row.oidcClientSecretEncrypted) } : null,
    serviceProvider: { entityId: urls.entityId, acsUrl: urls.acsUrl, metadataUrl: urls.entityId, redirectUri: urls.oidcRedirectUri },
  };
};
