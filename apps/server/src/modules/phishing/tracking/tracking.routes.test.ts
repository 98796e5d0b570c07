import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, rateLimitWindows } from '@vigil/db';
import { dumpDatabase } from '../../../test/database-dump.ts';
import { buildTrackedRecipient } from '../../../test/tracking-factories.ts';
import { useTestPhishApp } from '../../../test/test-phish-app.ts';

const t = useTestPhishApp();

const browser = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };
let nextAddress = 1;
/** Each test its own address, so the per-address limit of one test never reaches another's. */
const fromNewAddress = () => `198.51.100.${nextAddress++}`;

// Hits are answered before their batch reaches the log: read it once the writer has flushed.
const eventsOf = async (recipientId: string) => {
  await t.app.eventWriter.flush();
  return t.db.select({ type: events.type, data: events.data, organizationId: events.organizationId }).from(events).where(eq(events.recipientId, recipientId)).orderBy(asc(events.id));
};

const beaconOf = (html: string) => /<img class="beacon" src="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('the open pixel', () => {
  it('answers a transparent 1×1 GIF that no one may store, and records the open', async () => {
    const { recipient, token } = await buildTrackedRecipient(t.db, t.secrets);
    const response = await t.app.inject({ method: 'GET', url: `/o/${token}.gif`, headers: browser, remoteAddress: fromNewAddress() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    expect(await eventsOf(recipient.id)).toEqual([{ type: 'opened', data: { link: 'open' }, organizationId: recipient.organizationId }]);
  });
});

