import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createRemoteJWKSet, customFetch, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { ProviderContext } from '../context.ts';
import { keyedHash, randomToken, sameSecret, sha256 } from '../crypto.ts';
import { AuthError } from '../errors.ts';
import { cachedConfiguration, keepOutboundFetch, outboundOptions } from '../http/outbound.ts';
import { linkBase } from '../methods/verifications.ts';
import { oauthCodes, oauthIdentities, oauthRequests, usedIdTokens } from '../schema/index.ts';
import { createUserWithLoginId } from '../users/create-user.ts';
import { usersRepository } from '../users/users.repository.ts';
import { isUniqueViolation } from '../database.ts';
import { type OAuthProviderConfig, type OAuthProviderName, type ProviderDescriptor, type SocialIdentity, oauthProviderNames, providerDescriptors } from './oauth-providers.ts';

const requestSeconds = 10 * 60;
const codeSeconds = 2 * 60;

type Registered = { name: OAuthProviderName; descriptor: ProviderDescriptor; config: OAuthProviderConfig };

/**
 * The provider as this deployment registered it.
 * @throws AuthError badRequest naming `provider` when it is not one of the contract's or not set up here.
 */
export const registeredProvider = (context: ProviderContext, name: string): Registered => {
  const known = (oauthProviderNames as readonly string[]).includes(name) ? (name as OAuthProviderName) : undefined;
  const config = known ? context.oauthProviders[known] : undefined;
  if (!known || !config) throw new AuthError('badRequest', `provider: signing in with ${name.slice(0, 40)} is not set up on this deployment`);
  return { name: known, descriptor: providerDescriptors[known], config };
};

/** Where a provider sends the browser back: one exact address per provider, registered at the provider. */
export const oauthCallbackUrl = (publicUrl: string, provider: string) => `${publicUrl}/v1/oauth/callback/${provider}`;

const configurationOf = (context: ProviderContext, { name, descriptor, config }: Registered) => {
  const issuer = new URL(config.issuer ?? descriptor.issuer);
  const options = outboundOptions(context, issuer);
  return cachedConfiguration(`oauth:${name}:${issuer.href}:${config.clientId}`, () =>
    descriptor.protocol === 'oidc'
      ? oidc.discovery(issuer, config.clientId, config.clientSecret, undefined, options).then((found) => keepOutboundFetch(context, found))
      : Promise.resolve().then(() => {
          const made = new oidc.Configuration(
            { issuer: issuer.href.replace(/\/$/, ''), authorization_endpoint: config.authorizationUrl ?? descriptor.authorizationUrl, token_endpoint: config.tokenUrl ?? descriptor.tokenUrl },
            config.clientId,
            config.clientSecret,
          );
          options.execute?.forEach((allow) => allow(made));
          return keepOutboundFetch(context, made);
        }),
  );
};

const reach = async <T>(context: ProviderContext, registered: Registered, use: (configuration: oidc.Configuration) => Promise<T>) => {
  let configuration: oidc.Configuration;
  try {
    configuration = await configurationOf(context, registered);
  } catch (error) {
    context.log.warn({ provider: registered.name, reason: error instanceof Error ? error.message : 'no answer' }, 'a social sign-in provider could not be reached');
    throw new AuthError('badRequest', `provider: ${registered.name} could not be reached; try again later`);
  }
  return use(configuration);
};

/**
 * Starts a sign-in at the provider: the request (state, PKCE verifier, nonce, where to return and
 * a hash of the browser's binding secret) is kept in the database for the answer, on any server.
 * @returns the provider's address the browser goes to.
 */
