import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createAuthSdk } from './auth-sdk';
import { type DeviceIdLibrary, DeviceIdLoadError, deviceIdCacheMs, deviceIdStorageKey, loadDeviceId } from './device-id';

const start = Date.parse('2026-11-01T08:00:00Z');
const hour = 60 * 60 * 1000;

/** The library as the loader sees it, answering this visitor id and counting what it was asked. */
const fakeLibrary = (visitorId = 'f3c2b1a0e9d8c7b6a5f4e3d2c1b0a9f8') => {
  const load = vi.fn(async () => ({ get: async () => ({ visitorId }) }));
  const library: DeviceIdLibrary = { load };
  return { load, importLibrary: vi.fn(async () => library) };
};

const stored = () => JSON.parse(localStorage.getItem(deviceIdStorageKey) ?? 'null') as { value: { vsid: string; vrid: string }; expiry: number } | null;

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the device id loader', () => {
  it("stores the visitor id for 24 hours in the SDK's own format, with a request id, the library's install ping off", async () => {
    const { load, importLibrary } = fakeLibrary();
    const ids = await loadDeviceId({ importLibrary, now: () => start });

    expect(load).toHaveBeenCalledWith({ monitoring: false });
    expect(ids).toEqual({ vsid: 'f3c2b1a0e9d8c7b6a5f4e3d2c1b0a9f8', vrid: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(stored()).toEqual({ value: ids, expiry: start + deviceIdCacheMs });
    expect(warn).not.toHaveBeenCalled();
  });

  it('reuses the stored id within 24 hours without loading the library, and makes a new one after', async () => {
    const first = fakeLibrary('first');
    const ids = await loadDeviceId({ importLibrary: first.importLibrary, now: () => start });

    const later = fakeLibrary('second');
    expect(await loadDeviceId({ importLibrary: later.importLibrary, now: () => start + 23 * hour })).toEqual(ids);
    expect(later.importLibrary).not.toHaveBeenCalled();

    const renewed = await loadDeviceId({ importLibrary: later.importLibrary, now: () => start + deviceIdCacheMs + 1 });
    expect(later.importLibrary).toHaveBeenCalledTimes(1);
    expect(renewed?.vsid).toBe('second');
    // Each load is a new request.
    expect(renewed?.vrid).not.toBe(ids?.vrid);
    expect(stored()).toEqual({ value: renewed, expiry: start + deviceIdCacheMs + 1 + deviceIdCacheMs });
  });

  it('replaces an entry that is not what the SDK expects (it would throw on every request)', async () => {
    localStorage.setItem(deviceIdStorageKey, '{not json');
    const { importLibrary } = fakeLibrary();
    await loadDeviceId({ importLibrary, now: () => start });
    expect(stored()?.value.vsid).toBe('f3c2b1a0e9d8c7b6a5f4e3d2c1b0a9f8');
  });

  it('tries a failing import 5 times with a random pause of up to 3 s between, then only warns', async () => {
    vi.useFakeTimers();
    const importLibrary = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const done = loadDeviceId({ importLibrary, now: () => start, random: () => 0.5 });

    await vi.advanceTimersByTimeAsync(0);
    expect(importLibrary).toHaveBeenCalledTimes(1);
    // random() × 3000 ms = 1500 ms before each further attempt.
    await vi.advanceTimersByTimeAsync(1499);
    expect(importLibrary).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(importLibrary).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3 * 1500);
    expect(importLibrary).toHaveBeenCalledTimes(5);

    expect(await done).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(importLibrary).toHaveBeenCalledTimes(5);
    expect(warn).toHaveBeenCalledTimes(1);
    const [message, error] = warn.mock.calls[0]!;
    expect(message).toBe('Could not load fingerprint');
    expect(error).toBeInstanceOf(DeviceIdLoadError);
    expect((error as Error).message).toBe('Failed to load the JS script of the agent');
    expect(stored()).toBeNull();
  });

  it('never pauses longer than 3 s, and succeeds on a later attempt', async () => {
    vi.useFakeTimers();
    const { importLibrary: works } = fakeLibrary();
    const importLibrary = vi
      .fn<() => Promise<DeviceIdLibrary>>()
      .mockRejectedValueOnce(new TypeError('network'))
      .mockRejectedValueOnce(new TypeError('network'))
      .mockImplementation(works);
    const done = loadDeviceId({ importLibrary, now: () => start, random: () => 0.999_999 });

    await vi.advanceTimersByTimeAsync(2 * 3000);
    expect(importLibrary).toHaveBeenCalledTimes(3);
    expect((await done)?.vsid).toBe('f3c2b1a0e9d8c7b6a5f4e3d2c1b0a9f8');
    expect(warn).not.toHaveBeenCalled();
  });

  it("says 'Blocked by CSP' when the page's policy blocked the script, and does not retry what would be blocked again", async () => {
    const document = new EventTarget();
    const importLibrary = vi.fn(async (): Promise<DeviceIdLibrary> => {
      document.dispatchEvent(Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: 'script-src-elem' }));
      throw new TypeError('Failed to fetch dynamically imported module');
    });

    expect(await loadDeviceId({ importLibrary, violations: document })).toBeUndefined();
    expect(importLibrary).toHaveBeenCalledTimes(1);
    expect((warn.mock.calls[0]?.[1] as Error).message).toBe('Blocked by CSP');
  });

  it('only warns when local storage cannot be used', async () => {
    const { importLibrary } = fakeLibrary();
    const storage = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(await loadDeviceId({ importLibrary, storage })).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('gives the published SDK what it sends as fpData with every request body', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({}), { status: 401, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const ids = await loadDeviceId({ importLibrary: fakeLibrary().importLibrary });

    await createAuthSdk({ projectId: 'P2devicetest0000000000000000', baseUrl: 'http://auth.vigil.test' }).password.signIn('ada@vigil.test', 'a long passphrase');

    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ loginId: 'ada@vigil.test', fpData: ids });
  });
});
