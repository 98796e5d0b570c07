import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const randomId = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
/** A six-digit one-time code, uniformly drawn. */
export const randomCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Keyed hash for short secrets (codes): a leaked table cannot be brute-forced without the key. */
export const keyedHash = (key: Buffer, value: string) => createHmac('sha256', key).update(value).digest('base64url');

export const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** AES-256-GCM: `iv.tag.ciphertext`, base64url. The key is derived from the provider's secret. */
export const encryptText = (secret: Buffer, plaintext: string) => {
  const key = createHash('sha256').update(secret).update('signing-key-encryption').digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.');
};

export const decryptText = (secret: Buffer, sealed: string) => {
  const key = createHash('sha256').update(secret).update('signing-key-encryption').digest();
  const [iv, tag, ciphertext] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(ciphertext!), decipher.final()]).toString('utf8');
};
