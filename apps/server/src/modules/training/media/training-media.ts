import { type TrainingLanguage, type TrainingMedia, trainingLanguages } from '@vigil/contracts';
import { type SecretBox, sameToken } from '../../../lib/secrets.ts';
import { mediaFiles } from '../library/video/lesson-video.ts';

// A <video>, <track> or <img> element cannot send the session's bearer token, so a module's media
// is served at addresses that carry their own proof: an HMAC (the application secret's
// `training-media` token key) over the module, the file and an expiry. The API hands them out to
// whoever may see the module; anyone holding one may fetch that one file until it expires.

const purpose = 'training-media';
/** How long an address works: a long lesson, paused and resumed, stays playable. */
export const mediaUrlLifetimeSeconds = 6 * 60 * 60;
/** Expiries are rounded up to the hour, so the addresses of one hour are the same and browsers cache them. */
const expiryStepSeconds = 60 * 60;

/** The files a module's media folder serves, with their content types. */
export const mediaContentType = (file: string): string | undefined => {
  if (file === mediaFiles.video) return 'video/mp4';
  if (file === mediaFiles.poster) return 'image/jpeg';
  const language = /^([a-z]{2}_[a-z]{2})\.vtt$/.exec(file)?.[1];
  return language && (trainingLanguages as readonly string[]).includes(language) ? 'text/vtt; charset=utf-8' : undefined;
};

const signatureOf = (secrets: SecretBox, moduleId: string, file: string, expires: number) => secrets.token(purpose, `${moduleId}/${file}/${expires}`, 24);

/** A signed address of one media file, valid for about six hours from `now`. */
export const signMediaUrl = (secrets: SecretBox, moduleId: string, file: string, now = new Date()) => {
  const expires = Math.ceil((now.getTime() / 1000 + mediaUrlLifetimeSeconds) / expiryStepSeconds) * expiryStepSeconds;
  return `/training-media/${moduleId}/${file}?expires=${expires}&signature=${signatureOf(secrets, moduleId, file, expires)}`;
};

/** Whether a request's expiry and signature are good for this module and file now. */
export const verifyMediaSignature = (secrets: SecretBox, moduleId: string, file: string, expires: number, signature: string, now = new Date()) =>
  Number.isSafeInteger(expires) && expires * 1000 > now.getTime() && sameToken(signature, signatureOf(secrets, moduleId, file, expires));

/** What a module row says about its media. */
export type ModuleMediaFacts = Readonly<{ id: string; languages: readonly string[]; durationSeconds: number; hasPoster?: boolean }>;

/** The signed addresses of a module's video, poster and one caption track per language it has. */
export const presentMedia = (secrets: SecretBox, module: ModuleMediaFacts, now = new Date()): TrainingMedia => ({
  videoUrl: signMediaUrl(secrets, module.id, mediaFiles.video, now),
  posterUrl: module.hasPoster === false ? null : signMediaUrl(secrets, module.id, mediaFiles.poster, now),
  captions: (module.languages as TrainingLanguage[]).map((language) => ({ language, url: signMediaUrl(secrets, module.id, mediaFiles.captions(language), now) })),
  durationSeconds: module.durationSeconds,
});
