import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ProviderContext } from '../context.ts';
import { randomInt } from 'node:crypto';
import { keyedHash, randomCode, randomId, randomToken, sameSecret } from '../crypto.ts';
import { AuthError } from '../errors.ts';
import { verifications } from '../schema/index.ts';
import type { ClientInfo } from '../sessions/sessions.ts';
import { type UserRow, normaliseLoginId } from '../users/users.repository.ts';

type Kind = (typeof verifications.$inferSelect)['kind'];

type StartOptions = {
  kind: Kind;
  channel: string;
  loginId: string;
  /** Undefined for an unknown or unusable login id: the same record is made, nothing is sent. */
  user: UserRow | undefined;
  client: ClientInfo;
  redirectUrl?: string;
  defaultPath?: string;
  withPendingRef?: boolean;
  /** An update: the new email or phone, which is also where the message goes. */
  targetValue?: string;
  /** A reset link sent because too many wrong passwords locked the account. */
  purpose?: 'unlock';
  /** A second factor for this signed-in session family (`loginOptions.mfa`). */
  stepUpFamilyId?: string;
};

/** A link must lead back into this application, never elsewhere: otherwise a token could be phished. */
export const linkBase = (context: ProviderContext, redirectUrl: string | undefined, defaultPath: string) => {
  const base = context.settings.publicUrl;
  if (!redirectUrl) return `${base}${defaultPath}`;
  if (redirectUrl !== base && !redirectUrl.startsWith(`${base}/`)) {
    throw new AuthError('invalidArguments', `redirectUrl: must be an address of this application (${base}/…)`);
  }
  return redirectUrl;
};

type MessageDetails = { secret: string; link?: string; linkId?: string; purpose?: 'unlock'; isUpdate: boolean };

const messageFor = (context: ProviderContext, kind: Kind, { secret, link, linkId, purpose, isUpdate }: MessageDetails) => {
  const app = context.settings.appName;
  const minutes = Math.round(context.settings.codeTtlSeconds / 60);
  const ignore = 'If you did not ask for this, you can ignore this message: nothing changes.';
  if (isUpdate) {
    const confirm = link ? `Open this link to confirm it:\n\n${link}` : `Your confirmation code is ${secret}`;
    return { subject: `Confirm your new ${app} sign-in address`, text: `${confirm}\n\nIt works once, for ${minutes} minutes.\n\n${ignore}` };
  }
  switch (kind) {
    case 'otp':
      return { subject: `Your ${app} sign-in code`, text: `Your ${app} sign-in code is ${secret}\n\nIt works once, for ${minutes} minutes.\n\n${ignore}` };
    case 'enchantedlink':
      return {
        subject: `Sign in to ${app} (link ${linkId})`,
        text: `Open this link to sign in to ${app} where you asked for it. The page there shows the number ${linkId}.\n\n${link}\n\nIt works once, for ${minutes} minutes.\n\n${ignore}`,
      };
    case 'password-reset':
      if (purpose === 'unlock') {
        return {
          subject: `Your ${app} account was locked`,
          text: `After too many wrong passwords your ${app} account was locked. Open this link to choose a new password and unlock it:\n\n${link}\n\nIt works once, for ${minutes} minutes. If the wrong passwords were not yours, someone may be guessing: choose a strong new password.`,
        };
      }
      return { subject: `Reset your ${app} password`, text: `Open this link to choose a new ${app} password:\n\n${link}\n\nIt works once, for ${minutes} minutes.\n\n${ignore}` };
    default:
      return { subject: `Sign in to ${app}`, text: `Open this link to sign in to ${app}:\n\n${link}\n\nIt works once, for ${minutes} minutes.\n\n${ignore}` };
  }
};

/**
 * Issues a code (otp) or a link token, keeps only its keyed hash, retires earlier ones for the same
 * login id, and sends it when the login id belongs to a usable account.
 */
