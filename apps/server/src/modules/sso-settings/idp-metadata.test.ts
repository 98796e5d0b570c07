import { describe, expect, it } from 'vitest';
import { validIdpCertificate } from '../onboarding/test-certificates.ts';
import { readIdpMetadata } from './idp-metadata.ts';

const certificateBody = validIdpCertificate.replace(/-----[A-Z ]+-----|\s/g, '');
const metadata = ({ location = 'https://login.example-idp.test/saml2', use = 'signing', binding = 'HTTP-Redirect', doctype = '' } = {}) => `<?xml version="1.0"?>${doctype}
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://sts.windows.net/tenant/">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="${use}"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
      ${certificateBody}
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="${location}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

describe('reading SAML IdP metadata', () => {
  it('finds the entity id, the sign-in URL and the signing certificate as PEM', () => {
    const reading = readIdpMetadata(metadata());
    expect(reading).toEqual({ ok: true, metadata: { entityId: 'https://sts.windows.net/tenant/', ssoUrl: 'https://login.example-idp.test/saml2', certificates: [expect.stringMatching(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n$/)] } });
    if (reading.ok) expect(reading.metadata.certificates[0]!.replace(/-----[A-Z ]+-----|\s/g, '')).toBe(certificateBody);
  });

  it.each([
    ['not XML', 'this is not < xml', 'is not well-formed XML'],
    ['a DOCTYPE (entity expansion)', metadata({ doctype: '<!DOCTYPE x [<!ENTITY a "aaaa">]>' }), 'must not contain a DOCTYPE'],
    ['service-provider metadata', '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><md:SPSSODescriptor/></md:EntityDescriptor>', 'is not SAML identity-provider metadata (no EntityDescriptor with an IDPSSODescriptor)'],
    ['a plain-http sign-in URL elsewhere than loopback', metadata({ location: 'http://login.example-idp.test/saml2' }), 'has no https SingleSignOnService with the HTTP-Redirect or HTTP-POST binding'],
    ['only an encryption key', metadata({ use: 'encryption' }), 'has no signing certificate (KeyDescriptor use="signing")'],
  ])('refuses %s, saying why', (_, xml, problem) => {
    expect(readIdpMetadata(xml)).toEqual({ ok: false, problem });
  });

  it('takes a test IdP on this machine’s loopback over plain http, and the HTTP-POST binding', () => {
    expect(readIdpMetadata(metadata({ location: 'http://127.0.0.1:4567/sso', binding: 'HTTP-POST' }))).toMatchObject({ ok: true, metadata: { ssoUrl: 'http://127.0.0.1:4567/sso' } });
  });
});
