import { DOMParser } from '@xmldom/xmldom';

const metadataNs = 'urn:oasis:names:tc:SAML:2.0:metadata';
const signatureNs = 'http://www.w3.org/2000/09/xmldsig#';
const redirectBinding = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const postBinding = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

export type IdpMetadata = { entityId: string; ssoUrl: string; certificates: string[] };

/** xmldom's node lists are not iterable: an array of their elements. */
const elements = (nodes: { length: number; item: (index: number) => Element | null }) => Array.from({ length: nodes.length }, (_, index) => nodes.item(index)!);

/**
 * Reads what a service provider needs from SAML IdP metadata (as Entra ID, Okta and Google
 * Workspace export it): the entity id, the sign-in URL (HTTP-Redirect, else HTTP-POST) and the
 * signing certificates (two during a rollover).
 * @returns the values, or a problem in words an admin can act on.
 */
export const readIdpMetadata = (xml: string): { ok: true; metadata: IdpMetadata } | { ok: false; problem: string } => {
  let document: Document;
  try {
    // Entity declarations are refused by xmldom's parser; a DOCTYPE has no place in metadata either.
    if (/<!DOCTYPE/i.test(xml)) return { ok: false, problem: 'must not contain a DOCTYPE' };
    const parser = new DOMParser({
      errorHandler: (level: string, message: unknown) => {
        if (level !== 'warning') throw new Error(String(message));
      },
    });
    document = parser.parseFromString(xml, 'text/xml') as unknown as Document;
  } catch {
    return { ok: false, problem: 'is not well-formed XML' };
  }
  const entity = elements(document.getElementsByTagNameNS(metadataNs, 'EntityDescriptor'))[0];
  const idp = entity ? elements(entity.getElementsByTagNameNS(metadataNs, 'IDPSSODescriptor'))[0] : undefined;
  if (!entity || !idp) return { ok: false, problem: 'is not SAML identity-provider metadata (no EntityDescriptor with an IDPSSODescriptor)' };
  const services = elements(idp.getElementsByTagNameNS(metadataNs, 'SingleSignOnService'));
  const service = services.find((s) => s.getAttribute('Binding') === redirectBinding) ?? services.find((s) => s.getAttribute('Binding') === postBinding);
  const ssoUrl = service?.getAttribute('Location') ?? '';
  // Plain http only for an IdP on this machine's loopback (a local test IdP).
  if (!ssoUrl.startsWith('https://') && !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(ssoUrl)) {
    return { ok: false, problem: 'has no https SingleSignOnService with the HTTP-Redirect or HTTP-POST binding' };
  }
  const certificates = elements(idp.getElementsByTagNameNS(metadataNs, 'KeyDescriptor'))
    .filter((key) => (key.getAttribute('use') || 'signing') === 'signing')
    .flatMap((key) => elements(key.getElementsByTagNameNS(signatureNs, 'X509Certificate')).map((node) => (node.textContent ?? '').replace(/\s+/g, '')))
    .filter(Boolean);
  if (!certificates.length) return { ok: false, problem: 'has no signing certificate (KeyDescriptor use="signing")' };
  const entityId = entity.getAttribute('entityID') ?? '';
  if (!entityId) return { ok: false, problem: 'has no entityID' };
  return { ok: true, metadata: { entityId, ssoUrl, certificates: [...new Set(certificates)].map((body) => `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`) } };
};
