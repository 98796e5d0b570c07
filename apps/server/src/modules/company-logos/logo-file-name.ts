import { createHash } from 'node:crypto';
import type { LogoContentType } from '@vigil/contracts';

const extensions: Record<LogoContentType, string> = { 'image/svg+xml': 'svg', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** `{slug}-{first 12 hex of sha256}.{ext}`: a new image always gets a new name, so caches never go stale. */
export const logoFileName = (slug: string, content: Buffer, contentType: LogoContentType) =>
  `${slug}-${createHash('sha256').update(content).digest('hex').slice(0, 12)}.${extensions[contentType]}`;

export const logoFileNamePattern = /^[a-z0-9][a-z0-9-]{0,80}-[0-9a-f]{12}\.(svg|png|jpg|webp)$/;