describe('a click on a credential-harvest lure', () => {
  it('leads to the landing page, counts the click when the page loads, and records only the names of filled fields', async () => {
    const { recipient, token, org } = await buildTrackedRecipient(t.db, t.secrets);
    const remoteAddress = fromNewAddress();
    const click = await t.app.inject({ method: 'GET', url: `/c/${token}`, headers: browser, remoteAddress });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(`/l/${token}?via=c`);
    // Nothing yet: a click is the person's once the page it leads to has loaded.
    expect(await eventsOf(recipient.id)).toEqual([]);

    const landing = await t.app.inject({ method: 'GET', url: click.headers.location as string, headers: browser, remoteAddress });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(landing.body).toContain(`action="/l/${token}" method="post"`);
    expect(landing.body).toContain(`<span>${org.name}</span>`);
    expect(landing.body).not.toContain('{{company}}');
    // The page's look comes with it: the shared stylesheet in the page's colours, inline in its head.
    expect(landing.body).toMatch(/<style>\n:root\{--accent:#2563eb;--accent-tint:#dbeafe\}\n\*\{box-sizing:border-box\}[^<]*<\/style>\n<\/head>/);
    const beacon = await t.app.inject({ method: 'GET', url: beaconOf(landing.body)!, headers: browser, remoteAddress });
    expect(beacon.statusCode).toBe(200);
    expect((await eventsOf(recipient.id)).map((event) => event.type)).toEqual(['clicked', 'landing_visited']);

    const submit = await t.app.inject({
      method: 'POST',
      url: `/l/${token}`,
      headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=robin%40example.com&password=Tr0ub4dor%26Horse-Secret&remember=',
      remoteAddress,
    });
    expect(submit.statusCode).toBe(303);
    expect(submit.headers.location).toBe(`/t/${token}`);
    const submitted = (await eventsOf(recipient.id)).find((event) => event.type === 'submitted');
    expect(submitted?.data).toEqual({ link: 'page', fields: ['email', 'password'] });
  });

  it('never keeps a submitted password: not in any table, not in any log line', async () => {
    const { token } = await buildTrackedRecipient(t.db, t.secrets);
    const password = 'Zq7-unique-landing-password-93XK';
    const response = await t.app.inject({
      method: 'POST',
      url: `/l/${token}`,
      headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=someone%40example.com&password=${encodeURIComponent(password)}`,
      remoteAddress: fromNewAddress(),
    });
    expect(response.statusCode).toBe(303);
    await t.app.eventWriter.flush();
    const dump = await dumpDatabase(t.db);
    // Row text doubles the quotes inside jsonb.
    expect(dump).toContain('""fields"": [""email"", ""password""]');
    expect(dump).not.toContain(password);
    expect(dump).not.toContain(encodeURIComponent(password));
    const logs = t.logLines.join('\n');
    expect(logs).toContain('POST');
    expect(logs).not.toContain(password);
    // Nor the token: a log line must not hand out a working link.
    expect(logs).not.toContain(token);
  });

  it.each([
    ['JSON', 'application/json', JSON.stringify({ password: 'Zq7-json-password-11' })],
    ['plain text', 'text/plain', 'password=Zq7-text-password-12'],
  ])('refuses a landing form sent as %s unread (415), recording nothing', async (_kind, contentType, payload) => {
    const { recipient, token } = await buildTrackedRecipient(t.db, t.secrets);
    const response = await t.app.inject({ method: 'POST', url: `/l/${token}`, headers: { ...browser, 'content-type': contentType }, payload, remoteAddress: fromNewAddress() });
    expect(response.statusCode).toBe(415);
    await t.app.eventWriter.flush();
    expect((await eventsOf(recipient.id)).filter((event) => event.type === 'submitted')).toEqual([]);
    expect(await dumpDatabase(t.db)).not.toContain('Zq7-');
  });
});

describe('a click on a lure without a landing page', () => {
  it('leads to the teachable moment in the person’s language, with the lure’s red flags and the way to the full story', async () => {
    const { recipient, token, org } = await buildTrackedRecipient(t.db, t.secrets, { vector: 'email-link', language: 'fr_fr', organizationName: 'Northwind & Sons' });
    const remoteAddress = fromNewAddress();
    const click = await t.app.inject({ method: 'GET', url: `/c/${token}`, headers: browser, remoteAddress });
    expect(click.headers.location).toBe(`/t/${token}?via=c`);
    const page = await t.app.inject({ method: 'GET', url: click.headers.location as string, headers: browser, remoteAddress });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('Ceci était un test d’hameçonnage simulé organisé par <strong>Northwind &amp; Sons</strong>.');
    expect(page.body).toContain('fr: a deadline of today');
    expect(page.body).toContain(`href="http://vigil.test/heads-up/?recipient=${recipient.id}"`);
    expect(org.name).toBe('Northwind & Sons');
    await t.app.inject({ method: 'GET', url: beaconOf(page.body)!, headers: browser, remoteAddress });
    expect((await eventsOf(recipient.id)).map((event) => event.type)).toEqual(['clicked']);
  });

  it('shows English red flags when the lure has none in the person’s language', async () => {
    const { token } = await buildTrackedRecipient(t.db, t.secrets, { vector: 'email-link', language: 'de_de' });
    const page = await t.app.inject({ method: 'GET', url: `/t/${token}`, headers: browser, remoteAddress: fromNewAddress() });
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Dies war ein simulierter Phishing-Test');
    expect(page.body).toContain('<ol lang="en">');
    expect(page.body).toContain('en: a deadline of today');
  });
});

describe('QR codes and attachments', () => {
  it('records a QR scan, then treats it like a click', async () => {
    const { recipient, token } = await buildTrackedRecipient(t.db, t.secrets);
    const remoteAddress = fromNewAddress();
    const scan = await t.app.inject({ method: 'GET', url: `/q/${token}`, headers: browser, remoteAddress });
    expect(scan.statusCode).toBe(302);
    expect(scan.headers.location).toBe(`/l/${token}?via=q`);
    const landing = await t.app.inject({ method: 'GET', url: scan.headers.location as string, headers: browser, remoteAddress });
    await t.app.inject({ method: 'GET', url: beaconOf(landing.body)!, headers: browser, remoteAddress });
    expect((await eventsOf(recipient.id)).map((event) => event.type)).toEqual(['qr_scanned', 'clicked', 'landing_visited']);
  });

  it('records an opened attachment and shows the teachable moment', async () => {
    const { recipient, token } = await buildTrackedRecipient(t.db, t.secrets, { vector: 'attachment-html' });
    const response = await t.app.inject({ method: 'GET', url: `/a/${token}`, headers: browser, remoteAddress: fromNewAddress() });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/t/${token}?via=a`);
    expect((await eventsOf(recipient.id)).map((event) => event.type)).toEqual(['attachment_opened']);
  });
});

describe('scanners', () => {
  it('records a mail scanner’s click as machine_click, and the person’s later click still counts', async () => {
    const { recipient, token } = await buildTrackedRecipient(t.db, t.secrets, { vector: 'email-link' });
    const scanner = await t.app.inject({ method: 'GET', url: `/c/${token}`, headers: { 'user-agent': 'Mozilla/5.0 (compatible; BingPreview/1.0b)' }, remoteAddress: fromNewAddress() });
    expect(scanner.statusCode).toBe(302);
    expect(await eventsOf(recipient.id)).toEqual([{ type: 'machine_click', data: { link: 'click', rule: 'scanner-user-agent' }, organizationId: recipient.organizationId }]);

    const remoteAddress = fromNewAddress();
    const click = await t.app.inject({ method: 'GET', url: `/c/${token}`, headers: browser, remoteAddress });
    const page = await t.app.inject({ method: 'GET', url: click.headers.location as string, headers: browser, remoteAddress });
    await t.app.inject({ method: 'GET', url: beaconOf(page.body)!, headers: browser, remoteAddress });
    expect((await eventsOf(recipient.id)).map((event) => event.type)).toEqual(['machine_click', 'clicked']);
  });

  it('records a HEAD request to the pixel as machine_open', async () => {
    const { recipient, token } = await buildTrackedRecipient(t.db, t.secrets);
    const response = await t.app.inject({ method: 'HEAD', url: `/o/${token}.gif`, headers: browser, remoteAddress: fromNewAddress() });
    expect(response.statusCode).toBe(200);
    expect(await eventsOf(recipient.id)).toEqual([{ type: 'machine_open', data: { link: 'open', rule: 'head-request' }, organizationId: recipient.organizationId }]);
  });

  it('records every link of a message requested at once as the scanner’s, after the first', async () => {
    const { recipient, token } = await buildTrackedRecipient(t.db, t.secrets);
    const remoteAddress = fromNewAddress();
    await t.app.inject({ method: 'GET', url: `/o/${token}.gif`, headers: browser, remoteAddress });
    await t.app.inject({ method: 'GET', url: `/q/${token}`, headers: browser, remoteAddress });
    await t.app.inject({ method: 'GET', url: `/a/${token}`, headers: browser, remoteAddress });
    expect((await eventsOf(recipient.id)).map((event) => [event.type, event.data.rule ?? null])).toEqual([
      ['opened', null],
      ['machine_click', 'link-burst'],
      ['machine_click', 'link-burst'],
    ]);
  });

  it('records a click within seconds of delivery as the gateway’s', async () => {
    const { recipient, token } = await buildTrackedRecipient(t.db, t.secrets, { sentSecondsAgo: 3 });
    await t.app.inject({ method: 'GET', url: `/q/${token}`, headers: browser, remoteAddress: fromNewAddress() });
    expect((await eventsOf(recipient.id)).map((event) => [event.type, event.data.rule])).toEqual([['machine_click', 'soon-after-delivery']]);
  });

  it('counts no click when the page the link leads to never loads', async () => {
    const { recipient, token } = await buildTrackedRecipient(t.db, t.secrets);
    const remoteAddress = fromNewAddress();
    const click = await t.app.inject({ method: 'GET', url: `/c/${token}`, headers: browser, remoteAddress });
    await t.app.inject({ method: 'GET', url: click.headers.location as string, headers: browser, remoteAddress });
    expect(await eventsOf(recipient.id)).toEqual([]);
  });
});

describe('unknown tokens and paths', () => {
  it('answer a plain not-found page that says nothing about tokens, and slow a guesser down', async () => {
    const remoteAddress = fromNewAddress();
    const guessed = await t.app.inject({ method: 'GET', url: '/c/AAAAAAAAAAAAAAAAAAAAAA', headers: browser, remoteAddress });
    expect(guessed.statusCode).toBe(404);
    expect(guessed.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(guessed.body).toContain('Page not found');
    const malformed = await t.app.inject({ method: 'GET', url: '/t/not-a-token', headers: browser, remoteAddress });
    expect(malformed.statusCode).toBe(404);
    const elsewhere = await t.app.inject({ method: 'GET', url: '/wp-login.php', headers: browser, remoteAddress });
    expect(elsewhere.statusCode).toBe(404);

    // The rest of the window's allowance, then refusals, even for a token that works.
    for (let guess = 3; guess < 20; guess += 1) await t.app.inject({ method: 'GET', url: `/o/guess${guess}.gif`, headers: browser, remoteAddress });
    const limited = await t.app.inject({ method: 'GET', url: '/c/BBBBBBBBBBBBBBBBBBBBBB', headers: browser, remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const { token, recipient } = await buildTrackedRecipient(t.db, t.secrets);
    const real = await t.app.inject({ method: 'GET', url: `/c/${token}`, headers: browser, remoteAddress });
    expect(real.statusCode).toBe(429);
    expect(await eventsOf(recipient.id)).toEqual([]);
    const [window] = await t.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.key, `phish-404:${remoteAddress}`));
    expect(window?.count).toBeGreaterThan(20);

    // Another address is not slowed.
    const other = await t.app.inject({ method: 'GET', url: `/c/${token}`, headers: browser, remoteAddress: fromNewAddress() });
    expect(other.statusCode).toBe(302);
  });
});

describe('tenancy', () => {
  it('a token of one organisation’s recipient writes only that organisation’s events, and reads nothing of another', async () => {
    const a = await buildTrackedRecipient(t.db, t.secrets, { vector: 'email-link', organizationName: 'Alpha Tracking' });
    const b = await buildTrackedRecipient(t.db, t.secrets, { vector: 'email-link', organizationName: 'Bravo Tracking' });
    const remoteAddress = fromNewAddress();
    await t.app.inject({ method: 'GET', url: `/o/${a.token}.gif`, headers: browser, remoteAddress });
    const page = await t.app.inject({ method: 'GET', url: `/t/${a.token}`, headers: browser, remoteAddress });
    expect(page.body).toContain('Alpha Tracking');
    expect(page.body).not.toContain('Bravo Tracking');
    expect(page.body).not.toContain(b.recipient.id);
    await t.app.eventWriter.flush();
    const written = await t.db.select({ organizationId: events.organizationId, recipientId: events.recipientId }).from(events).where(eq(events.recipientId, a.recipient.id));
    expect(written).toEqual([{ organizationId: a.org.id, recipientId: a.recipient.id }]);
    expect(await t.db.select().from(events).where(and(eq(events.organizationId, b.org.id)))).toEqual([]);
  });

  it('has no route that takes an organisation id', () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/organi[sz]ation|:org|tenant/i);
    expect(routes).not.toContain('api');
  });
});
