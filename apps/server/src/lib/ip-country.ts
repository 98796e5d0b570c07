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
  const ranges: Ranges = { starts: [], ends: [], countries: [] };
  for (const line of text.split('\n')) {
    const [start, end, country] = line.split(',');
    if (!start || !end || !country) continue;
    ranges.starts.push(BigInt(start));
    ranges.ends.push(BigInt(end));
    ranges.countries.push(country.trim());
  }
  return ranges;
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

const find = (ranges: Ranges, value: bigint) => {
  let low = 0;
  let high = ranges.starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (value < ranges.starts[middle]!) high = middle - 1;
    else if (value > ranges.ends[middle]!) low = middle + 1;
    else return ranges.countries[middle];
  }
  return undefined;
};

/** The ISO 3166 alpha-2 code of the country `ip` is registered to; undefined for private, local or unknown addresses. */
export const countryOfAddress = (ip: string | undefined): string | undefined => {
  if (!ip) return undefined;
  const v4InV6 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = v4InV6 ?? ip;
  // Loopback, private and link-local addresses belong to no country (and need no table read).
  if (/^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|::1$|f[cd][0-9a-f]{2}:|fe80:)/i.test(address)) return undefined;
  const version = isIP(address);
  if (version === 4) return find((loaded.v4 ??= readRanges('geo-whois-asn-country-ipv4-num.csv')), v4Number(address));
  if (version === 6) return find((loaded.v6 ??= readRanges('geo-whois-asn-country-ipv6-num.csv')), v6Number(address.toLowerCase()));
  return undefined;
};

type CountryPlace = { latitude: number; longitude: number; borders: readonly string[] };
const places = new Map<string, CountryPlace>(
  countries.map((country) => [country.cca2, { latitude: country.latlng[0], longitude: country.latlng[1], borders: country.borders.map((code) => countries.find((c) => c.cca3 === code)?.cca2 ?? code) }]),
);

/** A country's reference point (its geographic centre, from world-countries) and neighbours, by ISO alpha-2 code. */
export const countryPlace = (code: string): CountryPlace | undefined => places.get(code.toUpperCase());
