import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { decryptText, encryptText } from '../crypto.ts';
import type { ProviderContext } from '../context.ts';
import { totpSecrets } from '../schema/index.ts';
import type { UserRow } from '../users/users.repository.ts';

// RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps.
const period = 30;
const totpFor = (issuer: string, label: string, secret: Secret) => new TOTP({ issuer, label, secret, algorithm: 'SHA1', digits: 6, period });

/**
 * A new secret for the person's authenticator app, kept as pending until a code from it is
 * confirmed (the active one, if any, keeps working until then). The answer is the contract's
 * (§2.10): the otpauth:// URL, the same as a QR code (PNG, base64) and the key to type by hand.
 */
export const provisionTotp = async (context: ProviderContext, user: UserRow, loginId: string) => {
  const secret = new Secret({ size: 20 });
  const totp = totpFor(context.settings.appName, user.email || loginId, secret);
  const provisioningURL = totp.toString();
  const sealed = encryptText(context.secret, secret.base32);
  await context.db
    .insert(totpSecrets)
    .values({ userId: user.id, pendingSecretEncrypted: sealed })
    .onConflictDoUpdate({ target: totpSecrets.userId, set: { pendingSecretEncrypted: sealed, updatedAt: new Date() } });
  const image = (await QRCode.toDataURL(provisioningURL, { margin: 1, width: 240, errorCorrectionLevel: 'M' })).replace(/^data:image\/png;base64,/, '');
  return { provisioningURL, image, key: secret.base32 };
};

/** The 30-second step a code belongs to, allowing one step of clock drift either way; undefined when it is no code of the secret. */
const stepOf = (sealed: string | null, code: string, context: ProviderContext, now: number) => {
  if (!sealed) return undefined;
  const secret = Secret.fromBase32(decryptText(context.secret, sealed));
  const delta = TOTP.validate({ token: code, secret, algorithm: 'SHA1', digits: 6, period, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / period) + delta;
};

/**
 * Checks a code against the person's active secret and, when `pendingAllowed`, the pending one. A
 * code is accepted once: its step must be later than the last accepted step, claimed atomically so
 * two requests racing with one code cannot both pass. A code of the pending secret makes it active.
 * @returns which secret matched, or undefined (wrong, expired or used code).
 */
export const acceptTotpCode = async (context: ProviderContext, userId: string, code: string, pendingAllowed: boolean) => {
  const [row] = await context.db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)).limit(1);
  if (!row || !/^\d{6}$/.test(code)) return undefined;
  const now = Date.now();
  const activeStep = stepOf(row.secretEncrypted, code, context, now);
  const pendingStep = activeStep === undefined && pendingAllowed ? stepOf(row.pendingSecretEncrypted, code, context, now) : undefined;
  const step = activeStep ?? pendingStep;
  if (step === undefined) return undefined;
  const confirmsPending = activeStep === undefined;
  const [claimed] = await context.db
    .update(totpSecrets)
    .set(
      confirmsPending
        ? { secretEncrypted: row.pendingSecretEncrypted, pendingSecretEncrypted: null, confirmedAt: new Date(), lastUsedStep: step, updatedAt: new Date() }
        : { lastUsedStep: step },
    )
    .where(and(eq(totpSecrets.userId, userId), or(isNull(totpSecrets.lastUsedStep), lt(totpSecrets.lastUsedStep, step))))
    .returning({ userId: totpSecrets.userId });
  if (!claimed) return undefined;
  return confirmsPending ? ('pending' as const) : ('active' as const);
};

/** Whether the person has a pending secret and no active one: a sign-up with an authenticator app not yet confirmed. */
export const totpState = async (context: ProviderContext, userId: string) => {
  const [row] = await context.db
    .select({ active: sql<boolean>`${totpSecrets.secretEncrypted} is not null`, pending: sql<boolean>`${totpSecrets.pendingSecretEncrypted} is not null` })
    .from(totpSecrets)
    .where(eq(totpSecrets.userId, userId))
    .limit(1);
  return { active: Boolean(row?.active), pending: Boolean(row?.pending) };
};
