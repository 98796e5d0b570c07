import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { phishLoggerOptions } from '../phish-app.ts';
import { loggerOptions } from './logger.ts';

type RequestSerializer = (request: { method: string; url: string; ip: string }) => { url: string };
const serializeUrl = (url: string, pathTokens?: RegExp) => {
  const options = loggerOptions(loadConfig({}), pathTokens ? { pathTokens } : {}) as { serializers: { req: RequestSerializer } };
  return options.serializers.req({ method: 'GET', url, ip: '127.0.0.1' }).url;
};

describe('the request log line', () => {
  it('keeps the path and harmless parameters, and redacts tokens and media signatures', () => {
    expect(serializeUrl('/training-media/5f0c/lesson.mp4?expires=1795460400&signature=abc123def')).toBe('/training-media/5f0c/lesson.mp4?expires=1795460400&signature=[redacted]');
    expect(serializeUrl('/v1/auth/magiclink/verify?t=secret-token&lang=de')).toBe('/v1/auth/magiclink/verify?t=[redacted]&lang=de');
    expect(serializeUrl('/api/organization/users/?search=ann&cursor=xyz')).toBe('/api/organization/users/?search=ann&cursor=xyz');
  });

  it('redacts a token carried in the path when the listener names its pattern', () => {
    expect(serializeUrl('/c/tok3n-value?x=1', /^(\/[a-z]\/)[^/?]+/)).toBe('/c/[redacted]?x=1');
  });
});

describe("the phishing listener's request log line", () => {
  const serializeListenerUrl = (url: string) =>
    (phishLoggerOptions(loadConfig({})) as unknown as { serializers: { req: RequestSerializer } }).serializers.req({ method: 'GET', url, ip: '127.0.0.1' }).url;

  it('redacts tracking tokens and SCORM signatures, and keeps the rest of the path', () => {
    expect(serializeListenerUrl('/c/abc123')).toBe('/c/[redacted]');
    expect(serializeListenerUrl('/scorm/5f0c/1795460400/s1gn4ture/index.html')).toBe('/scorm/5f0c/1795460400/[redacted]/index.html');
  });
});
