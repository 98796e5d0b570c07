import type { ScormLaunch, ScormVersion } from '@vigil/contracts';
import type { ScormRuntimeState } from '@vigil/db';
import { type SecretBox, sameToken } from '../../../lib/secrets.ts';

// A SCORM package is someone else's HTML and script. It is served by the phishing listener (an origin
// with no session, no cookies and no API) under a path prefix that carries its own proof: an HMAC of
// the module and an expiry. Relative links inside the package resolve under the prefix, so every file
// the package loads is covered by the same signature; nothing outside the module is reachable with it.

const purpose = 'training-scorm';
/** How long a launch address works; rounded up to the hour so a browser can cache the package's files. */
export const scormUrlLifetimeSeconds = 6 * 60 * 60;
const expiryStepSeconds = 60 * 60;

const signatureOf = (secrets: SecretBox, moduleId: string, expires: number) => secrets.token(purpose, `${moduleId}/${expires}`, 24);

/** The signed prefix of a module's package on the sandbox origin: `/scorm/<module>/<expires>/<signature>/`. */
export const signScormPrefix = (secrets: SecretBox, moduleId: string, now = new Date()) => {
  const expires = Math.ceil((now.getTime() / 1000 + scormUrlLifetimeSeconds) / expiryStepSeconds) * expiryStepSeconds;
  return `/scorm/${moduleId}/${expires}/${signatureOf(secrets, moduleId, expires)}/`;
};

/** Whether a prefix's expiry and signature are good for this module now. */
export const verifyScormSignature = (secrets: SecretBox, moduleId: string, expires: number, signature: string, now = new Date()) =>
  Number.isSafeInteger(expires) && expires * 1000 > now.getTime() && sameToken(signature, signatureOf(secrets, moduleId, expires));

/** What a module row says about its package. */
export type ScormModuleFacts = Readonly<{ id: string; scormVersion: ScormVersion | null; launchPath: string | null }>;

/**
 * The launch of a SCORM module for the browser: the launch page at the sandbox origin (it hosts the
 * package's first SCO in a frame and the runtime's cross-frame client), that origin, and where the
 * learner left off. Null for a module that is not a SCORM package.
 */
export const presentScormLaunch = (secrets: SecretBox, sandboxUrl: string, module: ScormModuleFacts, state: ScormRuntimeState | null, now = new Date()): ScormLaunch | null => {
  if (!module.scormVersion || !module.launchPath) return null;
  return {
    version: module.scormVersion,
    launchUrl: `${sandboxUrl}${signScormPrefix(secrets, module.id, now)}`,
    origin: new URL(sandboxUrl).origin,
    state: { suspendData: state?.suspendData ?? '', location: state?.location ?? '' },
  };
};
