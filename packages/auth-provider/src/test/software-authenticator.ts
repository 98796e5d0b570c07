import { type KeyObject, createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

const base64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const uint32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
};

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

/** CBOR (RFC 8949) for what an attestation holds: small integers, short strings, byte strings and maps. */
const cbor = (value: Cbor): Buffer => {
  const head = (major: number, length: number) =>
    length < 24 ? Buffer.from([(major << 5) | length]) : length < 256 ? Buffer.from([(major << 5) | 24, length]) : Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
  return Buffer.concat([head(2, value.length), Buffer.from(value)]);
};

type PublicKeyOptions = {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
  allowCredentials?: { id: string }[];
};

/**
 * A passkey authenticator in software for tests, per the WebAuthn Level 3 data formats: ES256 keys,
 * "none" attestation, user presence and verification flags, a signature counter. It answers the
 * start options the way the web SDK's browser helpers do (JSON strings, base64url binaries), so the
 * provider is driven exactly as by a browser; Chromium's virtual authenticator covers the browser.
 */
export const createSoftwareAuthenticator = (origin: string, { userVerified = true } = {}) => {
  const credentials = new Map<string, { privateKey: KeyObject; userHandle: string; counter: number; rpId: string }>();
  const flagsFor = (attested: boolean) => 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
  const rpIdHash = (rpId: string) => createHash('sha256').update(rpId).digest();

  return {
    /** navigator.credentials.create: a new key pair for the relying party, answered as the SDK serialises it. */
    create: (optionsJson: string) => {
      const { publicKey } = JSON.parse(optionsJson) as { publicKey: PublicKeyOptions };
      const rpId = publicKey.rp?.id ?? new URL(origin).hostname;
      const { privateKey, publicKey: pair } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = pair.export({ format: 'jwk' });
      // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
      const coseKey = new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const credentialId = randomBytes(16);
      const authData = Buffer.concat([
        rpIdHash(rpId),
        Buffer.from([flagsFor(true)]),
        uint32(0),
        Buffer.alloc(16),
        Buffer.from([0, credentialId.length]),
        credentialId,
        cbor(coseKey),
      ]);
      const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
      const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: publicKey.challenge, origin, crossOrigin: false });
      credentials.set(base64url(credentialId), { privateKey, userHandle: publicKey.user!.id, counter: 0, rpId });
      return JSON.stringify({ id: base64url(credentialId), rawId: base64url(credentialId), type: 'public-key', response: { attestationObject: base64url(attestationObject), clientDataJSON: base64url(clientDataJSON) } });
    },
    /**
     * navigator.credentials.get: signs the challenge with an allowed credential (any, for a
     * discoverable sign-in). `asOrigin` plays a browser on another site (a phishing page) asking.
     */
    get: (optionsJson: string, asOrigin = origin) => {
      const { publicKey } = JSON.parse(optionsJson) as { publicKey: PublicKeyOptions };
      const allowed = publicKey.allowCredentials?.map((credential) => credential.id) ?? [];
      const id = allowed.length ? allowed.find((candidate) => credentials.has(candidate)) : [...credentials.keys()][0];
      const credential = id ? credentials.get(id) : undefined;
      if (!id || !credential) throw new Error('NotAllowedError: no credential of this authenticator is allowed');
      credential.counter += 1;
      const authData = Buffer.concat([rpIdHash(publicKey.rpId ?? credential.rpId), Buffer.from([flagsFor(false)]), uint32(credential.counter)]);
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: publicKey.challenge, origin: asOrigin, crossOrigin: false }));
      const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), credential.privateKey);
      return JSON.stringify({
        id,
        rawId: id,
        type: 'public-key',
        response: { authenticatorData: base64url(authData), clientDataJSON: base64url(clientDataJSON), signature: base64url(signature), userHandle: credential.userHandle },
      });
    },
  };
};
