import { randomBytes } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ProviderContext } from '../context.ts';
import { randomToken } from '../crypto.ts';
import { AuthError } from '../errors.ts';
import { passkeys, webauthnTransactions } from '../schema/index.ts';
import { deviceNameOf } from '../users/device-kind.ts';

const ceremonySeconds = 5 * 60;

/** passkeyOptions (contract §2.11): what kind of authenticator the app asks for. */
export const passkeyOptionsSchema = z
  .looseObject({
    authenticatorSelection: z
      .looseObject({
        authenticatorAttachment: z.enum(['any', 'platform', 'crossplatform', 'cross-platform']).optional(),
        residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
        userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
      })
      .optional(),
    userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  })
  .optional();
type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** Where passkeys may be used: the app's own origin (and any the host adds), under its host name. */
export type RelyingParty = { id: string; name: string; origins: string[] };

export const relyingPartyFor = (publicUrl: string, appName: string, extraOrigins: readonly string[] = []): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: appName, origins: [...new Set([url.origin, ...extraOrigins.map((origin) => new URL(origin).origin)])] };
};

const checkOrigin = (party: RelyingParty, origin: string) => {
  if (!party.origins.includes(origin)) throw new AuthError('invalidArguments', `origin: passkeys here work only at ${party.origins.join(', ')}`);
};

const userVerificationOf = (options: PasskeyOptions) => options?.authenticatorSelection?.userVerification ?? options?.userVerification ?? 'preferred';

/** The credential ids a person has, for the browser to exclude (registration) or offer (sign-in). */
const credentialsOf = async (context: ProviderContext, userId: string) =>
  (await context.db.select({ id: passkeys.id, transports: passkeys.transports, userHandle: passkeys.userHandle }).from(passkeys).where(eq(passkeys.userId, userId))).map(
    (row) => ({ id: row.id, transports: row.transports as AuthenticatorTransport[], userHandle: row.userHandle }),
  );

type Begin = { userId?: string; loginId: string; displayName?: string; mfa?: boolean; stepUpFamilyId?: string; userAgent?: string };

const saveCeremony = async (context: ProviderContext, kind: 'signup' | 'signin' | 'update', origin: string, challenge: string, begin: Begin & { userHandle?: string }) => {
  const id = randomToken(24);
  await context.db.insert(webauthnTransactions).values({
    id,
    kind,
    origin,
    challenge,
    userId: begin.userId,
    loginId: begin.loginId,
    displayName: begin.displayName ?? '',
    userHandle: begin.userHandle,
    mfa: begin.mfa ?? false,
    stepUpFamilyId: begin.stepUpFamilyId,
    userAgent: begin.userAgent,
    expiresAt: new Date(Date.now() + ceremonySeconds * 1000),
  });
  return id;
};

/**
 * Starts a registration: a new person (sign-up) or another passkey of a signed-in one (update).
 * @returns the contract's start answer, `options` being `{ publicKey }` as a JSON string.
 */
export const startRegistration = async (
  context: ProviderContext,
  party: RelyingParty,
  kind: 'signup' | 'update',
  origin: string,
  begin: Begin,
  passkeyOptions: PasskeyOptions,
) => {
  checkOrigin(party, origin);
  const existing = begin.userId ? await credentialsOf(context, begin.userId) : [];
  // One user handle per person, so a discoverable sign-in finds them from any of their passkeys.
  const userHandle = existing[0]?.userHandle ?? randomBytes(32).toString('base64url');
  const attachment = passkeyOptions?.authenticatorSelection?.authenticatorAttachment;
  const publicKey = await generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: begin.loginId,
    userID: Buffer.from(userHandle, 'base64url'),
    userDisplayName: begin.displayName || begin.loginId,
    attestationType: 'none',
    timeout: ceremonySeconds * 1000,
    excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
    authenticatorSelection: {
      residentKey: passkeyOptions?.authenticatorSelection?.residentKey ?? 'preferred',
      userVerification: userVerificationOf(passkeyOptions),
      ...(attachment && attachment !== 'any' ? { authenticatorAttachment: attachment === 'platform' ? 'platform' : 'cross-platform' } : {}),
    },
  });
  const transactionId = await saveCeremony(context, kind, origin, publicKey.challenge, { ...begin, userHandle });
  return { transactionId, options: JSON.stringify({ publicKey }), create: true };
};

/**
 * Starts a sign-in (or a step-up): a person's passkeys are offered when the login id names them;
 * with an empty login id the browser offers any passkey it holds for this site (discoverable).
 */
