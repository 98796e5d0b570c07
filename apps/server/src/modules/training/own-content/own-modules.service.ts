import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { OwnModuleUploadQuery, TrainingLanguage, TrainingModuleSummary } from '@vigil/contracts';
import type { Db, TrainingModuleRow } from '@vigil/db';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { recordAudit } from '../../audit-log/audit-log.service.ts';
import { presentModuleSummary } from '../modules/training-modules.presenter.ts';
import { type TrainingServices, requireTrainingAdmin } from '../modules/training-modules.service.ts';
import { packageFileContentType } from './content-types.ts';
import { probeMp4 } from './mp4-probe.ts';
import { type ZipLimits, defaultZipLimits, inspectScormPackage, packageProblem } from './scorm-package.ts';
import { ownModulesRepository } from './own-modules.repository.ts';
import { storeTrainingFile } from './training-files.repository.ts';
import { walkZip } from './zip-walk.ts';

/** The file name an own video is stored and served under (as the built-in lessons' videos are). */
export const ownVideoPath = 'lesson.mp4';
export const ownCaptionsPath = (language: TrainingLanguage) => `${language}.vtt`;
const maxCaptionBytes = 1024 * 1024;

export type UploadLimits = Readonly<{ maxBytes: number; zip?: ZipLimits }>;

const tooLarge = (limits: UploadLimits) =>
  new AppError('PAYLOAD_TOO_LARGE', `body: the file is larger than ${Math.round(limits.maxBytes / (1024 * 1024))} MB (TRAINING_UPLOAD_MAX_MB)`, [{ field: 'body', problem: `must be at most ${Math.round(limits.maxBytes / (1024 * 1024))} MB` }]);

/** Writes the request body to a private temporary file, refusing it once past the limit (a zip is read from its end, so it cannot be checked as it streams). */
const spool = async (body: Readable, folder: string, limits: UploadLimits) => {
  const path = join(folder, 'upload');
  let size = 0;
  const hash = createHash('sha256');
  await pipeline(
    body,
    async function* (source) {
      for await (const chunk of source) {
        size += (chunk as Buffer).length;
        if (size > limits.maxBytes) throw tooLarge(limits);
        hash.update(chunk as Buffer);
        yield chunk as Buffer;
      }
    },
    createWriteStream(path, { mode: 0o600 }),
  );
  if (size === 0) throw fieldError('VALIDATION_FAILED', 'body', 'is empty: send the MP4 video or the SCORM zip');
  return { path, size, sha256: hash.digest('hex') };
};

/** What an own module's row says in each language before its texts are edited: the title and summary, no slides, no quiz. */
const ownTexts = (languages: readonly TrainingLanguage[], title: string, summary: string) =>
  Object.fromEntries(languages.map((language) => [language, { title, summary, slides: [], quiz: [] }]));

/**
 * Adds an own module from an uploaded file: an MP4 video (checked by its boxes; its length read from
 * the movie header) or a SCORM 1.2 / 2004 zip (every entry checked, the manifest read, before
 * anything is stored). The file is streamed to a temporary file, never held in memory, and stored in
 * the database in chunks; the module, its files and the audit entry are written in one transaction.
 * @throws AppError FORBIDDEN for anyone but an admin; PAYLOAD_TOO_LARGE past the limit;
 * UNSUPPORTED_MEDIA_TYPE for another type; VALIDATION_FAILED naming the problem (and the zip entry).
 */