export const startOAuth = async (context: ProviderContext, registered: Registered, options: { redirectUrl?: string; loginHint?: string; browserSecret: string }) => {
  const redirectUrl = linkBase(context, options.redirectUrl, '/login/oauth/');
  const id = randomToken(24);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = registered.descriptor.protocol === 'oidc' ? oidc.randomNonce() : undefined;
  return reach(context, registered, async (configuration) => {
    await context.db.insert(oauthRequests).values({
      id,
      provider: registered.name,
      redirectUrl,
      codeVerifier,
      nonce,
      browserBindingHash: keyedHash(context.secret, options.browserSecret),
      expiresAt: new Date(Date.now() + requestSeconds * 1000),
    });
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: oauthCallbackUrl(context.settings.publicUrl, registered.name),
        scope: registered.descriptor.scope,
        state: id,
        ...(nonce ? { nonce } : {}),
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(registered.descriptor.protocol === 'oidc' && registered.descriptor.formPost ? { response_mode: 'form_post' } : {}),
        ...(options.loginHint ? { login_hint: options.loginHint } : {}),
      })
      .toString();
  });
};

/** Takes a pending request once, within its ten minutes (a replayed answer finds it gone). */
const takeRequest = async (context: ProviderContext, id: string, provider: string, kind: 'web' | 'native') =>
  (
    await context.db
      .update(oauthRequests)
      .set({ consumedAt: new Date() })
      .where(and(eq(oauthRequests.id, id), eq(oauthRequests.provider, provider), eq(oauthRequests.kind, kind), isNull(oauthRequests.consumedAt), gt(oauthRequests.expiresAt, sql`now()`)))
      .returning()
  )[0];

/** The identity behind a token response: the ID token's claims (and userinfo when it lacks the address), or the profile API. */
const identityOf = async (configuration: oidc.Configuration, registered: Registered, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers) => {
  const { descriptor, config } = registered;
  if (descriptor.protocol === 'oidc') {
    let claims: Record<string, unknown> | undefined = tokens.claims();
    if (!claims) throw new Error('the provider sent no ID token');
    // Some providers put the address only behind the userinfo endpoint, for the same subject.
    if (!claims.email && configuration.serverMetadata().userinfo_endpoint) claims = { ...claims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, String(claims.sub))) };
    return descriptor.identity(claims);
  }
  const read = async (url: string) => {
    const response = await oidc.fetchProtectedResource(configuration, tokens.access_token, new URL(url), 'GET', undefined, new Headers({ accept: 'application/json' }));
    if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  return descriptor.identity(read, config.profileUrl ?? descriptor.profileUrl);
};

/**
 * Completes a web sign-in: the state names our request (taken once) and only the browser that
 * started it may finish it (it holds the binding secret); PKCE, nonce and the ID token are checked
 * by openid-client.
 */
export const finishOAuth = async (context: ProviderContext, registered: Registered, callbackUrl: URL, browserSecret: string | undefined) => {
  const state = callbackUrl.searchParams.get('state') ?? '';
  const request = state ? await takeRequest(context, state, registered.name, 'web') : undefined;
  if (!request) throw new AuthError('unauthorized', 'state: not a sign-in started here, or answered already');
  if (!browserSecret || !request.browserBindingHash || !sameSecret(request.browserBindingHash, keyedHash(context.secret, browserSecret))) {
    throw new AuthError('unauthorized', 'state: this sign-in was started in another browser');
  }
  const identity = await reach(context, registered, async (configuration) => {
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: request.codeVerifier!,
        expectedState: state,
        ...(request.nonce ? { expectedNonce: request.nonce } : {}),
      });
      return await identityOf(configuration, registered, tokens);
    } catch (error) {
      throw new AuthError('unauthorized', `code: refused by ${registered.name} or not valid (${error instanceof Error ? error.message : 'invalid'})`);
    }
  });
  return { request, identity };
};

// Signing keys are fetched once per provider and kept by jose (it refetches on an unknown key id).
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * Checks an ID token a browser or app brought itself (One Tap, native sign-in): signed by the
 * provider's published keys, issued by it to our client id, not expired, carrying `nonce`, and
 * never seen before.
 */
