import { lookup as dnsLookup } from 'node:dns/promises';
import { type Socket, connect as connectTcp, isIP } from 'node:net';

/**
 * Where Vigil may open outbound connections on an admin's say-so (the SMTP host of a sending
 * profile; later webhooks and the LLM client). An admin types a host name; without this guard it
 * could point at the cloud's metadata service (credentials), at the database, or at anything else
 * only the server can reach.
 *
 * - Link-local and cloud-metadata addresses are refused always, whatever the allow-list says.
 * - Loopback, private, CGNAT, "this network", multicast and reserved addresses are refused unless
 *   the operator lists the host (`host` or `host:port`, by name or address) in OUTBOUND_ALLOWED_HOSTS.
 * - The check runs at connect time, after DNS: every address the name resolves to is checked and the
 *   socket is opened to a checked address, so a name that changes its answer between the check and
 *   the connection (DNS rebinding) cannot slip through.
 */

export type AddressClass =
  | 'metadata'
  | 'link-local'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'public';

/** Refused whatever the allow-list says. */
const alwaysRefused: ReadonlySet<AddressClass> = new Set(['metadata', 'link-local']);

const problemOf: Record<Exclude<AddressClass, 'public'>, string> = {
  metadata: 'is a cloud metadata address, which outbound connections may never reach',
  'link-local': 'is a link-local address, which outbound connections may never reach',
  loopback: 'is a loopback address',
  private: 'is a private network address',
  cgnat: 'is a carrier-grade NAT address',
  unspecified: 'is an unspecified ("this network") address',
  multicast: 'is a multicast address',
  reserved: 'is a reserved address',
};

/** Host names of cloud metadata services (they answer on the addresses below too). */
const metadataHostNames = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
]);

/** Metadata services outside link-local space: AWS's IPv6 endpoint, Alibaba Cloud's. */
const metadataAddresses = new Set(['fd00:ec2:0:0:0:0:0:254', '100.100.100.200']);

type Range = { base: bigint; bits: number; prefix: number; class: AddressClass };

const ipv4Ranges: readonly [string, number, AddressClass][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const ipv6Ranges: readonly [string, number, AddressClass][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  // IPv4-compatible (deprecated) and other uses of ::/8 not handled as embedded IPv4 below.
  ['::', 8, 'reserved'],
  ['64:ff9b:1::', 48, 'private'],
  ['100::', 64, 'reserved'],
  ['2001::', 32, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'],
  ['ff00::', 8, 'multicast'],
];

const parseIpv4 = (address: string): bigint => address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);

/** The 128-bit value of an IPv6 address (any spelling Node accepts, dotted tail included). */
const parseIpv6 = (address: string): bigint => {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = parseIpv4(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group || '0', 16)), 0n);
};

const toRanges = (list: readonly [string, number, AddressClass][], parse: (text: string) => bigint, bits: number): Range[] =>
  list
    .map(([base, prefix, kind]) => ({ base: parse(base), bits, prefix, class: kind }))
    // Most specific first, so ::1 is loopback rather than reserved.
    .sort((a, b) => b.prefix - a.prefix);

const v4 = toRanges(ipv4Ranges, parseIpv4, 32);
const v6 = toRanges(ipv6Ranges, parseIpv6, 128);

const inRange = (value: bigint, range: Range) => value >> BigInt(range.bits - range.prefix) === range.base >> BigInt(range.bits - range.prefix);

const ipv4Text = (value: bigint) => [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');

/** Canonical IPv6 text without compression, for comparing with the metadata list. */
const ipv6Text = (value: bigint) => Array.from({ length: 8 }, (_, i) => ((value >> BigInt(112 - i * 16)) & 0xffffn).toString(16)).join(':');

/** An IPv4 address carried inside an IPv6 one (mapped, NAT64, 6to4): it is what gets reached. */
const embeddedIpv4 = (value: bigint): bigint | undefined => {
  if (value >> 32n === 0xffffn) return value & 0xffffffffn; // ::ffff:a.b.c.d
  if (value >> 32n === 0x0064ff9b0000000000000000n) return value & 0xffffffffn; // 64:ff9b::a.b.c.d
  if (value >> 112n === 0x2002n) return (value >> 80n) & 0xffffffffn; // 2002:aabb:ccdd::
  return undefined;
};

const classifyIpv4 = (value: bigint): AddressClass =>
  metadataAddresses.has(ipv4Text(value)) || ipv4Text(value) === '169.254.169.254'
    ? 'metadata'
    : (v4.find((range) => inRange(value, range))?.class ?? 'public');

/**
 * What kind of address this is.
 * @throws Error when `address` is not an IP address.
 */
export const classifyAddress = (address: string): AddressClass => {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) return classifyIpv4(parseIpv4(address));
  if (family !== 6) throw new Error(`${address} is not an IP address`);
  const value = parseIpv6(address);
  const inner = embeddedIpv4(value);
  if (inner !== undefined) return classifyIpv4(inner);
  if (metadataAddresses.has(ipv6Text(value))) return 'metadata';
  return v6.find((range) => inRange(value, range))?.class ?? 'public';
};

