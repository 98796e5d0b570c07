import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@vigil/db';
import type { SecretBox } from '../../../lib/secrets.ts';
import { findModuleMediaSource } from '../modules/training-modules.service.ts';
import { parseByteRange } from '../media/byte-range.ts';
import { normaliseEntryPath } from './scorm-package.ts';
import { verifyScormSignature } from './scorm-sandbox.ts';
import { findTrainingFile, readTrainingFileRange } from './training-files.repository.ts';

// SCORM packages on the phishing listener's origin: never the app's, so a package's script can reach
// neither the app's storage nor its API. Each answer may be framed only by the app (and the launch
// page, on this origin), carries no cookie, and is served with the type its extension says and
// nosniff. Whatever is not a signed, live, existing file is the listener's plain 404.

const require = createRequire(import.meta.url);
/** scorm-again's cross-frame client: in the launch page it stands in for the runtime, which lives in the app's page. */
const crossFrameApi = readFileSync(join(dirname(require.resolve('scorm-again')), 'cross-frame-api.min.js'), 'utf8');

/**
 * The launch page's script: the package's SCO looks for `API` (1.2) or `API_1484_11` (2004) in its
 * parents, so the launch page holds the cross-frame client under both names, fills its cache with
 * what the app's runtime holds (suspend data, location: a SCO reads them synchronously at start),
 * then opens the SCO in a frame of its own.
 */
const launcherScript = `(function () {
  var config = document.getElementById('vigil-scorm');
  var parentOrigin = config.getAttribute('data-parent-origin');
  var api = new window.CrossFrameAPI(parentOrigin);
  window.API = api;
  window.API_1484_11 = api;
  var open = function () {
    var frame = document.createElement('iframe');
    frame.title = config.getAttribute('data-title') || 'SCORM';
    frame.src = config.getAttribute('data-launch');
    document.body.appendChild(frame);
  };
  api._post('getFlattenedCMI', []).then(function (all) {
    if (all && typeof all === 'object') Object.keys(all).forEach(function (key) { api._cache.set(key, String(all[key])); });
  }).catch(function () {}).then(open);
})();
`;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const launchPage = (launchPath: string, parentOrigin: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SCORM</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:#fff}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body>
<div id="vigil-scorm" hidden data-parent-origin="${escapeAttribute(parentOrigin)}" data-launch="${escapeAttribute(launchPath)}"></div>
<script src="/scorm-runtime/cross-frame-api.js"></script>
<script src="/scorm-runtime/launcher.js"></script>
</body></html>
`;

/** What a package may do: run its own script and load its own files; framed only by the launch page and the app. */
const packagePolicy = (appOrigin: string) =>
  [
    "default-src 'self' data: blob:",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "form-action 'none'",
    "base-uri 'self'",
    `frame-ancestors 'self' ${appOrigin}`,
  ].join('; ');

const launcherPolicy = (appOrigin: string) =>
  ["default-src 'none'", "script-src 'self'", "style-src 'unsafe-inline'", "frame-src 'self'", "base-uri 'none'", "form-action 'none'", `frame-ancestors ${appOrigin}`].join('; ');

const sandboxHeaders = (reply: FastifyReply, policy: string) =>
  reply
    .header('content-security-policy', policy)
    .removeHeader('x-frame-options')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    // The app frames these pages; it reads nothing of them, so no resource policy stands in the way.
    .header('cross-origin-resource-policy', 'cross-origin');

type Params = { moduleId: string; expires: string; signature: string; '*'?: string };
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /scorm/<module>/<expires>/<signature>/ (the launch page) and /scorm/<module>/<expires>/<signature>/<path>
 * (a file of the package, byte ranges served), and the launch page's two scripts.
 */
export const scormSandboxRoutes: FastifyPluginAsync<{ db: Db; secrets: SecretBox; appUrl: string; notFound: (request: FastifyRequest, reply: FastifyReply) => unknown }> = async (
  app,
  { db, secrets, appUrl, notFound },
) => {
  const appOrigin = new URL(appUrl).origin;
  const scripts: Record<string, string> = { 'cross-frame-api.js': crossFrameApi, 'launcher.js': launcherScript };
  app.get<{ Params: { file: string } }>('/scorm-runtime/:file', async (request, reply) => {
    const script = scripts[request.params.file];
    if (!script) return notFound(request, reply);
    return sandboxHeaders(reply, "default-src 'none'; frame-ancestors 'none'").header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(script);
  });

  const serve = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const { moduleId, expires, signature } = request.params;
    const live = uuidPattern.test(moduleId) && /^\d{1,12}$/.test(expires) && verifyScormSignature(secrets, moduleId, Number(expires), signature);
    if (!live) return notFound(request, reply);
    const module = await findModuleMediaSource(db, moduleId);
    if (!module || module.kind !== 'scorm' || !module.launchPath) return notFound(request, reply);
    const maxAge = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
    const wanted = request.params['*'] ?? '';
    if (wanted === '') {
      return sandboxHeaders(reply, launcherPolicy(appOrigin)).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(launchPage(module.launchPath, appOrigin));
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(wanted);
    } catch {
      return notFound(request, reply);
    }
    const checked = normaliseEntryPath(decoded);
    if ('problem' in checked) return notFound(request, reply);
    const file = await findTrainingFile(db, moduleId, checked.path);
    if (!file) return notFound(request, reply);
    sandboxHeaders(reply, packagePolicy(appOrigin))
      .header('cache-control', `private, max-age=${maxAge}`)
      .header('etag', `"${file.sha256}"`)
      .header('accept-ranges', 'bytes')
      .type(file.contentType);
    const range = parseByteRange(typeof request.headers.range === 'string' ? request.headers.range : undefined, file.size);
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${file.size}`).send();
    if (range === 'whole') return reply.header('content-length', file.size).send(file.size === 0 ? '' : readTrainingFileRange(db, file, 0, file.size - 1));
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(readTrainingFileRange(db, file, range.start, range.end));
  };
  // The launch page is the prefix itself (the router ignores its trailing slash, so it is a route of its own).
  app.get<{ Params: Params }>('/scorm/:moduleId/:expires/:signature', serve);
  app.get<{ Params: Params }>('/scorm/:moduleId/:expires/:signature/*', serve);
};