export const startAuthentication = async (context: ProviderContext, party: RelyingParty, origin: string, begin: Begin, passkeyOptions: PasskeyOptions) => {
  checkOrigin(party, origin);
  const allowed = begin.userId ? await credentialsOf(context, begin.userId) : [];
  const publicKey = await generateAuthenticationOptions({
    rpID: party.id,
    timeout: ceremonySeconds * 1000,
    userVerification: userVerificationOf(passkeyOptions),
    // A login id without passkeys still gets a ceremony (with a random credential id), so the
    // answer does not tell who has passkeys; it simply cannot succeed.
    allowCredentials: !begin.loginId ? [] : allowed.length ? allowed.map(({ id, transports }) => ({ id, transports })) : [{ id: randomBytes(32).toString('base64url') }],
  });
  const transactionId = await saveCeremony(context, 'signin', origin, publicKey.challenge, begin);
  return { transactionId, options: JSON.stringify({ publicKey }), create: false };
};

/** Takes a live ceremony once: a finish that comes twice, late or for another kind is refused. */
const takeCeremony = async (context: ProviderContext, transactionId: string, kinds: readonly string[]) => {
  const [ceremony] = await context.db
    .update(webauthnTransactions)
    .set({ consumedAt: new Date() })
    .where(and(eq(webauthnTransactions.id, transactionId), isNull(webauthnTransactions.consumedAt), gt(webauthnTransactions.expiresAt, sql`now()`)))
    .returning();
  if (!ceremony || !kinds.includes(ceremony.kind)) throw new AuthError('unauthorized', 'transactionId: the passkey ceremony is unknown, finished or expired; start again');
  return ceremony;
};

const parseCredential = <T>(response: string): T => {
  try {
    const parsed = JSON.parse(response) as Record<string, unknown>;
    // The web SDK leaves out the client extension results; the verifier expects the field.
    return { clientExtensionResults: {}, ...parsed } as T;
  } catch {
    throw new AuthError('invalidArguments', 'response: must be the credential as a JSON string');
  }
};

const refused = (why: string) => new AuthError('unauthorized', `response: the passkey could not be verified (${why})`);

/**
 * Finishes a registration: verifies the new credential against the ceremony and keeps its public
 * key. `createUser` makes the person for a sign-up (only once the passkey is proved).
 */
export const finishRegistration = async (
  context: ProviderContext,
  party: RelyingParty,
  kind: 'signup' | 'update',
  transactionId: string,
  response: string,
  createUser: (ceremony: typeof webauthnTransactions.$inferSelect) => Promise<string>,
) => {
  // A sign-up's finish never completes an update's ceremony (which would sign its person in afresh).
  const ceremony = await takeCeremony(context, transactionId, [kind]);
  const credential = parseCredential<RegistrationResponseJSON>(response);
  let verified;
  try {
    verified = await verifyRegistrationResponse({ response: credential, expectedChallenge: ceremony.challenge, expectedOrigin: ceremony.origin, expectedRPID: party.id, requireUserVerification: false });
  } catch (error) {
    throw refused(error instanceof Error ? error.message : 'malformed');
  }
  if (!verified.verified) throw refused('not verified');
  const info = verified.registrationInfo;
  const userId = ceremony.userId ?? (await createUser(ceremony));
  const [taken] = await context.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, info.credential.id)).limit(1);
  if (taken) throw new AuthError('userExists', 'response: this passkey is registered already');
  await context.db.insert(passkeys).values({
    id: info.credential.id,
    userId,
    userHandle: ceremony.userHandle!,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    // Named after the browser and system that made it until the person names it.
    name: deviceNameOf(ceremony.userAgent ?? undefined),
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
  });
  return { ceremony, userId, userVerified: info.userVerified };
};

/**
 * Finishes a sign-in: the signature must verify with the stored public key of the credential used,
 * which must be the named person's (when one was named) and match the user handle it returns.
 */
export const finishAuthentication = async (context: ProviderContext, party: RelyingParty, transactionId: string, response: string) => {
  const ceremony = await takeCeremony(context, transactionId, ['signin']);
  const credential = parseCredential<AuthenticationResponseJSON>(response);
  const [stored] = typeof credential.id === 'string' ? await context.db.select().from(passkeys).where(eq(passkeys.id, credential.id)).limit(1) : [];
  if (!stored || (ceremony.userId && stored.userId !== ceremony.userId)) throw refused('unknown passkey');
  if (credential.response?.userHandle && credential.response.userHandle !== stored.userHandle) throw refused('user handle does not match');
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: ceremony.origin,
      expectedRPID: party.id,
      credential: { id: stored.id, publicKey: Buffer.from(stored.publicKey, 'base64url'), counter: stored.counter, transports: stored.transports as AuthenticatorTransport[] },
      requireUserVerification: false,
    });
  } catch (error) {
    throw refused(error instanceof Error ? error.message : 'malformed');
  }
  if (!verified.verified) throw refused('not verified');
  await context.db.update(passkeys).set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() }).where(eq(passkeys.id, stored.id));
  return { ceremony, userId: stored.userId, userVerified: verified.authenticationInfo.userVerified };
};

/** A passkey with the person's presence and verification (PIN, fingerprint) is two factors in one. */
export const passkeyAmr = (userVerified: boolean) => (userVerified ? ['webauthn', 'mfa'] : ['webauthn']);
