import { describe, expect, it } from 'vitest';
import { countryOfAddress, countryPlace } from './ip-country.ts';

describe('the country an address is registered to', () => {
  it.each([
    ['8.8.8.8', 'US'],
    ['217.160.0.1', 'DE'],
    ['::ffff:193.0.6.139', 'NL'],
    ['2001:67c:2e8:22::c100:68b', 'NL'],
    // Nested in a larger block of another country: the more specific range wins.
    ['3.2.35.40', 'TR'],
    ['5.231.80.106', 'BA'],
  ])('%s is registered in %s', (address, country) => {
    expect(countryOfAddress(address)).toBe(country);
  });

  it.each([['127.0.0.1'], ['10.1.2.3'], ['192.168.1.20'], ['::1'], ['fe80::1%eth0'], ['not an address'], [undefined]])('%s has no country', (address) => {
    expect(countryOfAddress(address)).toBeUndefined();
  });

  it('knows a country’s centre and neighbours', () => {
    expect(countryPlace('de')).toMatchObject({ latitude: 51, longitude: 9 });
    expect(countryPlace('DE')?.borders).toContain('FR');
  });
});
