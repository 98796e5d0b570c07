import { and, desc, eq } from 'drizzle-orm';
import { keyedHash, randomId } from '../crypto.ts';
import type { AuthDb } from '../database.ts';
import { authEvents } from '../schema/index.ts';
import type { ClientInfo } from '../sessions/sessions.ts';

export type AuthEvent = {
  event: string;
  method: string;
  success: boolean;
  userId?: string | null;
  loginId?: string;
  tenantId?: string | null;
  reason?: string;
};

/** Every attempt, success and failure: the user's login history and the organisation's login log. */
export type AuthEventListener = (event: AuthEvent, client: ClientInfo) => Promise<void>;

/** The host's way to tell an address's country (an offline registry lookup, say). */
export type CountryLocator = (ip: string | undefined) => string | undefined;

/** A locator's answer; a locator that throws costs the record its country, never the sign-in. */
const locate = (locator: CountryLocator | undefined, ip: string | undefined) => {
  try {
    return locator?.(ip);
  } catch {
    return undefined;
  }
};

/**
 * The device id as kept: an HMAC under a key derived from the provider's secret. The same device
 * compares equal across sign-ins, but the stored value cannot be matched with the id that the same
 * open-source library computes for this browser on other sites.
 */
export const deviceIdHash = (secret: Buffer, deviceId: string) => keyedHash(secret, `device-id:${deviceId}`);

export const authEventsLog = (
  db: AuthDb,
  { secret, listener, onListenerError, locateCountry }: { secret?: Buffer; listener?: AuthEventListener; onListenerError?: (error: unknown) => void; locateCountry?: CountryLocator } = {},
) => ({
  /**
   * Records an attempt at `at` (now; a host replaying history passes its time). The host hears the
   * device id as kept (hashed); a log made without the secret keeps none.
   */
  record: async (event: AuthEvent, client: ClientInfo, at?: Date) => {
    const located = {
      ...client,
      country: client.country ?? locate(locateCountry, client.ip),
      deviceId: secret && client.deviceId ? deviceIdHash(secret, client.deviceId) : undefined,
    };
    await db
      .insert(authEvents)
      .values({ id: randomId('E'), ...event, ip: located.ip, userAgent: located.userAgent, country: located.country, deviceId: located.deviceId, ...(at ? { createdAt: at } : {}) });
    // The host application hears every event (to audit tenant switches, say); its failure is not ours.
    if (listener) await listener(event, located).catch((error: unknown) => onListenerError?.(error));
  },
  /** Successful sign-ins of a user, newest first (contract §2.14 `me/history`). */
  history: async (userId: string, limit = 100) =>
    db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, userId), eq(authEvents.success, true), eq(authEvents.event, 'signin')))
      .orderBy(desc(authEvents.createdAt))
      .limit(limit),
});
