import { randomInt } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AuthDb } from '../database.ts';
import { keyedHash, randomId, randomToken } from '../crypto.ts';
import { outboxMessages, verifications } from '../schema/index.ts';
import type { ClientInfo } from '../sessions/sessions.ts';
import { type UserRow, normaliseLoginId, usersRepository } from '../users/users.repository.ts';

/**
 * WhatsApp number-based login ("nOTP", contract §2.7): the page gets a wa.me link (and its QR code)
 * that opens WhatsApp with a short message holding a one-time code, addressed to the business
 * number. The person sends it; Twilio posts it to our webhook; the code names the request and the
 * sender's number says who it is. The page polls and gets the session.
 */

export type NotpRequest = typeof verifications.$inferSelect;

// No 0/O or 1/I: the code is read off a phone screen, and may be typed again by hand.
const codeAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const codeHalf = () => Array.from({ length: 4 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');
/** Eight characters of 32 (40 bits) as `4KQ7-9XPA`: unguessable within its ten minutes, short enough to read. */
export const newNotpCode = () => `${codeHalf()}-${codeHalf()}`;

/** The codes a message's text may hold, as issued (upper case, with the dash); a person may have edited the rest. */
export const notpCodesIn = (text: string) => [...new Set([...text.toUpperCase().matchAll(/(?<![A-Z0-9])([A-Z0-9]{4})-?([A-Z0-9]{4})(?![A-Z0-9])/g)].map((m) => `${m[1]}-${m[2]}`))].slice(0, 5);

/** Only a keyed hash of a code is kept; the webhook finds the request by it. */
export const notpCodeHash = (secret: Buffer, code: string) => keyedHash(secret, `notp:${code}`);

/** The message the person sends, which the link pre-fills. */
export const notpMessage = (appName: string, code: string) => `Sign me in to ${appName}: ${code}`;

/**
 * The wa.me link that opens WhatsApp with the message filled in. Without a business number (no
 * Twilio), the link has none and WhatsApp asks whom to send it to; the operator outbox confirms it.
 */
export const whatsAppLink = (businessNumber: string | undefined, text: string) =>
  `https://wa.me/${businessNumber ? businessNumber.replace(/^\+/, '') : ''}?text=${encodeURIComponent(text)}`;

/** The QR code of the link, as the contract's `image`: a PNG, base64, without the data: prefix (as TOTP's). */
export const qrCodeImage = async (url: string) =>
  (await QRCode.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: 'M' })).replace(/^data:image\/png;base64,/, '');

/** The outbox row of a waiting request is named after it (as lures are after their recipient), so confirming it finds the request. */
export const notpOutboxIdPrefix = 'notp:';
export const notpOutboxChannel = 'whatsapp-inbound';
const outboxIdOf = (requestId: string) => `${notpOutboxIdPrefix}${requestId}`;
export const notpRequestIdOf = (outboxId: string) => (outboxId.startsWith(notpOutboxIdPrefix) ? outboxId.slice(notpOutboxIdPrefix.length) : undefined);

type StartNotp = {
  db: AuthDb;
  secret: Buffer;
  appName: string;
  ttlSeconds: number;
  /** The phone the person said they send from, normalised; '' when they did not say. */
  loginId: string;
  /** Undefined for an unknown or unusable login id: the same record is made, nothing else happens. */
  user: UserRow | undefined;
  client: ClientInfo;
  /** The WhatsApp number that receives the messages; undefined without Twilio. */
  businessNumber: string | undefined;
};

/**
 * A new request: its code and pending reference are kept only as keyed hashes; an earlier live
 * request for the same phone is retired. Without a business number, the request waits in the
 * operator outbox for a superadmin to confirm (only for a usable account, as other messages).
 */
