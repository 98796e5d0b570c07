import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps what it receives, parsed. */
export const startSmtpInbox = async (onMail?: (mail: ParsedMail) => void) => {
  const received: ParsedMail[] = [];
  const waiting: { to: string; resolve: (mail: ParsedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          onMail?.(mail);
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
          for (const w of waiting.filter((w) => to.includes(w.to))) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(mail);
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next mail to this address (or one already received and not yet taken). */
    nextMailTo: (to: string, timeoutMs = 10_000) =>
      new Promise<ParsedMail>((resolve, reject) => {
        const index = received.findIndex((m) => m.to && !Array.isArray(m.to) && m.to.text.includes(to));
        if (index >= 0) {
          resolve(received.splice(index, 1)[0]!);
          return;
        }
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            received.splice(received.indexOf(mail), 1);
            resolve(mail);
          },
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
