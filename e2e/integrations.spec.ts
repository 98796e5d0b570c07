import { createHmac, timingSafeEqual } from 'node:crypto';
import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoSeriousViolations } from './accessibility.ts';
import { asPerson, cleanUp, findPeople, retirePeople } from './api.ts';
import { launchBrowser, screenshot } from './browser.ts';
import { signIn } from './shell-model.ts';

const baseUrl = inject('baseUrl');
// Bluefin Health: no other spec provisions people, issues keys or adds webhooks there.
const adminEmail = 'daniel.osei@bluefin-health.example';
const tag = Date.now().toString(36);
const provisionedEmail = `noor.scim${tag}@bluefin-health.example`;

// A webhook receiver as an integrator would write one: it keeps what arrived and checks the
// signature the way docs/webhooks.md shows (HMAC-SHA256 over "<t>.<raw body>", constant-time).
type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    response.writeHead(204).end();
  });
});
const signatureHolds = ({ headers, body }: Received, secret: string) => {
  const parts = Object.fromEntries(String(headers['vigil-signature'] ?? '').split(',').map((part) => part.split('=') as [string, string]));
  if (!parts.t || !parts.v1 || Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

let browser: Browser;
let page: Page;
let receiverUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/vigil-hook`;
  browser = await launchBrowser();
  ({ page } = await signIn(browser, baseUrl, adminEmail));
});
afterAll(() =>
  cleanUp([
    () => asPerson(baseUrl, adminEmail, async (admin) => retirePeople(admin, await findPeople(admin, tag))),
    async () => browser?.close(),
    async () => new Promise((resolve) => receiver.close(resolve)),
  ]),
);

describe(`integrations (${adminEmail}, admin of Bluefin Health)`, () => {
  it('provisions a person over SCIM with the token the page issues, reads them back with an API key, and hears of their deactivation through a signed webhook', async () => {
    // The list: every integration by purpose, with its state.
    await page.goto(`${baseUrl}/configure/integrations/`);
    for (const id of ['scim', 'google-workspace', 'phish-mailbox', 'api-keys', 'webhooks']) {
      await expect.poll(() => page.getByTestId(`integration-${id}`).getByTestId('integration-state').count(), { timeout: 15_000 }).toBe(1);
    }
    await screenshot(page, 'integrations-1280');
    await expectNoSeriousViolations(page, 'the integrations list');

    // SCIM: the endpoint and a token, used here as Okta would use them.
    await page.getByTestId('integration-scim').getByRole('link').click();
    await page.waitForURL(`${baseUrl}/configure/integrations/scim/`);
    const scimUrl = await page.getByTestId('scim-base-url').inputValue();
    const hadToken = (await page.getByTestId('scim-token-generate').count()) === 0;
    if (hadToken) {
      // A rerun against the same product: the token of the earlier run was shown once; a new one replaces it.
      await page.getByTestId('scim-token-regenerate').click();
      await page.getByTestId('scim-token-confirm').click();
    } else {
      await page.getByTestId('scim-token-generate').click();
    }
    const token = await page.getByTestId('scim-token-value').inputValue();
    const scim = (method: string, path: string, body?: unknown) =>
      fetch(`${scimUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      userName: provisionedEmail,
      name: { givenName: 'Noor', familyName: `Scim${tag}` },
      emails: [{ value: provisionedEmail, type: 'work', primary: true }],
      title: 'Ward clerk',
      active: true,
    });
    expect(created.status).toBe(201);
    const user = (await created.json()) as { id: string };
    await page.reload();
    await expect.poll(() => page.getByTestId('scim-activity-counts').textContent(), { timeout: 15_000 }).toMatch(/People added[1-9]/);
    await screenshot(page, 'integrations-scim-1280');

    // An API key with the read scope finds the provisioned person through the public REST API.
    await page.goto(`${baseUrl}/configure/integrations/api-keys/`);
    await page.getByRole('button', { name: 'Create API key' }).first().click();
    const keyDialog = page.getByRole('dialog', { name: 'Create an API key' });
    await keyDialog.getByLabel('Name').fill(`SIEM export ${tag}`);
    await keyDialog.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.getByTestId('api-key-secret').inputValue();
    expect(secret).toMatch(/^vgl_[0-9A-Za-z]{49}$/);
    await screenshot(page, 'integrations-api-key-created-1280');
    await page.getByRole('button', { name: 'I have copied the key' }).click();
    const people = await fetch(`${baseUrl}/api/v1/people?email=${encodeURIComponent(provisionedEmail)}`, { headers: { authorization: `Bearer ${secret}` } });
    expect(people.status).toBe(200);
    expect(((await people.json()) as { items: { id: string; email: string }[] }).items).toEqual([expect.objectContaining({ id: user.id, email: provisionedEmail })]);
    // A read key cannot write.
    const write = await fetch(`${baseUrl}/api/v1/training-assignments`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: '{}' });
    expect(write.status).toBe(403);

    // A webhook for provisioning events: the test event arrives signed, and so does the deactivation.
    await page.goto(`${baseUrl}/configure/integrations/webhooks/`);
    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const hookDialog = page.getByRole('dialog', { name: 'Add a webhook' });
    await hookDialog.getByLabel('Name').fill(`Ticketing ${tag}`);
    await hookDialog.getByLabel('Receiver URL').fill(receiverUrl);
    await hookDialog.getByLabel('All events in Provisioning').check();
    await hookDialog.getByRole('button', { name: 'Add webhook' }).click();
    const hookSecret = await page.getByTestId('webhook-secret').inputValue();
    await page.getByRole('dialog', { name: 'Webhook added' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: `Send test event to Ticketing ${tag}` }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(signatureHolds(received[0]!, hookSecret)).toBe(true);
    expect(signatureHolds(received[0]!, 'not the secret')).toBe(false);

    const deactivated = await scim('PATCH', `/Users/${user.id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'active', value: false }] });
    expect(deactivated.status).toBe(200);
    const deprovisioned = () => received.find((delivery) => delivery.headers['vigil-event-type'] === 'person_deprovisioned' && delivery.body.includes(user.id));
    // The event log's consumers run within seconds of a SCIM change; the sender polls every few seconds.
    await expect.poll(() => Boolean(deprovisioned()), { timeout: 90_000, interval: 1_000 }).toBe(true);
    expect(signatureHolds(deprovisioned()!, hookSecret)).toBe(true);
    await page.getByRole('button', { name: `Delivery log of Ticketing ${tag}` }).click();
    await expect.poll(() => page.getByTestId('webhook-delivery-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'integrations-webhooks-1280');
    await expectNoSeriousViolations(page, 'the webhooks page');
  });

  it('shows the Google Workspace directory and the reported-phish mailbox ready to set up', async () => {
    await page.goto(`${baseUrl}/configure/integrations/google-workspace/`);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'integrations-google-workspace-1280');
    await expectNoSeriousViolations(page, 'the Google Workspace directory page');
    await page.goto(`${baseUrl}/configure/integrations/phish-mailbox/`);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'integrations-phish-mailbox-1280');
    await expectNoSeriousViolations(page, 'the reported-phish mailbox page');
  });
});
