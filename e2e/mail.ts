import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

type ReceivedMail = { to: string; subject: string; text: string };

/** Waits for a mail to this address that the product sent to the test SMTP server. */
export const waitForMail = async (mailDir: string, to: string, timeoutMs = 15_000): Promise<ReceivedMail> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readdirSync(mailDir)
      .sort()
      .map((file) => JSON.parse(readFileSync(join(mailDir, file), 'utf8')) as ReceivedMail)
      .filter((mail) => mail.to.includes(to));
    if (mails.length) return mails.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
};
