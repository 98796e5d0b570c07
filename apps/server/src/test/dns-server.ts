import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import * as dnsPacket from 'dns-packet';

/**
 * A DNS server on loopback (UDP) for tests: it answers TXT questions from `records` (name → values),
 * A and AAAA questions from `setAddresses`,
 * or, given `recordsDir`, from a file named after the name there (one value a line: another process,
 * such as an end-to-end spec, publishes a record by writing it), NXDOMAIN for a name it does not
 * know, and SERVFAIL for names in `failing`. The product asks it through node:dns, as it asks a
 * real resolver (DNS_SERVERS=127.0.0.1:<port>).
 */
export const startDnsServer = async ({ recordsDir }: { recordsDir?: string } = {}) => {
  const records = new Map<string, string[]>();
  const addresses = new Map<string, string[]>();
  const failing = new Set<string>();
  const fromDir = (name: string) => {
    if (!recordsDir || !/^[a-z0-9.-]+$/.test(name)) return undefined;
    try {
      return readFileSync(join(recordsDir, name), 'utf8').split('\n').filter(Boolean);
    } catch {
      return undefined;
    }
  };
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    const name = question?.name.toLowerCase() ?? '';
    const values = records.get(name) ?? fromDir(name);
    const hostAddresses = addresses.get(name);
    const rcode = failing.has(name) ? 'SERVFAIL' : values || hostAddresses ? 'NOERROR' : 'NXDOMAIN';
    const answers =
      question?.type === 'TXT' && values
        ? values.map((value) => ({ type: 'TXT' as const, name: question.name, class: 'IN' as const, ttl: 60, data: [value] }))
        : question?.type === 'A' || question?.type === 'AAAA'
          ? (hostAddresses ?? [])
              .filter((address) => (isIP(address) === 4) === (question.type === 'A'))
              .map((address) => ({ type: question.type as 'A' | 'AAAA', name: question.name, class: 'IN' as const, ttl: 0, data: address }))
          : [];
    const reply = dnsPacket.encode({ id: query.id, type: 'response', flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcodeFlag[rcode], questions: query.questions, answers });
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((listening) => socket.bind(0, '127.0.0.1', listening));
  const { port } = socket.address();
  return {
    /** For DNS_SERVERS and node:dns's setServers. */
    server: `127.0.0.1:${port}`,
    setTxt: (name: string, values: string[]) => void records.set(name.toLowerCase(), values),
    /** A and AAAA answers for a host name (TTL 0, so each lookup asks again: a test can change them between two). */
    setAddresses: (name: string, values: string[]) => void addresses.set(name.toLowerCase(), values),
    fail: (name: string) => void failing.add(name.toLowerCase()),
    close: () => new Promise<void>((closed) => socket.close(() => closed())),
  };
};

// The response code is the low four bits of the flags.
const rcodeFlag = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 } as const;
