import { describe, expect, it } from 'vitest';
import { type TrackingHit, detectScanner, loadScannerSignatures, scannerRules } from './scanner-detection.ts';

const signatures = loadScannerSignatures();
const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const sentAt = new Date('2026-03-02T09:00:00Z');
const person: TrackingHit = { link: 'click', method: 'GET', headers: { 'user-agent': chrome }, ip: '203.0.113.7', at: new Date('2026-03-02T09:20:00Z'), sentAt, earlierHits: [] };
const hit = (changes: Partial<TrackingHit>): TrackingHit => ({ ...person, ...changes });

describe('scanner detection', () => {
  it('a person’s click matches no rule', () => {
    expect(detectScanner(person, signatures)).toBeUndefined();
  });

  it('head-request: a HEAD or OPTIONS request is a link checker', () => {
    expect(detectScanner(hit({ method: 'HEAD' }), signatures)).toBe('head-request');
    expect(detectScanner(hit({ method: 'OPTIONS' }), signatures)).toBe('head-request');
  });

  it('prefetch: Purpose, Sec-Purpose, X-Purpose and X-Moz prefetch headers', () => {
    for (const headers of [{ purpose: 'prefetch' }, { 'sec-purpose': 'prefetch;prerender' }, { 'x-purpose': 'preview' }, { 'x-moz': 'prefetch' }]) {
      expect(detectScanner(hit({ headers: { 'user-agent': chrome, ...headers } }), signatures)).toBe('prefetch');
    }
  });

  it('no-user-agent: a request that does not name its client', () => {
    expect(detectScanner(hit({ headers: {} }), signatures)).toBe('no-user-agent');
    expect(detectScanner(hit({ headers: { 'user-agent': '  ' } }), signatures)).toBe('no-user-agent');
  });

  it('scanner-user-agent: vendors, previews, libraries and headless browsers by their published fragments', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; BingPreview/1.0b)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36',
      'python-requests/2.31.0',
      'curl/8.5.0',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Barracuda Sentinel (EE)',
    ]) {
      expect(detectScanner(hit({ headers: { 'user-agent': agent } }), signatures), agent).toBe('scanner-user-agent');
    }
  });

  it('scanner-address: published ranges of mail-security services, IPv4 and IPv4-mapped IPv6', () => {
    expect(detectScanner(hit({ ip: '40.107.22.10' }), signatures)).toBe('scanner-address');
    expect(detectScanner(hit({ ip: '::ffff:67.231.150.4' }), signatures)).toBe('scanner-address');
    expect(detectScanner(hit({ ip: '64.235.150.1' }), signatures)).toBe('scanner-address');
    expect(detectScanner(hit({ ip: '2001:db8::1' }), signatures)).toBeUndefined();
  });

  it('soon-after-delivery: within 30 seconds of the message being sent', () => {
    expect(detectScanner(hit({ at: new Date(sentAt.getTime() + 5_000) }), signatures)).toBe('soon-after-delivery');
    expect(detectScanner(hit({ at: new Date(sentAt.getTime() + 31_000) }), signatures)).toBeUndefined();
    expect(detectScanner(hit({ sentAt: null }), signatures)).toBeUndefined();
  });

  it('link-burst: another of the message’s links within 2 seconds, but not the same link and never the page beacon', () => {
    const at = person.at;
    const oneSecondBefore = new Date(at.getTime() - 1_000);
    expect(detectScanner(hit({ earlierHits: [{ link: 'open', at: oneSecondBefore }] }), signatures)).toBe('link-burst');
    expect(detectScanner(hit({ earlierHits: [{ link: 'click', at: oneSecondBefore }] }), signatures)).toBeUndefined();
    expect(detectScanner(hit({ earlierHits: [{ link: 'open', at: new Date(at.getTime() - 5_000) }] }), signatures)).toBeUndefined();
    expect(detectScanner(hit({ link: 'page', earlierHits: [{ link: 'click', at: oneSecondBefore }] }), signatures)).toBeUndefined();
  });

  it('every rule has a test above (keep docs/phishing.md in step)', () => {
    expect(scannerRules.map((rule) => rule.id)).toEqual(['head-request', 'prefetch', 'no-user-agent', 'scanner-user-agent', 'scanner-address', 'soon-after-delivery', 'link-burst']);
  });
});
