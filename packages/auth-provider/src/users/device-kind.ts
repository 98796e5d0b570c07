const operatingSystems: [RegExp, string][] = [
  [/Windows/i, 'Windows'],
  [/iPhone|iPad|iPod/i, 'iOS'],
  [/Mac OS X|Macintosh/i, 'macOS'],
  [/Android/i, 'Android'],
  [/CrOS/i, 'ChromeOS'],
  [/Linux/i, 'Linux'],
];
const browsers: [RegExp, string][] = [
  [/Edg\//i, 'Edge'],
  [/Firefox\//i, 'Firefox'],
  [/Chrome\/|Chromium\//i, 'Chrome'],
  [/Safari\//i, 'Safari'],
];

/**
 * What kind of device signed in, from its user agent: browser family and operating system only, so
 * a new kind of device can be noticed without keeping the raw user agent or the address in the log.
 */
export const deviceKindOf = (userAgent: string | undefined) => {
  const agent = userAgent ?? '';
  const os = operatingSystems.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Other';
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Other';
  return { os, browser };
};

/** A name people recognise for a device ("Chrome · Windows", in no language), or '' when its agent says nothing known. */
export const deviceNameOf = (userAgent: string | undefined) => {
  const { os, browser } = deviceKindOf(userAgent);
  return os === 'Other' && browser === 'Other' ? '' : `${browser} · ${os}`;
};