export const verifyIdToken = async (context: ProviderContext, registered: Registered, idToken: string, nonces: readonly string[]) => {
  if (registered.descriptor.protocol !== 'oidc') throw new AuthError('badRequest', `provider: ${registered.name} does not issue ID tokens`);
  const payload = await reach(context, registered, async (configuration) => {
    const metadata = configuration.serverMetadata();
    if (!metadata.jwks_uri) throw new AuthError('badRequest', `provider: ${registered.name} publishes no signing keys`);
    const keySet =
      keySets.get(metadata.jwks_uri) ??
      createRemoteJWKSet(new URL(metadata.jwks_uri), context.outboundFetch ? { [customFetch]: context.outboundFetch as never } : {});
    keySets.set(metadata.jwks_uri, keySet);
    try {
      // Entra ID's multi-tenant issuer is a template: the token's tenant fills it.
      const issuer = metadata.issuer.includes('{tenantid}') ? undefined : metadata.issuer;
      const { payload: verified } = await jwtVerify(idToken, keySet, { audience: registered.config.clientId, ...(issuer ? { issuer } : {}), clockTolerance: 60 });
      if (!issuer && verified.iss !== metadata.issuer.replace('{tenantid}', String(verified.tid))) throw new Error('unexpected issuer');
      return verified;
    } catch (error) {
      throw new AuthError('unauthorized', `idToken: not valid (${error instanceof Error ? error.message : 'invalid'})`);
    }
  });
  if (typeof payload.nonce !== 'string' || !nonces.includes(payload.nonce)) throw new AuthError('unauthorized', 'nonce: does not match the ID token');
  const [fresh] = await context.db
    .insert(usedIdTokens)
    .values({ tokenHash: sha256(idToken), expiresAt: new Date((payload.exp ?? Date.now() / 1000 + 3600) * 1000) })
    .onConflictDoNothing()
    .returning();
  if (!fresh) throw new AuthError('unauthorized', 'idToken: used already');
  return registered.descriptor.identity(payload as Record<string, unknown>);
};

/** A native app's sign-in: what the app hands the provider's SDK (client id, nonce), kept ten minutes under `stateId`. */
export const startNativeOAuth = async (context: ProviderContext, registered: Registered, implicit: boolean) => {
  const stateId = randomToken(24);
  const nonce = oidc.randomNonce();
  await context.db.insert(oauthRequests).values({ id: stateId, provider: registered.name, kind: 'native', nonce, expiresAt: new Date(Date.now() + requestSeconds * 1000) });
  return { clientId: registered.config.clientId, stateId, nonce, implicit };
};

/**
 * Finishes a native sign-in with the ID token the app received (its nonce ours, or its SHA-256 as
 * Apple's SDKs send it) or the authorization code it got, exchanged here.
 */
export const finishNativeOAuth = async (context: ProviderContext, registered: Registered, stateId: string, answer: { idToken?: string; code?: string }) => {
  const request = await takeRequest(context, stateId, registered.name, 'native');
  if (!request?.nonce) throw new AuthError('unauthorized', 'stateId: not a sign-in started here, or finished already');
  const nonces = [request.nonce, sha256Hex(request.nonce)];
  if (answer.idToken) return verifyIdToken(context, registered, answer.idToken, nonces);
  if (!answer.code) throw new AuthError('invalidArguments', 'code: give the authorization code or the idToken the provider answered');
  return reach(context, registered, async (configuration) => {
    try {
      const tokens = await oidc.genericGrantRequest(configuration, 'authorization_code', { code: answer.code! });
      const claims = tokens.claims();
      // The nonce ties the code to this start: without it, a code injected from elsewhere would do.
      if (!claims || !nonces.includes(String(claims.nonce))) throw new Error('the ID token does not carry this sign-in’s nonce');
      return await identityOf(configuration, registered, tokens);
    } catch (error) {
      throw new AuthError('unauthorized', `code: refused by ${registered.name} or not valid (${error instanceof Error ? error.message : 'invalid'})`);
    }
  });
};

