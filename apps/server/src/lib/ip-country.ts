import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import countries from 'world-countries';

/**
 * The country an address is registered to, from the regional internet registries' allocations
 * (geo-whois-asn-country, CC0, with NRO data under CC BY 4.0): offline, read from the npm package
 * on the first lookup, never fetched. Registration is not location (a VPN exit or a mobile
 * carrier's gateway can sit elsewhere), which is why the anomaly rules that read it are cautious.
 */
type Ranges = { starts: bigint[]; ends: bigint[]; countries: string[] };

const require = createRequire(import.meta.url);
const loaded: { v4?: Ranges; v6?: Ranges } = {};

const readRanges = (file: string): Ranges => {
  const text = readFileSync(require.resolve(`@ip-location-db/geo-whois-asn-country/${file}`), 'utf8');
  const rows: [bigint, bigint, string][] = [];
  for (const line of text.split('\n')) {
    const [start, end, country] = line.split(',');
    if (!start || !end || !country) continue;
    rows.push([BigInt(start), BigInt(end), country.trim()]);
  }
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { starts: rows.map((row) => row[0]), ends: rows.map((row) => row[1]), countries: rows.map((row) => row[2]) };
};

const v4Number = (address: string) => address.split('.').reduce((sum, part) => (sum << 8n) + BigInt(Number(part)), 0n);

const v6Number = (address: string): bigint => {
  // An address ending in dotted IPv4 (other than ::ffff:, handled before) counts as its two groups.
  const text = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => `${((+a << 8) + +b).toString(16)}:${((+c << 8) + +d).toString(16)}`);
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((sum, group) => (sum << 16n) + BigInt(parseInt(group || '0', 16)), 0n);
};

/**
 * The most specific range holding `value`. The registries' table nests ranges (a country's block
 * inside a larger one): of the ranges starting at or before the value, the nearest one that still
 * reaches it is the innermost.
 */
const find = (ranges: Ranges, value: bigint) => {
  let low = 0;
  let high = ranges.starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (ranges.starts[middle]! <= value) low = middle + 1;
    else high = middle - 1;
  }
  for (let index = high; index >= 0 && index > high - 64; index -= 1) if (ranges.ends[index]! >= value) return ranges.countries[index];
  return undefined;
};

const tables = () => ({ v4: (loaded.v4 ??= readRanges('geo-whois-asn-country-ipv4-num.csv')), v6: (loaded.v6 ??= readRanges('geo-whois-asn-country-ipv6-num.csv')) });

/** Reads the tables now (about half a second), so the first sign-in does not wait for them. */
export const preloadCountryTables = () => void tables();

/** The ISO 3166 alpha-2 code of the country `ip` is registered to; undefined for private, local or unknown addresses. */
export const countryOfAddress = (ip: string | undefined): string | undefined => {
  if (!ip) return undefined;
  const v4InV6 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  // A zone (fe80::1%eth0) names an interface, not a place.
  const address = (v4InV6 ?? ip).split('%')[0]!;
  // Loopback, private and link-local addresses belong to no country (and need no table read).
  if (/^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|::1$|f[cd][0-9a-f]{2}:|fe80:)/i.test(address)) return undefined;
  const version = isIP(address);
  try {
    if (version === 4) return find(tables().v4, v4Number(address));
    if (version === 6) return find(tables().v6, v6Number(address.toLowerCase()));
  } catch {
    // An address the parser cannot read has no country; a sign-in never fails for it.
  }
  return undefined;
};

type CountryPlace = { latitude: number; longitude: number; borders: readonly string[] };
const places = new Map<string, CountryPlace>(
  countries.map((country) => [country.cca2, { latitude: country.latlng[0], longitude: country.latlng[1], borders: country.borders.map((code) => countries.find((c) => c.cca3 === code)?.cca2 ?? code) }]),
);

/** A country's reference point (its geographic centre, from world-countries) and neighbours, by ISO alpha-2 code. */
export const countryPlace = (code: string): CountryPlace | undefined => places.get(code.toUpperCase());
