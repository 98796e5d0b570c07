import type { ProviderContext } from '../context.ts';
import { normaliseLoginId } from '../users/users.repository.ts';

/** Counts an attempt against the caller's IP and the login id it names (contract: 429 + Retry-After). */
export const throttle = async (context: ProviderContext, route: string, ip: string | undefined, loginId?: string) => {
  await context.limiter.hit(`ip:${route}:${ip ?? 'unknown'}`, context.settings.limits.perIp);
  if (loginId) await context.limiter.hit(`login:${route}:${normaliseLoginId(loginId)}`, context.settings.limits.perLoginId);
};
