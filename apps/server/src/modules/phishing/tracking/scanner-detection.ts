import { readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/** Which listener path a hit came in on: the links in a lure, or the beacon of the page a click led to. */
export type TrackedLink = 'open' | 'click' | 'qr' | 'attachment' | 'page';

/** One request to the listener, with what the log already says about the same message. */
export type TrackingHit = Readonly<{
  link: TrackedLink;
  method: string;
  /** Request headers, names in lower case. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  ip: string;
  at: Date;
  /** When the message was handed to the receiving server; null before (a test send, say). */
  sentAt: Date | null;
  /** Earlier hits of the message's links (from the events table and the writer's unwritten batch). */
  earlierHits: readonly { link: string; at: Date }[];
}>;

const signaturesSchema = z.object({
  vendors: z.array(
    z.object({ name: z.string(), userAgents: z.array(z.string().min(3)), addressRanges: z.array(z.string().regex(/^[0-9a-f.:]+\/\d{1,3}$/i)), source: z.string() }),
  ),
});

export type ScannerSignatures = Readonly<{ userAgentFragments: readonly string[]; addresses: BlockList }>;

/** Reads a signature file (scanner-signatures.json beside this module by default) into matchers. */
export const loadScannerSignatures = (path = new URL('./scanner-signatures.json', import.meta.url)): ScannerSignatures => {
  const { vendors } = signaturesSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  const addresses = new BlockList();
  for (const range of vendors.flatMap((vendor) => vendor.addressRanges)) {
    const [network, prefix] = range.split('/') as [string, string];
    addresses.addSubnet(network, Number(prefix), isIP(network) === 6 ? 'ipv6' : 'ipv4');
  }
  return { userAgentFragments: vendors.flatMap((vendor) => vendor.userAgents).map((fragment) => fragment.toLowerCase()), addresses };
};

/** A scanner fetches a link as the mail arrives; a person rarely has it open and clicked this soon. */
export const deliveryWindowSeconds = 30;
/** Different links of one message within this time of each other: a scanner walking the message. */
export const burstWindowSeconds = 2;

const header = (hit: TrackingHit, name: string) => {
  const value = hit.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim();
};
const addressOf = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

export type ScannerRule = Readonly<{ id: string; matches: (hit: TrackingHit, signatures: ScannerSignatures) => boolean }>;

/**
 * The rules that make a hit a machine's (`machine_click` / `machine_open`) instead of the person's,
 * first match wins. Each is documented in docs/phishing.md under "Scanners", with its test.
 */
export const scannerRules: readonly ScannerRule[] = [
  // Link checkers probe with HEAD (or OPTIONS) to see whether a link answers; a browser following a link uses GET.
  { id: 'head-request', matches: (hit) => hit.method === 'HEAD' || hit.method === 'OPTIONS' },
  // Browsers and mail apps prefetch or prerender links they expect to be opened; nobody has looked at the page yet.
  {
    id: 'prefetch',
    matches: (hit) =>
      [header(hit, 'purpose'), header(hit, 'sec-purpose'), header(hit, 'x-purpose'), header(hit, 'x-moz')].some((value) => /\b(prefetch|prerender|preview)\b/i.test(value)),
  },
  // Every browser names itself; a request without a User-Agent is a script.
  { id: 'no-user-agent', matches: (hit) => header(hit, 'user-agent') === '' },
  // Scanners, link previews, HTTP libraries and headless browsers that say what they are (scanner-signatures.json).
  {
    id: 'scanner-user-agent',
    matches: (hit, { userAgentFragments }) => {
      const agent = header(hit, 'user-agent').toLowerCase();
      return userAgentFragments.some((fragment) => agent.includes(fragment));
    },
  },
  // Requests from the address ranges mail-security vendors publish for their services (scanner-signatures.json).
  {
    id: 'scanner-address',
    matches: (hit, { addresses }) => {
      const ip = addressOf(hit.ip);
      const family = isIP(ip);
      return family !== 0 && addresses.check(ip, family === 6 ? 'ipv6' : 'ipv4');
    },
  },
  // Within seconds of delivery: the receiving gateway checks links before the mail reaches the inbox.
  { id: 'soon-after-delivery', matches: (hit) => hit.sentAt !== null && hit.at.getTime() - hit.sentAt.getTime() < deliveryWindowSeconds * 1000 },
  // Another link of the same message a moment before: a scanner requests every link at once, a person one.
  // The page beacon is never part of a burst: it follows its own click by design.
  {
    id: 'link-burst',
    matches: (hit) =>
      hit.link !== 'page' &&
      hit.earlierHits.some((earlier) => earlier.link !== hit.link && earlier.link !== 'page' && Math.abs(hit.at.getTime() - earlier.at.getTime()) <= burstWindowSeconds * 1000),
  },
];

/**
 * The first scanner rule a hit matches, or undefined when it looks like the person. Pure: everything
 * it needs (including earlier hits, read from the events table) is in the hit.
 */
export const detectScanner = (hit: TrackingHit, signatures: ScannerSignatures): string | undefined =>
  scannerRules.find((rule) => rule.matches(hit, signatures))?.id;