export const uploadOwnModule = async (
  { db, secrets }: TrainingServices,
  tenant: Tenant,
  input: { query: OwnModuleUploadQuery; contentType: string; declaredLength: number | undefined; body: Readable; ip?: string | null },
  limits: UploadLimits,
): Promise<TrainingModuleSummary> => {
  requireTrainingAdmin(tenant);
  const { query } = input;
  const kind = input.contentType === 'video/mp4' ? 'video' : 'scorm';
  if (input.declaredLength !== undefined && input.declaredLength > limits.maxBytes) throw tooLarge(limits);
  const folder = await mkdtemp(join(tmpdir(), 'vigil-upload-'));
  try {
    const spooled = await spool(input.body, folder, limits);
    const video = kind === 'video' ? await probeMp4(spooled.path) : undefined;
    const scorm = kind === 'scorm' ? await inspectScormPackage(spooled.path, limits.zip ?? defaultZipLimits) : undefined;
    const title = query.title || scorm?.title || '';
    if (title.length < 3) throw fieldError('VALIDATION_FAILED', 'querystring.title', 'must be at least 3 characters');
    const id = randomUUID();
    const row = await (db as Db).transaction(async (tx) => {
      const module = await ownModulesRepository(tx, tenant).insert({
          id,
          kind,
          topic: query.topic,
          minutes: query.minutes,
          // A video's own quiz (added later) passes at 80 %; a package decides its own pass.
          passScore: 80,
          languages: query.languages,
          texts: ownTexts(query.languages, title, query.summary),
          durationSeconds: video?.durationSeconds ?? 0,
          mediaKey: `own/${id}`,
          contentHash: spooled.sha256,
          scormVersion: scorm?.version ?? null,
          launchPath: scorm?.launchPath ?? null,
        });
      const owner = { organizationId: tenant.organizationId, moduleId: id };
      if (video) await storeTrainingFile(tx, { ...owner, path: ownVideoPath, contentType: 'video/mp4' }, createReadStream(spooled.path));
      if (scorm) {
        const wanted = new Map(scorm.files.map((file) => [file.name, file.path]));
        let current = '';
        await walkZip(spooled.path, async (_entry, name, open) => {
          const path = wanted.get(name);
          if (!path) return;
          current = name;
          await storeTrainingFile(tx, { ...owner, path, contentType: packageFileContentType(path) }, await open());
        }).catch((error: unknown) => {
          // An entry that unpacks to more than the zip's directory said (a bomb that lies) stops here, and nothing is kept.
          if (error instanceof AppError) throw error;
          throw packageProblem(`could not be unpacked at ${current} (${(error as Error).message})`, current);
        });
      }
      await recordAudit(tx, tenant, {
        action: 'training-module.upload',
        targetType: 'training-module',
        targetId: id,
        details: { kind, title, bytes: spooled.size, sha256: spooled.sha256, ...(scorm ? { scormVersion: scorm.version, files: scorm.files.length } : {}) },
        ip: input.ip ?? null,
      });
      return module;
    });
    return presentModuleSummary(secrets, row, undefined);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

/** The organisation's own module, or NOT_FOUND (a built-in one, another organisation's). */
const ownModule = async (db: Db, tenant: Tenant, id: string): Promise<TrainingModuleRow> => {
  const module = await ownModulesRepository(db, tenant).find(id);
  if (!module) throw notFound('The training module');
  return module;
};

/**
 * Adds or replaces an own video's WebVTT captions in one of its languages.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for a module not the organisation's
 * own; CONFLICT for a SCORM package; VALIDATION_FAILED when the body is not WebVTT or the language not the module's.
 */
export const putOwnCaptions = async ({ db, secrets }: TrainingServices, tenant: Tenant, id: string, language: TrainingLanguage, body: Buffer): Promise<TrainingModuleSummary> => {
  requireTrainingAdmin(tenant);
  const module = await ownModule(db as Db, tenant, id);
  if (module.kind !== 'video') throw new AppError('CONFLICT', 'Captions belong to a video; a SCORM package brings its own');
  if (!module.languages.includes(language)) throw fieldError('VALIDATION_FAILED', 'params.language', `must be one of the module's languages (${module.languages.join(', ')})`);
  if (body.length > maxCaptionBytes) throw fieldError('VALIDATION_FAILED', 'body', 'must be at most 1 MB of captions');
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  if (!/^WEBVTT(?:[ \t][^\n]*)?\r?\n/.test(`${text}\n`)) throw fieldError('VALIDATION_FAILED', 'body', 'is not WebVTT (a captions file starts with the line WEBVTT)');
  const row = await (db as Db).transaction(async (tx) => {
    await storeTrainingFile(tx, { organizationId: tenant.organizationId, moduleId: id, path: ownCaptionsPath(language), contentType: 'text/vtt; charset=utf-8' }, (async function* () {
      yield Buffer.from(text, 'utf8');
    })());
    const texts = module.texts as Record<string, Record<string, unknown>>;
    return (await ownModulesRepository(tx, tenant).update(id, { texts: { ...texts, [language]: { ...texts[language], hasCaptions: true } } }))!;
  });
  return presentModuleSummary(secrets, row, language);
};

/**
 * Archives an own module: it leaves the catalogue and cannot be assigned; assignments keep it.
 * @throws AppError FORBIDDEN for anyone but an admin; NOT_FOUND for a module not the organisation's own.
 */
export const archiveOwnModule = async ({ db, secrets }: TrainingServices, tenant: Tenant, id: string, ip?: string | null): Promise<TrainingModuleSummary> => {
  requireTrainingAdmin(tenant);
  await ownModule(db as Db, tenant, id);
  const row = await (db as Db).transaction(async (tx) => {
    const updated = (await ownModulesRepository(tx, tenant).update(id, { archivedAt: new Date() }))!;
    await recordAudit(tx, tenant, { action: 'training-module.archive', targetType: 'training-module', targetId: id, details: {}, ip: ip ?? null });
    return updated;
  });
  return presentModuleSummary(secrets, row, undefined);
};

/** An own module's stored file and a range of its bytes, for the public media route (its signed address is the authorisation). */
export { findTrainingFile as findOwnModuleFile, readTrainingFileRange as readOwnModuleFileRange } from './training-files.repository.ts';
