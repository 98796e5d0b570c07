import { createHash, randomBytes } from 'node:crypto';
import { apiKeySecretPrefix } from '@vigil/contracts';

/**
 * An API key's secret: `vgl_`, 43 base62 characters of 32 random bytes, then a 6-character base62
 * CRC-32 of those 43 (GitHub's token format). The prefix lets secret scanners find a leaked key;
 * the checksum lets them, and us, tell a real key from a look-alike without a database lookup.
 */
const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const bodyLength = 43;
const checksumLength = 6;
export const apiKeySecretPattern = new RegExp(`^${apiKeySecretPrefix}[0-9A-Za-z]{${bodyLength + checksumLength}}$`);

const base62 = (value: bigint, length: number) => {
  let text = '';
  for (let rest = value; rest > 0n; rest /= 62n) text = alphabet[Number(rest % 62n)] + text;
  return text.padStart(length, '0');
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const crc32 = (text: string) => {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

const checksumOf = (body: string) => base62(BigInt(crc32(body)), checksumLength);

/** SHA-256 is enough: the secret has 256 bits of entropy, so it cannot be found from its hash. */
export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A new secret, with what is stored of it: the hash, and the first and last characters people recognise it by. */
export const generateApiKeySecret = () => {
  const body = base62(BigInt(`0x${randomBytes(32).toString('hex')}`), bodyLength);
  const secret = `${apiKeySecretPrefix}${body}${checksumOf(body)}`;
  return { secret, secretHash: hashApiKeySecret(secret), prefix: secret.slice(0, apiKeySecretPrefix.length + 4), lastFour: secret.slice(-4) };
};

/** Whether a bearer token is shaped like one of our keys, checksum included: anything else is refused before the database is asked. */
export const isWellFormedApiKeySecret = (token: string) => {
  if (!apiKeySecretPattern.test(token)) return false;
  const body = token.slice(apiKeySecretPrefix.length, apiKeySecretPrefix.length + bodyLength);
  return token.endsWith(checksumOf(body));
};

/** Whether a bearer token claims to be an API key (by its prefix), well formed or not. */
export const looksLikeApiKeySecret = (token: string) => token.startsWith(apiKeySecretPrefix);
