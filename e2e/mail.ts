import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

type ReceivedMail = { to: string; subject: string; text: string };

type MailQuery = {
  /** Only mails received at or after this time (Date.now() before the action that sends it). */
  since?: number;
  /** Only mails this accepts (a subject, a code in the text). */
  match?: (mail: ReceivedMail) => boolean;
  /** Delivery goes through the product's job queue, which shares a busy machine with the browser. */
  timeoutMs?: number;
};

// The inbox writes each mail in another process: a file read while it is being written is read next round.
const readMail = (file: string): ReceivedMail[] => {
  try {
    return [JSON.parse(readFileSync(file, 'utf8')) as ReceivedMail];
  } catch {
    return [];
  }
};

/** Waits for a mail to this address that the product sent to the test SMTP server; the newest if several. */
export const waitForMail = async (mailDir: string, to: string, { since = 0, match = () => true, timeoutMs = 20_000 }: MailQuery = {}): Promise<ReceivedMail> => {
  const deadline = Date.now() + timeoutMs;
  const address = to.toLowerCase();
  for (;;) {
    const mails = readdirSync(mailDir)
      // start-product.ts names each file after the time it arrived.
      .filter((file) => Number(file.split('-')[0]) >= since)
      .sort()
      .flatMap((file) => readMail(join(mailDir, file)))
      .filter((mail) => mail.to.toLowerCase().includes(address) && match(mail));
    if (mails.length) return mails.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
};
