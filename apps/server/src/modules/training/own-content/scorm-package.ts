import type { ScormVersion } from '@vigil/contracts';
import { AppError } from '../../../lib/app-error.ts';
import { readHead, readWhole, walkZip } from './zip-walk.ts';

// A SCORM package is a zip from outside: nothing in it is trusted. Every entry's name, type, size and
// first bytes are checked, and the manifest read, before a byte of it is stored.

export type ZipLimits = Readonly<{
  /** Entries (files and folders) a package may hold. */
  maxEntries: number;
  /** The sum of the entries' uncompressed sizes. */
  maxUncompressedBytes: number;
  /** Uncompressed ÷ compressed size an entry (or the whole) may reach once past a megabyte: a zip bomb's tell. */
  maxCompressionRatio: number;
}>;

export const defaultZipLimits: ZipLimits = { maxEntries: 5000, maxUncompressedBytes: 1024 * 1024 * 1024, maxCompressionRatio: 100 };

/** Files a browser runs or an operating system executes: no SCORM package needs them. */
const executableExtensions = new Set([
  'exe', 'dll', 'bat', 'cmd', 'com', 'msi', 'msp', 'sh', 'bash', 'ps1', 'psm1', 'vbs', 'vbe', 'jse', 'wsf', 'wsh', 'jar', 'scr', 'app', 'cpl', 'pif', 'lnk', 'reg',
  'hta', 'apk', 'dmg', 'pkg', 'deb', 'rpm', 'so', 'dylib', 'elf', 'bin', 'run', 'class', 'gadget', 'msc', 'inf',
]);

