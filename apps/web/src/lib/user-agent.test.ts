import { describe, expect, it } from 'vitest';

import { i18n } from './i18n';
import { describeDevice, describeUserAgent } from './user-agent';

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36', 'Chrome', 'Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0', 'Edge', 'Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', 'Safari', 'macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari', 'iOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox', 'Linux'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36', 'Chrome', 'Android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36', 'Chrome (headless)', 'Linux'],
  ])('names %s', (userAgent, browser, system) => {
    expect(describeUserAgent(userAgent)).toEqual({ browser, system });
  });

  it('says nothing it cannot tell', () => {
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(describeUserAgent('')).toEqual({ browser: null, system: null });
  });
});

describe('describeDevice', () => {
  const t = i18n.getFixedT('en');

  it('names the browser on its system, or whichever can be told', () => {
    expect(describeDevice(t, 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0')).toBe('Firefox on Linux');
    expect(describeDevice(t, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows');
  });

  it('falls back to the header itself, and says so when there is none', () => {
    expect(describeDevice(t, 'curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeDevice(t, '')).toBe('Unknown device');
  });
});
