import type { LoadOptions } from '@fingerprintjs/fingerprintjs';

/**
 * The device id of the sign-in page (the spec's `fpData`). The web SDK adds the local-storage entry
 * `fp`, `{value: {vsid, vrid}, expiry}`, to the JSON body of every request as `fpData` (contract
 * §5.8); this loader fills that entry in the SDK's own format, so the SDK sends it unchanged. The
 * SDK's own loader (`fpKey`/`fpLoad`) would fetch FingerprintJS Pro from third parties; ours runs the
 * open-source library (MIT), bundled and imported only when needed, with its install ping off.
 */
export const deviceIdStorageKey = 'fp';
export const deviceIdCacheMs = 24 * 60 * 60 * 1000;
export const deviceIdAttempts = 5;
export const deviceIdMaxBackoffMs = 3000;

/**
 * The spec's loader errors (§8) that can happen here. Its other two, 'API key required' and 'The
 * endpoint parameter is not a valid URL', belong to the hosted agent: ours has no key and no endpoint.
 */
export const deviceIdLoadErrors = {
  script: 'Failed to load the JS script of the agent',
  csp: 'Blocked by CSP',
} as const;

export class DeviceIdLoadError extends Error {
  constructor(message: (typeof deviceIdLoadErrors)[keyof typeof deviceIdLoadErrors], options?: ErrorOptions) {
    super(message, options);
    this.name = 'DeviceIdLoadError';
  }
}

export type DeviceIds = { vsid: string; vrid: string };
type Stored = { value: DeviceIds; expiry: number };

/** The part of the library used: `load` once per attempt, then one `get`. */
export type DeviceIdLibrary = { load: (options?: LoadOptions) => Promise<{ get: () => Promise<{ visitorId: string }> }> };

export type DeviceIdLoaderOptions = {
  importLibrary?: () => Promise<DeviceIdLibrary>;
  storage?: () => Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
  random?: () => number;
  /** Where a Content-Security-Policy violation would be reported (the document). */
  violations?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
};

const isStored = (value: unknown): value is Stored => {
  const entry = value as Partial<Stored> | null;
  return typeof entry?.expiry === 'number' && typeof entry.value?.vsid === 'string' && typeof entry.value.vrid === 'string';
};

const readStored = (storage: Pick<Storage, 'getItem'>): Stored | undefined => {
  try {
    const entry: unknown = JSON.parse(storage.getItem(deviceIdStorageKey) ?? 'null');
    return isStored(entry) ? entry : undefined;
  } catch {
    // Not JSON: replaced below (the SDK would throw on it at every request).
    return undefined;
  }
};

const newRequestId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A script blocked by the page's policy is reported as a violation; the import itself only fails. */
const isScriptViolation = (event: Event) => /^script-src/.test((event as SecurityPolicyViolationEvent).effectiveDirective ?? '');

/**
 * One attempt: import the library's chunk, load its agent (install ping off: the product calls no
 * third party) and read the visitor id.
 */
const identifyOnce = async (importLibrary: () => Promise<DeviceIdLibrary>, violations: DeviceIdLoaderOptions['violations']) => {
  let blocked = false;
  const onViolation = (event: Event) => {
    if (isScriptViolation(event)) blocked = true;
  };
  violations?.addEventListener('securitypolicyviolation', onViolation);
  try {
    let library: DeviceIdLibrary;
    try {
      library = await importLibrary();
    } catch (error) {
      throw new DeviceIdLoadError(blocked ? deviceIdLoadErrors.csp : deviceIdLoadErrors.script, { cause: error });
    }
    const agent = await library.load({ monitoring: false });
    return (await agent.get()).visitorId;
  } finally {
    violations?.removeEventListener('securitypolicyviolation', onViolation);
  }
};

/**
 * Makes sure local storage holds a device id younger than 24 hours: the cached one, or a new one
 * (with a new request id). Up to 5 attempts, a random pause of up to 3 s between them; a page whose
 * policy blocks the script stops at once (it would block every retry too). A failure is only a
 * warning: signing in never waits for or depends on it.
 * @returns the ids now stored, or undefined when none could be made.
 */
export const loadDeviceId = async ({
  importLibrary = () => import('@fingerprintjs/fingerprintjs'),
  storage = () => window.localStorage,
  now = Date.now,
  random = Math.random,
  violations = typeof document === 'undefined' ? undefined : document,
}: DeviceIdLoaderOptions = {}): Promise<DeviceIds | undefined> => {
  const identify = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await identifyOnce(importLibrary, violations);
      } catch (error) {
        const blocked = error instanceof DeviceIdLoadError && error.message === deviceIdLoadErrors.csp;
        if (blocked || attempt === deviceIdAttempts) throw error;
      }
      await sleep(random() * deviceIdMaxBackoffMs);
    }
  };
  try {
    const stored = readStored(storage());
    if (stored && stored.expiry > now()) return stored.value;
    const ids = { vsid: await identify(), vrid: newRequestId() };
    storage().setItem(deviceIdStorageKey, JSON.stringify({ value: ids, expiry: now() + deviceIdCacheMs } satisfies Stored));
    return ids;
  } catch (error) {
    // The SDK's own loader says the same.
    console.warn('Could not load fingerprint', error);
    return undefined;
  }
};

let running: Promise<DeviceIds | undefined> | undefined;

/** `loadDeviceId` once at a time: a page that mounts twice (React's strict mode) waits for the same load. */
export const identifyDevice = () => {
  running ??= loadDeviceId().finally(() => {
    running = undefined;
  });
  return running;
};
