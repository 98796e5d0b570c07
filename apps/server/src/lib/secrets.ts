import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets at rest (SMTP passwords, API keys of outside services) and keyed tokens (tracking links),
 * all from the one application secret (AUTH_SECRET, shared by every server and worker), each purpose
 * with a key of its own derived by HKDF, so one use can never be turned into another.
 */
export type SecretBox = Readonly<{
  /** AES-256-GCM; `v1.iv.tag.ciphertext`, base64url. */
  seal: (plaintext: string) => string;
  /** @throws Error when the text was not sealed with this secret (or was altered). */
  open: (sealed: string) => string;
  /** A keyed token for `purpose` and `value`, base64url: deterministic, unguessable without the secret. */
  token: (purpose: string, value: string, bytes?: number) => string;
}>;

const derive = (secret: Buffer, purpose: string, length = 32) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `vigil:${purpose}`, length));

export const createSecretBox = (secret: Buffer): SecretBox => {
  const sealingKey = derive(secret, 'secrets-at-rest');
  // Derived once per purpose (a launch makes a tracking token for each of 100,000 recipients).
  const tokenKeys = new Map<string, Buffer>();
  const tokenKey = (purpose: string) => {
    let key = tokenKeys.get(purpose);
    if (!key) tokenKeys.set(purpose, (key = derive(secret, `token:${purpose}`)));
    return key;
  };
  return {
    seal: (plaintext) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealingKey, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open: (sealed) => {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', sealingKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
    token: (purpose, value, bytes = 16) => createHmac('sha256', tokenKey(purpose)).update(value).digest().subarray(0, bytes).toString('base64url'),
  };
};

/** Compares two tokens in constant time. */
export const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