/** A host as written in a profile or the allow-list: lower case, no trailing dot, no IPv6 brackets. */
export const normalizeHost = (host: string) => host.trim().toLowerCase().replace(/\.$/, '').replace(/^\[(.*)\]$/, '$1');

const splitAllowEntry = (entry: string): { host: string; port?: number } => {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: normalizeHost(bracketed[1]!), port: bracketed[2] ? Number(bracketed[2]) : undefined };
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort) return { host: normalizeHost(withPort[1]!), port: Number(withPort[2]) };
  return { host: normalizeHost(entry) };
};

/** Whether the operator lists this host (by the name the admin typed, or the address it reached) and port. */
export const isAllowListed = (allowedHosts: readonly string[], host: string, port: number, address?: string) => {
  const names = new Set([normalizeHost(host), ...(address ? [normalizeHost(address)] : [])]);
  return allowedHosts.map(splitAllowEntry).some((entry) => names.has(entry.host) && (entry.port === undefined || entry.port === port));
};

/** An outbound connection the guard refused; `code` lets callers tell it from a network failure. */
export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError';
  readonly code = 'EOUTBOUNDREFUSED';
}

export type OutboundTarget = { host: string; port: number; allowedHosts: readonly string[] };

/** What is wrong with reaching `address` for `target` (a phrase to follow the host), or undefined when it may. */
const addressProblem = (target: OutboundTarget, address: string): string | undefined => {
  const kind = classifyAddress(address);
  if (kind === 'public') return undefined;
  if (alwaysRefused.has(kind)) return problemOf[kind];
  if (isAllowListed(target.allowedHosts, target.host, target.port, address)) return undefined;
  return `${problemOf[kind]}; the server's operator can allow it by listing it in OUTBOUND_ALLOWED_HOSTS`;
};

/** Why the guard refuses connecting to `address` for `target`, as a sentence, or undefined when it may. */
export const refuseAddress = (target: OutboundTarget, address: string): string | undefined => {
  const problem = addressProblem(target, address);
  if (!problem) return undefined;
  return `${normalizeHost(target.host) === normalizeHost(address) ? address : `${target.host} (${address})`} ${problem}`;
};

const hostLabel = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * What is wrong with a host as an admin types it (a DNS name or an IP address), judged without DNS:
 * its syntax, a metadata name, and a literal address the guard would refuse. Undefined when fine.
 */
export const hostProblem = (target: OutboundTarget): string | undefined => {
  const host = normalizeHost(target.host);
  if (isIP(host)) return addressProblem(target, host);
  if (host.length === 0 || host.length > 253 || !host.split('.').every((label) => hostLabel.test(label))) {
    return 'must be a host name such as smtp.example.com, or an IP address';
  }
  if (metadataHostNames.has(host)) return 'is a cloud metadata service, which outbound connections may never reach';
  return undefined;
};

export type LookupAll = (host: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: LookupAll = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Resolves the host and checks every address it resolves to.
 * @returns the addresses, in the resolver's order, all allowed
 * @throws OutboundRefusedError when the host or any of its addresses is refused; the resolver's error when it fails
 */
export const resolveAllowedAddresses = async (target: OutboundTarget, lookup: LookupAll = systemLookup): Promise<string[]> => {
  const problem = hostProblem(target);
  if (problem) throw new OutboundRefusedError(`${target.host} ${problem}`);
  const host = normalizeHost(target.host);
  const addresses = isIP(host) ? [host] : (await lookup(host)).map((entry) => entry.address);
  // One bad address refuses the host: a resolver may hand out any of them on the next connection.
  for (const address of addresses) {
    const refusal = refuseAddress(target, address);
    if (refusal) throw new OutboundRefusedError(refusal);
  }
  return addresses;
};

/**
 * Opens a TCP connection to the host through the guard: resolves, checks every address, then
 * connects to a checked address (the next one when a connection fails), never by name again.
 * @throws OutboundRefusedError; the network's error (ECONNREFUSED, ETIMEDOUT…) of the last address tried
 */
export const connectThroughGuard = async (target: OutboundTarget, { timeoutMs, lookup }: { timeoutMs: number; lookup?: LookupAll }): Promise<Socket> => {
  const addresses = await resolveAllowedAddresses(target, lookup);
  let lastError: unknown;
  for (const address of addresses) {
    try {
      return await new Promise<Socket>((resolve, reject) => {
        // Nagle off: SMTP is command and answer, and with it on each message's final line waits for
        // the server's delayed ACK (up to 40 ms a message on every pooled connection).
        const socket = connectTcp({ host: address, port: target.port, noDelay: true });
        const fail = (error: Error) => {
          socket.destroy();
          reject(error);
        };
        socket.setTimeout(timeoutMs, () => fail(Object.assign(new Error(`Connection to ${target.host}:${target.port} timed out`), { code: 'ETIMEDOUT' })));
        socket.once('error', fail);
        socket.once('connect', () => {
          socket.setTimeout(0);
          socket.removeListener('error', fail);
          resolve(socket);
        });
      });
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
};
