import { describe, expect, it } from 'vitest';
import { readSigningCertificate } from './saml-certificate.ts';
import { expiredIdpCertificate, validIdpCertificate } from './test-certificates.ts';

describe('readSigningCertificate', () => {
  it('reads subject, expiry and SHA-256 fingerprint, and stores canonical PEM', () => {
    // Pasted from a narrow window: lines re-wrapped and indented.
    const pasted = validIdpCertificate.replace(/\n/g, '\n   ');
    const reading = readSigningCertificate(pasted, new Date('2027-01-01T00:00:00Z'));
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.certificate.subject).toBe('CN=Okta test IdP, O=Harbor Pike Legal');
    expect(reading.certificate.expiresAt.getUTCFullYear()).toBeGreaterThanOrEqual(2035);
    expect(reading.certificate.fingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(reading.certificate.pem).toBe(`${validIdpCertificate.trim()}\n`);
  });

  it('refuses an expired certificate, naming the day it expired', () => {
    expect(readSigningCertificate(expiredIdpCertificate)).toEqual({
      ok: false,
      problem: 'expired on 2021-01-01; download the current certificate from the identity provider',
    });
  });

  it('refuses text that only looks like a certificate', () => {
    const reading = readSigningCertificate('-----BEGIN CERTIFICATE-----\nMIIBAAAA\n-----END CERTIFICATE-----');
    expect(reading).toMatchObject({ ok: false, problem: expect.stringContaining('not an X.509 certificate') });
  });
});
