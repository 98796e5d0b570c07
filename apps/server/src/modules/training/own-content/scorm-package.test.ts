import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildZip, scormManifest, scormPackage } from '../../../test/scorm-packages.ts';
import { inspectScormPackage, normaliseEntryPath, scormVersionOf } from './scorm-package.ts';

const folder = mkdtempSync(join(tmpdir(), 'scorm-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let count = 0;
const saved = (zip: Buffer) => {
  const path = join(folder, `p${(count += 1)}.zip`);
  writeFileSync(path, zip);
  return path;
};
const manifest = { path: 'imsmanifest.xml', data: scormManifest('1.2') };
const page = { path: 'index.html', data: '<!doctype html><p>hi</p>' };

/** The 400 the package gets: its message and the entry it names. */
const refusal = async (zip: Buffer) => {
  const error = await inspectScormPackage(saved(zip)).then(
    () => undefined,
    (caught: unknown) => caught as { code: string; message: string; details: { field: string; problem: string; entry?: string }[] },
  );
  expect(error, 'the package was accepted').toBeDefined();
  expect(error!.code).toBe('VALIDATION_FAILED');
  return { message: error!.message, entry: error!.details[0]?.entry, field: error!.details[0]?.field };
};

describe('inspectScormPackage', () => {
  it('reads a SCORM 1.2 package: version, launch file, title, files', async () => {
    const facts = await inspectScormPackage(saved(await scormPackage('1.2', { title: 'Reporting phish' })));
    expect(facts).toMatchObject({ version: '1.2', launchPath: 'index.html', title: 'Reporting phish' });
    expect(facts.files.map((file) => file.path).sort()).toEqual(['imsmanifest.xml', 'index.html', 'sco.js', 'style.css']);
  });

  it('reads a SCORM 2004 package, launching the first SCO with its parameters and xml:base', async () => {
    const xml = scormManifest('2004', { title: 'Passkeys' })
      .replace('<resources>', '<resources xml:base="content/">')
      .replace('<item identifier="item1" identifierref="sco1">', '<item identifier="item1" identifierref="sco1" parameters="?start=1">');
    const facts = await inspectScormPackage(saved(await buildZip([{ path: 'imsmanifest.xml', data: xml }, { path: 'content/index.html', data: '<p>x</p>' }])));
    expect(facts).toMatchObject({ version: '2004', launchPath: 'content/index.html?start=1', title: 'Passkeys' });
  });

  it('refuses an entry with ../ in its path, naming it', async () => {
    const zip = await buildZip([manifest, page, { path: 'zz/evil.html', data: 'x' }], { 'zz/evil.html': '../evil.html' });
    expect(await refusal(zip)).toEqual({ message: expect.stringContaining('outside the package (..): ../evil.html'), entry: '../evil.html', field: 'body' });
  });

  it('refuses an absolute path, a drive letter and a backslash', async () => {
    expect((await refusal(await buildZip([manifest, page, { path: 'Zetc/passwd', data: 'x' }], { 'Zetc/passwd': '/etc/passwd' }))).message).toContain('absolute path: /etc/passwd');
    expect((await refusal(await buildZip([manifest, page, { path: 'CC/x.txt', data: 'x' }], { 'CC/x.txt': 'C:/x.txt' }))).message).toContain('drive letter: C:/x.txt');
    expect((await refusal(await buildZip([manifest, page, { path: 'a/b.txt', data: 'x' }], { 'a/b.txt': 'a\\b.txt' }))).message).toContain('backslash');
  });

  it('refuses a symbolic link', async () => {
    const zip = await buildZip([manifest, page, { path: 'link', data: '/etc/passwd', mode: 0o120777 }]);
    expect(await refusal(zip)).toMatchObject({ message: expect.stringContaining('symbolic link: link'), entry: 'link' });
  });

  it('refuses a program by its extension (.exe) and by its first bytes (ELF, MZ, Mach-O) whatever its name', async () => {
    expect(await refusal(await buildZip([manifest, page, { path: 'setup.exe', data: 'harmless?' }]))).toMatchObject({ message: expect.stringContaining('program file'), entry: 'setup.exe' });
    expect(await refusal(await buildZip([manifest, page, { path: 'SETUP.Bat', data: 'echo' }]))).toMatchObject({ entry: 'SETUP.Bat' });
    const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]);
    expect(await refusal(await buildZip([manifest, page, { path: 'images/logo.png', data: elf }]))).toMatchObject({ message: expect.stringContaining('a Linux program (ELF) in images/logo.png'), entry: 'images/logo.png' });
    expect((await refusal(await buildZip([manifest, page, { path: 'a.js', data: Buffer.from('MZ\x90\x00', 'latin1') }]))).message).toContain('Windows program');
    expect((await refusal(await buildZip([manifest, page, { path: 'b.css', data: Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7]) }]))).message).toContain('Mach-O');
  });

  it('refuses a zip bomb by its compression ratio, too many entries, and too much unpacked', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    expect(await refusal(await buildZip([manifest, page, { path: 'video/blank.mp4', data: zeros }]))).toMatchObject({ message: expect.stringContaining('compressed more than 100 to 1'), entry: 'video/blank.mp4' });
    const many = Array.from({ length: 12 }, (_, index) => ({ path: `f${index}.txt`, data: 'x' }));
    const tooMany = await inspectScormPackage(saved(await buildZip([manifest, page, ...many])), { maxEntries: 10, maxUncompressedBytes: 1e9, maxCompressionRatio: 100 }).catch((error: Error) => error.message);
    expect(tooMany).toContain('more than 10 entries');
    const big = await inspectScormPackage(saved(await buildZip([manifest, page, { path: 'big.txt', data: 'x'.repeat(5000) }])), { maxEntries: 100, maxUncompressedBytes: 4000, maxCompressionRatio: 100 }).catch((error: Error) => error.message);
    expect(big).toContain('unpacks to more than');
  });

  it('refuses a package with no manifest, a manifest that launches nothing, or a launch file it lacks', async () => {
    expect((await refusal(await buildZip([page]))).message).toContain('no imsmanifest.xml');
    expect((await refusal(await buildZip([{ path: 'imsmanifest.xml', data: '<manifest><organizations/>' }, page]))).message).toContain('not a manifest');
    const noSco = scormManifest('1.2').replace('adlcp:scormtype="sco"', 'adlcp:scormtype="asset"');
    expect((await refusal(await buildZip([{ path: 'imsmanifest.xml', data: noSco }, page]))).message).toContain('no SCO to launch');
    expect((await refusal(await buildZip([manifest]))).message).toContain('launches index.html, which is not in the package');
    expect((await refusal(Buffer.from('not a zip at all'))).message).toContain('not a zip file');
  });
});

describe('normaliseEntryPath and scormVersionOf', () => {
  it.each([
    ['./a//b/./c.html', { path: 'a/b/c.html' }],
    ['a/../b', { problem: expect.stringContaining('outside') }],
    ['..', { problem: expect.stringContaining('outside') }],
    ['a\u0000b', { problem: expect.stringContaining('control character') }],
  ])('%j → %j', (name, expected) => expect(normaliseEntryPath(name)).toEqual(expected));

  it('tells the version from schemaversion, else the namespaces', () => {
    expect(scormVersionOf('1.2', '')).toBe('1.2');
    expect(scormVersionOf('2004 3rd Edition', '')).toBe('2004');
    expect(scormVersionOf('CAM 1.3', '')).toBe('2004');
    expect(scormVersionOf(undefined, 'xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"')).toBe('2004');
    expect(scormVersionOf(undefined, 'xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"')).toBe('1.2');
    expect(scormVersionOf('1.1', '<manifest/>')).toBeUndefined();
  });
});
