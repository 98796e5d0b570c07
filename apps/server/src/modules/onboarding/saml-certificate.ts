import { X509Certificate } from 'node:crypto';

export type CertificateSummary = {
  /** The certificate re-wrapped as canonical PEM (64-character lines), as it is stored. */
  pem: string;
  subject: string;
  expiresAt: Date;
  /** Colon-separated upper-case hex, the way Entra, Google and Okta display fingerprints. */
  fingerprintSha256: string;
};

export type CertificateReading = { ok: true; certificate: CertificateSummary } | { ok: false; problem: string };

const toCanonicalPem = (pem: string) => {
  const body = pem
    .replace(/-----BEGIN CERTIFICATE-----|-----END CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
};

/**
 * Reads an identity provider's signing certificate the admin pasted. The contract checks the PEM
 * shape; this checks that it is an X.509 certificate that is still valid.
 */
export const readSigningCertificate = (pem: string, now = new Date()): CertificateReading => {
  const canonical = toCanonicalPem(pem);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(canonical);
  } catch {
    return { ok: false, problem: 'is not an X.509 certificate that can be read; paste the whole certificate again' };
  }
  const expiresAt = new Date(certificate.validTo);
  if (expiresAt.getTime() <= now.getTime()) {
    return { ok: false, problem: `expired on ${expiresAt.toISOString().slice(0, 10)}; download the current certificate from the identity provider` };
  }
  return {
    ok: true,
    certificate: {
      pem: canonical,
      subject: certificate.subject.split('\n').filter(Boolean).join(', '),
      expiresAt,
      fingerprintSha256: certificate.fingerprint256,
    },
  };
};
