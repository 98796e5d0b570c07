import type { TFunction } from 'i18next';

/** A browser and operating system, as a person would name them: "Chrome on Windows". */
export type DeviceDescription = { browser: string | null; system: string | null };

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", and so on.
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome)\//, 'Chrome (headless)'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (userAgent: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

/** Names the browser and system of a User-Agent header; either is null when it is not recognised. */
export const describeUserAgent = (userAgent: string): DeviceDescription => ({
  browser: firstMatch(userAgent, browsers),
  system: firstMatch(userAgent, systems),
});

/** "Firefox on Linux", or what can be told of the browser, for a User-Agent header; the header itself when nothing can. */
export const describeDevice = (t: TFunction, userAgent: string) => {
  const { browser, system } = describeUserAgent(userAgent);
  if (browser && system) return t('common.device.browserOnSystem', { browser, system });
  return browser ?? system ?? (userAgent || t('common.device.unknown'));
};
