import yazl from 'yazl';

// SCORM packages made in tests (never downloaded): a manifest, one SCO page that finds the runtime,
// initialises, reads where it left off, sets its location, suspend data, status and score, commits
// and terminates; and zips with whatever a hostile package could hold.

export type ScormTestVersion = '1.2' | '2004';

export type ZipEntry = Readonly<{ path: string; data: Buffer | string; mode?: number; compress?: boolean }>;

/**
 * A zip of the entries. yazl refuses names such as `../x` or `/x`, as it should; an entry whose path
 * needs one is written under a stand-in name of the same length and renamed in the bytes afterwards
 * (`rename`: stand-in → real name), which keeps the zip well-formed.
 */
export const buildZip = async (entries: readonly ZipEntry[], rename: Record<string, string> = {}): Promise<Buffer> => {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8'), entry.path, {
      ...(entry.mode === undefined ? {} : { mode: entry.mode }),
      compress: entry.compress ?? true,
      mtime: new Date('2026-01-01T00:00:00Z'),
    });
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream) parts.push(chunk as Buffer);
  const bytes = Buffer.concat(parts);
  for (const [standIn, real] of Object.entries(rename)) {
    if (Buffer.byteLength(standIn) !== Buffer.byteLength(real)) throw new Error(`${standIn} and ${real} must have the same length`);
    let at = bytes.indexOf(standIn);
    while (at !== -1) {
      bytes.write(real, at, 'utf8');
      at = bytes.indexOf(standIn, at + 1);
    }
  }
  return bytes;
};

export const scormManifest = (version: ScormTestVersion, { title = `Test package ${version}`, href = 'index.html' } = {}) =>
  version === '1.2'
    ? `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="test-12" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${title}</title>
    <item identifier="item1" identifierref="sco1"><title>Lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="sco1" type="webcontent" adlcp:scormtype="sco" href="${href}"><file href="${href}"/></resource></resources>
</manifest>`
    : `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="test-2004" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${title}</title>
    <item identifier="item1" identifierref="sco1"><title>Lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="sco1" type="webcontent" adlcp:scormType="sco" href="${href}"><file href="${href}"/></resource></resources>
</manifest>`;

/** The SCO's script: finds the API in its parents, resumes, reports the outcome, commits, terminates. */
export const scoScript = (version: ScormTestVersion, { score = 85, status = 'passed' }: { score?: number; status?: 'passed' | 'failed' } = {}) => {
  const calls =
    version === '1.2'
      ? `var api = find('API');
  api.LMSInitialize('');
  var resumed = api.LMSGetValue('cmi.suspend_data');
  api.LMSSetValue('cmi.core.lesson_location', 'page-2');
  api.LMSSetValue('cmi.suspend_data', 'step=2');
  api.LMSSetValue('cmi.core.score.raw', '${score}');
  api.LMSSetValue('cmi.core.lesson_status', '${status}');
  api.LMSCommit('');
  api.LMSFinish('');`
      : `var api = find('API_1484_11');
  api.Initialize('');
  var resumed = api.GetValue('cmi.suspend_data');
  api.SetValue('cmi.location', 'page-2');
  api.SetValue('cmi.suspend_data', 'step=2');
  api.SetValue('cmi.score.scaled', '${score / 100}');
  api.SetValue('cmi.score.raw', '${score}');
  api.SetValue('cmi.completion_status', 'completed');
  api.SetValue('cmi.success_status', '${status}');
  api.Commit('');
  api.Terminate('');`;
  return `(function () {
  function find(name) {
    var win = window;
    for (var i = 0; i < 10 && win; i += 1) {
      try { if (win[name]) return win[name]; } catch (e) { return null; }
      if (win.parent === win) return null;
      win = win.parent;
    }
    return null;
  }
  ${calls}
  document.getElementById('state').textContent = 'Reported ${status} with ${score} (resumed from "' + resumed + '")';
})();
`;
};

export const scoPage = (version: ScormTestVersion) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SCORM ${version} test lesson</title><link rel="stylesheet" href="style.css"></head>
<body><h1>SCORM ${version} test lesson</h1><p id="state">Starting</p><script src="sco.js"></script></body></html>
`;

/** A good package: manifest, SCO page, its script and style. */
export const scormPackage = (version: ScormTestVersion, options: { title?: string; score?: number; status?: 'passed' | 'failed'; extra?: readonly ZipEntry[] } = {}) =>
  buildZip([
    { path: 'imsmanifest.xml', data: scormManifest(version, { title: options.title ?? `Test package ${version}` }) },
    { path: 'index.html', data: scoPage(version) },
    { path: 'sco.js', data: scoScript(version, options) },
    { path: 'style.css', data: 'body { font-family: sans-serif; }' },
    ...(options.extra ?? []),
  ]);
