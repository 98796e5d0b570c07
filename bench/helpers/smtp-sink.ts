/**
 * An SMTP server on loopback that accepts every message and discards it unread (no parsing), in a
 * process of its own. Prints `{"port"}` when listening; each line `count` on stdin is answered with
 * `{"accepted"}`, the messages accepted so far.
 */
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { SMTPServer } from 'smtp-server';

let accepted = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  onData: (stream, _session, callback) => {
    stream.resume();
    stream.on('end', () => {
      accepted += 1;
      callback();
    });
  },
});
server.on('error', (error) => console.error('smtp sink:', error.message));
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.server.address() as AddressInfo).port })}\n`);
});
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === 'count') process.stdout.write(`${JSON.stringify({ accepted })}\n`);
}
process.on('SIGTERM', () => server.close(() => process.exit(0)));