export const startVerification = async (context: ProviderContext, options: StartOptions) => {
  const isCode = options.kind === 'otp';
  const secret = isCode ? randomCode() : randomToken();
  const pendingRef = options.withPendingRef ? randomToken() : undefined;
  const linkId = options.withPendingRef ? String(randomInt(10, 100)) : undefined;
  const link = isCode ? undefined : `${linkBase(context, options.redirectUrl, options.defaultPath ?? '/login/verify/')}${options.redirectUrl?.includes('?') ? '&' : '?'}t=${secret}`;
  const loginId = normaliseLoginId(options.loginId);
  const id = randomId('V');
  await context.db.transaction(async (tx) => {
    await tx
      .update(verifications)
      .set({ consumedAt: new Date() })
      .where(and(eq(verifications.loginId, loginId), eq(verifications.kind, options.kind), isNull(verifications.consumedAt)));
    await tx.insert(verifications).values({
      id,
      kind: options.kind,
      channel: options.channel,
      loginId,
      targetValue: options.targetValue ?? null,
      stepUpFamilyId: options.stepUpFamilyId ?? null,
      userId: options.user?.id ?? null,
      secretHash: keyedHash(context.secret, isCode ? `${id}:${secret}` : secret),
      pendingRefHash: pendingRef ? keyedHash(context.secret, pendingRef) : null,
      expiresAt: new Date(Date.now() + context.settings.codeTtlSeconds * 1000),
      ip: options.client.ip,
      userAgent: options.client.userAgent,
    });
  });
  if (options.user) {
    const recipient = options.targetValue ?? (options.channel === 'email' ? options.user.email! : options.user.phone!);
    const message = messageFor(context, options.kind, { secret, link, linkId, purpose: options.purpose, isUpdate: Boolean(options.targetValue) });
    // Sent after the answer, not before: waiting for SMTP or Twilio only for real accounts would
    // let response times tell which login ids exist.
    void context.delivery.send({ channel: options.channel, to: recipient, ...message }).catch((error: unknown) =>
      context.log.error({ err: error, channel: options.channel, verificationId: id }, 'could not deliver a code or link'),
    );
  }
  return { pendingRef, linkId };
};

const invalidCode = () => new AuthError('invalidCode', 'The code is wrong or has expired; ask for a new one');

/**
 * Checks a typed code against the newest live one for the login id. Each wrong try counts; after
 * the allowed number the code is dead. A right code is consumed, so it works once.
 * @throws AuthError invalidCode (the same for unknown login ids, wrong, used and expired codes).
 */
export const consumeCode = async (context: ProviderContext, loginId: string, channel: string, code: string) => {
  const [live] = await context.db
    .select()
    .from(verifications)
    .where(
      and(
        eq(verifications.loginId, normaliseLoginId(loginId)),
        eq(verifications.kind, 'otp'),
        eq(verifications.channel, channel),
        isNull(verifications.consumedAt),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  if (!live) throw invalidCode();
  if (!sameSecret(keyedHash(context.secret, `${live.id}:${code.trim()}`), live.secretHash)) {
    const exhausted = live.attempts + 1 >= context.settings.codeMaxAttempts;
    await context.db
      .update(verifications)
      .set({ attempts: sql`${verifications.attempts} + 1`, ...(exhausted ? { consumedAt: new Date() } : {}) })
      .where(eq(verifications.id, live.id));
    throw invalidCode();
  }
  // Consume atomically: of two requests racing with the right code, only one wins.
  const [consumed] = await context.db
    .update(verifications)
    .set({ consumedAt: new Date() })
    .where(and(eq(verifications.id, live.id), isNull(verifications.consumedAt)))
    .returning();
  if (!consumed?.userId) throw invalidCode();
  return consumed;
};

/** Consumes a link token of the given kinds: once, before it expires. */
export const consumeLinkToken = async (context: ProviderContext, token: string, kinds: Kind[]) => {
  const [consumed] = await context.db
    .update(verifications)
    .set({ consumedAt: new Date(), verifiedAt: new Date() })
    .where(
      and(
        eq(verifications.secretHash, keyedHash(context.secret, token)),
        inArray(verifications.kind, kinds),
        isNull(verifications.consumedAt),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!consumed?.userId) {
    throw new AuthError('invalidCode', 'The link is not valid: it was used already, has expired or was replaced by a newer one');
  }
  return consumed;
};

/**
 * The polling side of an enchanted link (or a WhatsApp sign-in, `notp`): answers once with the
 * verification when its link has been opened (anywhere) or its message has arrived, then forgets
 * the reference so it cannot be used again. A reference of the other kind is never taken here.
 * @throws AuthError enchantedLinkPending (notpPending) until then (the SDK keeps polling on non-2xx).
 */
export const takeVerifiedPending = async (context: ProviderContext, pendingRef: string, kind: 'enchantedlink' | 'notp' = 'enchantedlink') => {
  const [taken] = await context.db
    .update(verifications)
    .set({ pendingRefHash: null })
    .where(
      and(
        eq(verifications.pendingRefHash, keyedHash(context.secret, pendingRef)),
        eq(verifications.kind, kind),
        isNotNull(verifications.verifiedAt),
        gt(verifications.expiresAt, new Date(Date.now() - 60_000)),
      ),
    )
    .returning();
  if (!taken?.userId) {
    throw kind === 'notp' ? new AuthError('notpPending', 'The WhatsApp message has not arrived yet') : new AuthError('enchantedLinkPending', 'The link has not been opened yet');
  }
  return taken;
};
