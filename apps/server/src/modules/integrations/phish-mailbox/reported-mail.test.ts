import { describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { addressFromLine, analyseEnvelope, analyseReportedMail, reporterAuthenticated } from './reported-mail.ts';

const compose = (mail: Mail.Options) => new MailComposer(mail).compile().build();
const loneSurrogate = /\p{Cs}/u;
const anyServer = { exchangeOnline: false };

/** How long the work took, in milliseconds. */
const timed = async <T>(work: () => Promise<T> | T) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

describe('reading a reported message that was written to hurt', () => {
  it('finds an address in a line of "a@a@a@…" in time linear in its length', async () => {
    // The old pattern took about 90 s on 4,000 repetitions; 200,000 would take days if it were quadratic.
    const { result, ms } = await timed(() => addressFromLine('a@'.repeat(200_000)));
    expect(result.address).toBeNull();
    expect(ms).toBeLessThan(1_000);
    // Words with no address in them do not slow it either.
    expect((await timed(() => addressFromLine(`${'x'.repeat(400_000)}@`))).ms).toBeLessThan(1_000);
    // And it still reads what inline forwards write.
    expect(addressFromLine('IT Service Desk <IT@Lures.example>')).toEqual({ address: 'it@lures.example', name: 'IT Service Desk' });
    expect(addressFromLine('"Billing" [mailto:billing@invoices-payable.example]')).toEqual({ address: 'billing@invoices-payable.example', name: 'Billing' });
  });

  it('reads an inline forward built against every pattern it runs, quickly, keeping what matters', async () => {
    const raw = await compose({
      from: 'ada@example.com',
      to: 'reports@corp.example',
      subject: 'Fwd: odd',
      text: [
        'Look at this.',
        '>'.repeat(50_000),
        ...Array.from({ length: 5_000 }, () => '> > > *'),
        `From: ${'a@'.repeat(20_000)}`,
        `See http://x.example/${'.'.repeat(50_000)}!`,
        'https://pay.invoices-payable.example/now.',
      ].join('\n'),
      html: `<p>Look at this.</p>${'<script>'.repeat(20_000)}${'<div>'.repeat(50_000)}${'a<'.repeat(50_000)}`,
    });
    const { result, ms } = await timed(() => analyseReportedMail(raw, anyServer));
    expect(ms).toBeLessThan(5_000);
    expect(result.original.sender.address).toBeNull();
    expect(result.original.excerpt.startsWith('Look at this.')).toBe(true);
    expect(result.original.links).toContainEqual({ url: 'https://pay.invoices-payable.example/now', host: 'pay.invoices-payable.example' });
  });

  it('reads deeply nested HTML without turning the whole tree into text', async () => {
    // The parser's own HTML-to-text took 20 s on 200,000 nested tags, then gave up.
    const raw = Buffer.from(`From: ada@example.com\r\nSubject: deep\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>Pay now</p>${'<div>'.repeat(200_000)}\r\n`);
    const { result, ms } = await timed(() => analyseReportedMail(raw, anyServer));
    expect(ms).toBeLessThan(5_000);
    expect(result.original.excerpt).toBe('Pay now');
  });

  it('cuts an attachment name at a code point, never inside an emoji', async () => {
    const name = `${'a'.repeat(254)}😀b.pdf`;
    const raw = await compose({ from: 'ada@example.com', to: 'reports@corp.example', subject: 'invoice', text: 'see attached', attachments: [{ filename: name, content: 'x' }] });
    const { original } = await analyseReportedMail(raw, anyServer);
    expect(original.attachments[0]!.name).toBe(`${'a'.repeat(254)}😀`);
    expect(loneSurrogate.test(JSON.stringify(original))).toBe(false);
  });

  it('keeps no NUL and no half of a surrogate pair from encoded headers', async () => {
    const raw = Buffer.from(
      ['From: =?utf-8?q?Ada=00?= <ada@example.com>', 'Subject: =?utf-8?q?pay=00now?=', 'Content-Type: text/plain; charset=utf-8', '', `a${'😀'.repeat(1_200)}`, ''].join('\r\n'),
    );
    const { reporter, original } = await analyseReportedMail(raw, anyServer);
    expect(reporter.name).toBe('Ada');
    expect(original.subject).toBe('paynow');
    // 1,000 code points: the letter and 999 emoji, each whole.
    expect(original.excerpt).toBe(`a${'😀'.repeat(999)}…`);
  });

  it('reads no date from an envelope whose Date header is not a date', () => {
    expect(analyseEnvelope({ from: [{ address: 'Ada@Example.com' }], date: 'the day after tomorrow', subject: 'big' }, undefined, anyServer)).toMatchObject({
      forwardedAt: null,
      reporter: { address: 'ada@example.com' },
      original: { subject: 'big' },
    });
    expect(analyseEnvelope({ date: new Date(Number.NaN) }, undefined, anyServer).forwardedAt).toBeNull();
  });
});

describe('whether the reporter’s address is genuine', () => {
  const header = (key: string, value: string) => ({ key: key.toLowerCase(), line: `${key}: ${value}` });

  it('trusts the receiving server’s DMARC pass for the From’s domain, or an aligned DKIM pass', () => {
    expect(reporterAuthenticated([header('Authentication-Results', 'mx.google.com;\r\n dkim=pass header.i=@corp.example; dmarc=pass (p=REJECT sp=REJECT dis=NONE) header.from=corp.example')], 'ada@corp.example', anyServer)).toBe(true);
    // Exchange Online writes no authserv-id.
    expect(reporterAuthenticated([header('Authentication-Results', 'spf=pass (sender IP is 192.0.2.1) smtp.mailfrom=corp.example; dkim=pass (signature was verified) header.d=corp.example;dmarc=pass action=none header.from=corp.example;compauth=pass reason=100')], 'ada@corp.example', anyServer)).toBe(true);
    expect(reporterAuthenticated([header('Authentication-Results', 'mx.corp.example; dkim=pass header.d=corp.example; dmarc=none')], 'ada@mail.corp.example', anyServer)).toBe(true);
  });

  it('does not trust a failed or missing verdict, another domain, or a verdict the sender wrote below the server’s', () => {
    expect(reporterAuthenticated([], 'ada@corp.example', anyServer)).toBe(false);
    expect(reporterAuthenticated([header('Authentication-Results', 'mx.corp.example; dmarc=fail header.from=corp.example')], 'ada@corp.example', anyServer)).toBe(false);
    expect(reporterAuthenticated([header('Authentication-Results', 'mx.corp.example; dmarc=pass header.from=attacker.example; dkim=pass header.d=attacker.example')], 'ada@corp.example', anyServer)).toBe(false);
    expect(reporterAuthenticated([header('Authentication-Results', 'mx.corp.example; spf=pass smtp.mailfrom=corp.example')], 'ada@corp.example', anyServer)).toBe(false);
    expect(
      reporterAuthenticated(
        [header('Authentication-Results', 'mx.corp.example; dmarc=fail header.from=corp.example'), header('Authentication-Results', 'mx.corp.example; dmarc=pass header.from=corp.example')],
        'ada@corp.example',
        anyServer,
      ),
    ).toBe(false);
  });

  it('trusts mail Exchange Online marks as sent by its own signed-in user, and only in Exchange Online', () => {
    const exchangeOnline = { exchangeOnline: true };
    expect(reporterAuthenticated([header('X-MS-Exchange-Organization-AuthAs', 'Internal')], 'ada@corp.example', exchangeOnline)).toBe(true);
    expect(reporterAuthenticated([header('X-MS-Exchange-Organization-AuthAs', 'Anonymous')], 'ada@corp.example', exchangeOnline)).toBe(false);
    // Any other server keeps the field as an outsider wrote it.
    expect(reporterAuthenticated([header('X-MS-Exchange-Organization-AuthAs', 'Internal')], 'ada@corp.example', anyServer)).toBe(false);
  });
});