export const startNotp = async ({ db, secret, appName, ttlSeconds, loginId, user, client, businessNumber }: StartNotp) => {
  const code = newNotpCode();
  const pendingRef = randomToken();
  const id = randomId('V');
  const text = notpMessage(appName, code);
  await db.transaction(async (tx) => {
    if (loginId) {
      await tx
        .update(verifications)
        .set({ consumedAt: new Date() })
        .where(and(eq(verifications.loginId, loginId), eq(verifications.kind, 'notp'), isNull(verifications.consumedAt)));
    }
    await tx.insert(verifications).values({
      id,
      kind: 'notp',
      channel: 'whatsapp',
      loginId,
      userId: user?.id ?? null,
      secretHash: notpCodeHash(secret, code),
      pendingRefHash: keyedHash(secret, pendingRef),
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      ip: client.ip,
      userAgent: client.userAgent,
    });
    if (!businessNumber && user && loginId) {
      await tx.insert(outboxMessages).values({
        id: outboxIdOf(id),
        channel: notpOutboxChannel,
        recipient: loginId,
        subject: `Waiting for WhatsApp from ${loginId}`,
        body: `Someone asked to sign in to ${appName} by sending "${text}" on WhatsApp from ${loginId}. This deployment receives no WhatsApp messages: if it is that person, confirm the request here within ${Math.round(ttlSeconds / 60)} minutes and their page signs them in.`,
      });
    }
  });
  const redirectUrl = whatsAppLink(businessNumber, text);
  return { pendingRef, redirectUrl, image: await qrCodeImage(redirectUrl) };
};

/** Live requests whose code a message holds (none for a message without one). */
export const findNotpRequestsByCodes = async (db: AuthDb, secret: Buffer, codes: readonly string[]) =>
  codes.length
    ? db
        .select()
        .from(verifications)
        .where(
          and(
            inArray(verifications.secretHash, codes.map((code) => notpCodeHash(secret, code))),
            eq(verifications.kind, 'notp'),
            isNull(verifications.consumedAt),
            gt(verifications.expiresAt, new Date()),
          ),
        )
    : [];

export const findNotpRequestById = async (db: AuthDb, id: string) =>
  (await db.select().from(verifications).where(and(eq(verifications.id, id), eq(verifications.kind, 'notp'))).limit(1))[0];

export type NotpConfirmation = { confirmed: true; userId: string } | { confirmed: false; userId?: string; reason: string };

/**
 * Confirms a request with a message from `senderPhone` (the webhook's `From`, or the outbox's
 * recipient): only from the phone the request named, or, when it named none, from the phone of an
 * enabled person. Confirmed once, while live; the polling page then gets the session. A refusal
 * changes nothing.
 */
export const confirmNotp = async (db: AuthDb, request: NotpRequest, senderPhone: string): Promise<NotpConfirmation> => {
  if (request.consumedAt || request.expiresAt.getTime() <= Date.now()) return { confirmed: false, reason: 'the request was used already or has expired' };
  const phone = normaliseLoginId(senderPhone);
  const users = usersRepository(db);
  let user: UserRow | undefined;
  if (request.loginId) {
    if (phone !== request.loginId) return { confirmed: false, userId: request.userId ?? undefined, reason: 'the message came from another phone than the one the request named' };
    user = request.userId ? await users.findById(request.userId) : undefined;
    if (user?.status !== 'enabled') return { confirmed: false, reason: 'no enabled account signs in with this phone' };
  } else {
    user = await users.findEnabledByPhone(phone);
    if (!user) return { confirmed: false, reason: 'no enabled account signs in with this phone' };
  }
  // Atomic: of two deliveries of one message (Twilio retries), only one confirms.
  const [confirmed] = await db
    .update(verifications)
    .set({ verifiedAt: new Date(), consumedAt: new Date(), userId: user.id })
    .where(and(eq(verifications.id, request.id), isNull(verifications.consumedAt), gt(verifications.expiresAt, new Date())))
    .returning({ id: verifications.id });
  if (!confirmed) return { confirmed: false, userId: user.id, reason: 'the request was used already or has expired' };
  await db.delete(outboxMessages).where(eq(outboxMessages.id, outboxIdOf(request.id)));
  return { confirmed: true, userId: user.id };
};