/** The first bytes of Windows (MZ), Linux (ELF) and macOS (Mach-O, and its universal form) programs. */
const executableMagic: readonly { name: string; bytes: readonly number[] }[] = [
  { name: 'a Windows program (MZ)', bytes: [0x4d, 0x5a] },
  { name: 'a Linux program (ELF)', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { name: 'a macOS program (Mach-O)', bytes: [0xfe, 0xed, 0xfa, 0xce] },
  { name: 'a macOS program (Mach-O)', bytes: [0xfe, 0xed, 0xfa, 0xcf] },
  { name: 'a macOS program (Mach-O)', bytes: [0xce, 0xfa, 0xed, 0xfe] },
  { name: 'a macOS program (Mach-O)', bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { name: 'a macOS program (Mach-O universal)', bytes: [0xca, 0xfe, 0xba, 0xbe] },
];

const megabyte = 1024 * 1024;
const manifestName = 'imsmanifest.xml';
const maxManifestBytes = 2 * megabyte;

/** A 400 naming what is wrong with the package, and the entry when one is to blame. */
export const packageProblem = (problem: string, entry?: string) =>
  new AppError('VALIDATION_FAILED', `body: ${problem}`, [{ field: 'body', problem, ...(entry === undefined ? {} : { entry }) }]);

/**
 * An entry's path inside the package, normalised (`./` and empty segments dropped), or why it is
 * refused: absolute, a drive letter, a backslash, a `..` segment, a control character.
 */
export const normaliseEntryPath = (name: string): { path: string } | { problem: string } => {
  if (name.includes('\\')) return { problem: `has an entry with a backslash in its path: ${name}` };
  if (name.startsWith('/')) return { problem: `has an entry with an absolute path: ${name}` };
  if (/^[A-Za-z]:/.test(name)) return { problem: `has an entry with a drive letter: ${name}` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return { problem: `has an entry with a control character in its path: ${JSON.stringify(name)}` };
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return { problem: `has an entry that points outside the package (..): ${name}` };
  return { path: segments.join('/') };
};

const extensionOf = (path: string) => /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';

const startsWith = (head: Buffer, bytes: readonly number[]) => head.length >= bytes.length && bytes.every((byte, index) => head[index] === byte);

/** What an uploaded package is: its version, the launch file of its first SCO, its title, its files. */
export type ScormPackageFacts = Readonly<{
  version: ScormVersion;
  /** Relative to the package root, with the SCO's parameters (a query or fragment) when the manifest gives them. */
  launchPath: string;
  title: string | null;
  files: readonly { name: string; path: string; size: number }[];
}>;

/**
 * Checks the SCORM zip at `zipPath` entry by entry and reads its manifest.
 * @throws AppError VALIDATION_FAILED (details `[{ field: 'body', problem, entry? }]`) naming the first problem.
 */
export const inspectScormPackage = async (zipPath: string, limits: ZipLimits = defaultZipLimits): Promise<ScormPackageFacts> => {
  const files: { name: string; path: string; size: number }[] = [];
  const seen = new Set<string>();
  let entries = 0;
  let totalUncompressed = 0;
  let totalCompressed = 0;
  let manifest: Buffer | undefined;
  try {
    await walkZip(zipPath, async (entry, name, open) => {
      entries += 1;
      if (entries > limits.maxEntries) throw packageProblem(`has more than ${limits.maxEntries} entries`);
      const checked = normaliseEntryPath(name);
      if ('problem' in checked) throw packageProblem(checked.problem, name);
      // A symbolic link (a Unix mode of 0120000 in the high half of the external attributes) could point anywhere.
      if (((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000) throw packageProblem(`has a symbolic link: ${name}`, name);
      if ((entry.generalPurposeBitFlag & 0x1) !== 0) throw packageProblem(`has an encrypted entry: ${name}`, name);
      if (name.endsWith('/')) return;
      if (checked.path === '') throw packageProblem(`has an entry with no name`, name);
      const lower = checked.path.toLowerCase();
      if (seen.has(lower)) throw packageProblem(`has the same file twice: ${name}`, name);
      seen.add(lower);
      if (executableExtensions.has(extensionOf(checked.path))) throw packageProblem(`has a program file, which a training package never needs: ${name}`, name);
      totalUncompressed += entry.uncompressedSize;
      totalCompressed += entry.compressedSize;
      if (totalUncompressed > limits.maxUncompressedBytes) throw packageProblem(`unpacks to more than ${Math.round(limits.maxUncompressedBytes / megabyte)} MB`, name);
      if (entry.uncompressedSize > megabyte && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio) {
        throw packageProblem(`has an entry compressed more than ${limits.maxCompressionRatio} to 1, as zip bombs are: ${name}`, name);
      }
      const head = await readHead(open, 8).catch((error: unknown) => {
        // An entry that unpacks to more than the directory says (a bomb that lies), or a broken one.
        throw packageProblem(`could not be unpacked at ${name} (${(error as Error).message})`, name);
      });
      const magic = executableMagic.find((candidate) => startsWith(head, candidate.bytes));
      if (magic) throw packageProblem(`has ${magic.name} in ${name}, which a training package never needs`, name);
      if (checked.path === manifestName) {
        manifest = await readWhole(open, maxManifestBytes).catch((error: unknown) => {
          throw packageProblem(`could not be unpacked at ${name} (${(error as Error).message})`, name);
        });
        if (!manifest) throw packageProblem(`has an imsmanifest.xml over ${maxManifestBytes / megabyte} MB`, name);
      }
      files.push({ name, path: checked.path, size: entry.uncompressedSize });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw packageProblem(`is not a zip file that can be read (${(error as Error).message})`);
  }
  if (totalUncompressed > megabyte && totalUncompressed / Math.max(1, totalCompressed) > limits.maxCompressionRatio) {
    throw packageProblem(`is compressed more than ${limits.maxCompressionRatio} to 1, as zip bombs are`);
  }
  if (!manifest) throw packageProblem('has no imsmanifest.xml at its root: a SCORM package must have one');
  const parsed = await readManifest(manifest.toString('utf8'));
  const launchFile = parsed.launchPath.replace(/[?#].*$/, '');
  if (!seen.has(launchFile.toLowerCase())) throw packageProblem(`launches ${launchFile}, which is not in the package`, launchFile);
  return { ...parsed, files };
};

type ManifestFacts = Omit<ScormPackageFacts, 'files'>;

/** The little of the DOM the manifest is read with (the server has no DOM types of its own). */
type Element = {
  localName: string;
  children: ArrayLike<Element> & Iterable<Element>;
  attributes: ArrayLike<{ name: string; localName: string; value: string }> & Iterable<{ name: string; localName: string; value: string }>;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<Element> & Iterable<Element>;
};

const byLocalName = (root: Element, name: string) => [...root.getElementsByTagName('*')].filter((element) => element.localName === name);
const childrenNamed = (element: Element, name: string) => [...element.children].filter((child) => child.localName === name);
/** An attribute whatever its prefix (adlcp:scormtype in 1.2, adlcp:scormType in 2004). */
const attribute = (element: Element, name: string) => [...element.attributes].find((item) => item.localName.toLowerCase() === name.toLowerCase())?.value;

/** SCORM 1.2 or 2004, from the manifest's schemaversion, else from the ADL namespaces it declares. */
export const scormVersionOf = (schemaVersion: string | undefined, manifestXml: string): ScormVersion | undefined => {
  const declared = schemaVersion?.trim().toLowerCase() ?? '';
  if (declared === '1.2') return '1.2';
  if (declared.includes('2004') || declared === 'cam 1.3') return '2004';
  if (/adlcp_v1p3|adlseq_v1p3|imsss/.test(manifestXml)) return '2004';
  if (/adlcp_rootv1p2/.test(manifestXml)) return '1.2';
  return undefined;
};

/** Joins xml:base values and an href, keeping the result inside the package. */
const joinHref = (bases: (string | null | undefined)[], href: string) => {
  const joined = [...bases.filter(Boolean), href].join('');
  const [path = '', rest = ''] = /^([^?#]*)(.*)$/.exec(joined)?.slice(1) ?? [];
  const checked = normaliseEntryPath(decodeURIComponentSafe(path));
  if ('problem' in checked) throw packageProblem(`launch address in imsmanifest.xml ${checked.problem.replace(/^has an entry/, 'is one')}`, href);
  return `${checked.path}${rest}`;
};

const decodeURIComponentSafe = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * The version, the launch address of the first SCO (the default organisation's first item that
 * names a SCO resource, else the first SCO resource) and the title.
 * @throws AppError VALIDATION_FAILED when the manifest is not XML, its version cannot be told, or it launches nothing.
 */
export const readManifest = async (xml: string): Promise<ManifestFacts> => {
  const { JSDOM } = await import('jsdom');
  let root: Element | null;
  try {
    root = new JSDOM(xml, { contentType: 'application/xml' }).window.document.documentElement as unknown as Element | null;
  } catch {
    root = null;
  }
  if (!root || root.localName !== 'manifest' || byLocalName(root, 'parsererror').length > 0) throw packageProblem('has an imsmanifest.xml that is not a manifest (not well-formed XML)', manifestName);
  const schemaVersion = byLocalName(root, 'schemaversion')[0]?.textContent ?? undefined;
  const version = scormVersionOf(schemaVersion, xml);
  if (!version) throw packageProblem('has an imsmanifest.xml that names neither SCORM 1.2 nor SCORM 2004 (schemaversion)', manifestName);

  const resourcesElement = byLocalName(root, 'resources')[0];
  const resources = resourcesElement ? childrenNamed(resourcesElement, 'resource') : [];
  const isSco = (resource: Element) => (attribute(resource, 'scormtype') ?? '').toLowerCase() === 'sco' && !!resource.getAttribute('href');
  const organizations = byLocalName(root, 'organizations')[0];
  const defaultId = organizations?.getAttribute('default');
  const allOrganizations = organizations ? childrenNamed(organizations, 'organization') : [];
  const organization = allOrganizations.find((candidate) => candidate.getAttribute('identifier') === defaultId) ?? allOrganizations[0];
  const items = organization ? byLocalName(organization, 'item') : [];
  let launch: { resource: Element; parameters: string } | undefined;
  for (const item of items) {
    const resource = resources.find((candidate) => candidate.getAttribute('identifier') === item.getAttribute('identifierref'));
    if (resource && isSco(resource)) {
      launch = { resource, parameters: item.getAttribute('parameters') ?? '' };
      break;
    }
  }
  const fallback = resources.find(isSco);
  if (!launch && fallback) launch = { resource: fallback, parameters: '' };
  if (!launch) throw packageProblem('has an imsmanifest.xml with no SCO to launch (a resource with scormType "sco" and an href)', manifestName);

  const base = (element: Element | undefined) => (element ? [...element.attributes].find((item) => item.name === 'xml:base')?.value : undefined);
  let launchPath = joinHref([base(root), base(resourcesElement), base(launch.resource)], launch.resource.getAttribute('href')!);
  const parameters = launch.parameters.trim();
  if (parameters) launchPath += parameters.startsWith('?') || parameters.startsWith('#') ? parameters : `${launchPath.includes('?') ? '&' : '?'}${parameters}`;

  const titleOf = (element: Element | undefined) => (element ? childrenNamed(element, 'title')[0]?.textContent?.trim() : undefined);
  const title = titleOf(organization) || byLocalName(root, 'title')[0]?.textContent?.trim() || null;
  return { version, launchPath, title: title ? title.slice(0, 120) : null };
};
