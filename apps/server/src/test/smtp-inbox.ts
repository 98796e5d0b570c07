import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpInboxOptions = {
  /** Accounts the server accepts (user → password); none: it asks for no authentication. */
  users?: Record<string, string>;
  /** Answers a recipient with this SMTP reply instead of taking it, e.g. `{ code: 550, message: 'No such user' }`. */
  refuseRecipient?: (address: string) => { code: number; message: string } | undefined;
  /**
   * Runs once a message has fully arrived and is kept, before the server answers it: a slow answer
   * widens the window in which the sender has handed a message over but not yet heard it was taken.
   */
  onReceived?: (mail: ParsedMail) => Promise<void> | void;
};

/**
 * A real SMTP server on loopback (no TLS) that keeps what it receives, parsed, for tests of what
 * the product sends through sending profiles.
 */
export const startSmtpInbox = async ({ users, refuseRecipient, onReceived }: SmtpInboxOptions = {}) => {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: !users,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (users && users[auth.username ?? ''] === auth.password) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const refusal = refuseRecipient?.(address.address);
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      return callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          received.push(mail);
          await onReceived?.(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // A sender that dies mid-conversation (the crash-safety test kills one) resets its connection;
  // smtp-server reports that as a server 'error', which would otherwise be an uncaught exception.
  const connectionErrors: Error[] = [];
  server.on('error', (error: Error) => connectionErrors.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    host: '127.0.0.1',
    port,
    received,
    connectionErrors,
    /** Every message received for this address. */
    mailTo: (address: string) => received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
