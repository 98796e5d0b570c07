import { describe, expect, it } from 'vitest';
import { type LookupAll, OutboundRefusedError, classifyAddress, hostProblem, isAllowListed, refuseAddress, resolveAllowedAddresses } from './outbound-guard.ts';

describe('classifyAddress', () => {
  it.each([
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['169.254.10.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['2a00:1450:4001::1', 'public'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['::127.0.0.1', 'reserved'],
    ['FE80::1%eth0', 'link-local'],
  ])('reads the IPv4 address inside %s (%s)', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('allow-list', () => {
  const allowedHosts = ['127.0.0.1', 'relay.internal:2525', '[::1]:25', 'mail.corp'];

  it('matches a host by name or address, and the port when the entry names one', () => {
    expect(isAllowListed(allowedHosts, '127.0.0.1', 25)).toBe(true);
    expect(isAllowListed(allowedHosts, 'localhost', 25, '127.0.0.1')).toBe(true);
    expect(isAllowListed(allowedHosts, 'RELAY.internal.', 2525, '10.0.0.9')).toBe(true);
    expect(isAllowListed(allowedHosts, 'relay.internal', 25, '10.0.0.9')).toBe(false);
    expect(isAllowListed(allowedHosts, '::1', 25)).toBe(true);
    expect(isAllowListed(allowedHosts, '::1', 587)).toBe(false);
    expect(isAllowListed(allowedHosts, 'mail.corp', 587, '192.168.0.5')).toBe(true);
    expect(isAllowListed(allowedHosts, 'other.corp', 587, '192.168.0.6')).toBe(false);
  });

  it('lets listed internal hosts through, but never link-local or metadata addresses', () => {
    const target = (host: string) => ({ host, port: 25, allowedHosts: [...allowedHosts, '169.254.169.254', 'fe80::1'] });
    expect(refuseAddress(target('127.0.0.1'), '127.0.0.1')).toBeUndefined();
    expect(refuseAddress(target('mail.corp'), '192.168.0.5')).toBeUndefined();
    expect(refuseAddress(target('smtp.example.com'), '10.0.0.1')).toMatch(/smtp\.example\.com \(10\.0\.0\.1\) is a private network address; .*OUTBOUND_ALLOWED_HOSTS/);
    expect(refuseAddress(target('169.254.169.254'), '169.254.169.254')).toMatch(/cloud metadata address/);
    expect(refuseAddress(target('fe80::1'), 'fe80::1')).toMatch(/link-local/);
    expect(refuseAddress(target('smtp.example.com'), '93.184.216.34')).toBeUndefined();
  });
});

describe('hostProblem', () => {
  const target = (host: string) => ({ host, port: 587, allowedHosts: [] });

  it.each(['smtp.example.com', 'SMTP.Example.com.', 'mail-1.example.co.uk', '93.184.216.34', '2a00:1450:4001::1', '[2a00:1450:4001::1]', 'localhost'])(
    'accepts %s',
    (host) => {
      expect(hostProblem(target(host))).toBeUndefined();
    },
  );

  it.each(['', 'smtp..example.com', '-smtp.example.com', 'smtp_example.com', 'smtp.example.com:25', 'http://smtp.example.com', 'a b', 'x'.repeat(64) + '.com'])(
    'refuses the syntax of %j',
    (host) => {
      expect(hostProblem(target(host))).toMatch(/must be a host name/);
    },
  );

  it('refuses metadata names and literal addresses the guard would refuse', () => {
    expect(hostProblem(target('metadata.google.internal'))).toMatch(/metadata/);
    expect(hostProblem(target('169.254.169.254'))).toMatch(/metadata/);
    expect(hostProblem(target('[fd00:ec2::254]'))).toMatch(/metadata/);
    expect(hostProblem(target('10.0.0.1'))).toMatch(/private network address/);
    expect(hostProblem({ host: '10.0.0.1', port: 587, allowedHosts: ['10.0.0.1'] })).toBeUndefined();
  });
});

describe('resolveAllowedAddresses', () => {
  const answers =
    (addresses: string[]): LookupAll =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('answers every address of a host that resolves only to public addresses', async () => {
    await expect(resolveAllowedAddresses({ host: 'smtp.example.com', port: 587, allowedHosts: [] }, answers(['93.184.216.34', '2a00:1450:4001::1']))).resolves.toEqual([
      '93.184.216.34',
      '2a00:1450:4001::1',
    ]);
  });

  it('refuses a name when any of its addresses is internal (a resolver may hand out either)', async () => {
    const attempt = resolveAllowedAddresses({ host: 'rebind.example.com', port: 587, allowedHosts: [] }, answers(['93.184.216.34', '169.254.169.254']));
    await expect(attempt).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(attempt).rejects.toThrow('rebind.example.com (169.254.169.254) is a cloud metadata address');
  });

  it('refuses a metadata host name before asking DNS', async () => {
    const never: LookupAll = async () => {
      throw new Error('DNS was asked');
    };
    await expect(resolveAllowedAddresses({ host: 'metadata.google.internal', port: 80, allowedHosts: [] }, never)).rejects.toBeInstanceOf(OutboundRefusedError);
  });
});