const sha256Hex = (value: string) => Buffer.from(sha256(value), 'base64url').toString('hex');

/**
 * Who signs in: the account this provider's subject is linked to; else the account whose login id
 * is the address the provider vouches for (then linked); else, where self sign-up is open, a new
 * account for that verified address. An address the provider does not vouch for links nothing:
 * anyone could type someone else's into their profile.
 * @throws AuthError unauthorized when nobody here may sign in with this identity.
 */
export const resolveSocialUser = async (context: ProviderContext, provider: OAuthProviderName, identity: SocialIdentity) => {
  const users = usersRepository(context.db);
  const [linked] = await context.db
    .select({ userId: oauthIdentities.userId })
    .from(oauthIdentities)
    .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, identity.subject)));
  let user = linked ? await users.findById(linked.userId) : undefined;
  if (!linked && identity.email && identity.emailVerified) {
    user = await users.findByLoginId(identity.email);
    // Where anyone may sign up, an account whose address was never proved may be a squatter's (an
    // attacker who signed up with the victim's address first): it is not linked. Otherwise accounts
    // are the administrators' doing, and the address is theirs to vouch for.
    if (user && context.settings.selfSignUp && !user.verifiedEmail) user = undefined;
    else if (!user && context.settings.selfSignUp) user = await signUpSocially(context, identity);
    if (user) await context.db.insert(oauthIdentities).values({ provider, subject: identity.subject, userId: user.id, email: identity.email }).onConflictDoNothing();
  }
  if (!user) throw new AuthError('unauthorized', `${identity.email ?? 'This account'} has no account here that ${provider} may sign in; sign in another way or ask your administrator`);
  if (user.status !== 'enabled') throw new AuthError('unauthorized', 'This account cannot sign in; ask your administrator');
  await context.db.update(oauthIdentities).set({ lastSignInAt: new Date() }).where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, identity.subject)));
  return user;
};

/** A new account for a verified address; two first sign-ins racing end with the one account. */
const signUpSocially = async (context: ProviderContext, identity: SocialIdentity) => {
  try {
    return await createUserWithLoginId(context.db, identity.email!, {
      email: identity.email!.toLowerCase(),
      verifiedEmail: true,
      givenName: identity.givenName,
      familyName: identity.familyName,
      name: identity.name ?? ([identity.givenName, identity.familyName].filter(Boolean).join(' ') || undefined),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return usersRepository(context.db).findByLoginId(identity.email!);
  }
};

/**
 * A one-time code for the return URL (or One Tap's verify), exchanged once within two minutes; a
 * web sign-in's code carries the starting browser's binding, so only that browser exchanges it.
 */
export const issueOAuthCode = async (context: ProviderContext, provider: string, userId: string, browserBindingHash: string | null = null) => {
  const code = randomToken(32);
  await context.db.insert(oauthCodes).values({ codeHash: keyedHash(context.secret, code), provider, userId, browserBindingHash, expiresAt: new Date(Date.now() + codeSeconds * 1000) });
  return code;
};

/**
 * Takes a code once. A web sign-in's code is taken only with its browser's binding secret: a code
 * someone else's browser earned (an attacker's, sent to a victim as a link) signs nobody in.
 */
export const takeOAuthCode = async (context: ProviderContext, code: string, browserSecret: string | undefined) => {
  const [taken] = await context.db
    .update(oauthCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oauthCodes.codeHash, keyedHash(context.secret, code)), isNull(oauthCodes.consumedAt), gt(oauthCodes.expiresAt, sql`now()`)))
    .returning();
  if (!taken?.browserBindingHash) return taken;
  return browserSecret && sameSecret(taken.browserBindingHash, keyedHash(context.secret, browserSecret)) ? taken : undefined;
};
