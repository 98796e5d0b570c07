import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The provider's secret (it encrypts signing keys and keys code hashes): AUTH_SECRET when set;
 * otherwise one made on first start and kept in DATA_DIR, readable by this user only. Several
 * servers sharing one database must share AUTH_SECRET.
 */
export const loadAuthSecret = (configured: string | undefined, dataDir: string): Buffer => {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = join(dataDir, 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
};
