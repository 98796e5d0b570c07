import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '@vigil/auth-provider/schema';
import { type DatabaseConnection, auditLog, trainingModuleRequests } from '@vigil/db';
import { buildOrganization, buildPerson } from '../../../test/factories.ts';
import { startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { type TestContext, startTestApp } from '../../../test/test-app.ts';
import { openTestDatabase } from '../../../test/test-database.ts';

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
let connection: DatabaseConnection;
type StartedApp = TestContext & { close: () => Promise<void> };
let app: StartedApp;
const operator = 'content-team@vigil.example';

beforeAll(async () => {
  inbox = await startSmtpInbox();
  connection = await openTestDatabase();
  app = await startTestApp(connection, { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, MAIL_FROM: 'Vigil <no-reply@vigil.example>', OPERATOR_EMAIL: operator, PUBLIC_URL: 'https://vigil.example' });
});

afterAll(async () => {
  await app?.close();
  await connection?.close();
  await inbox?.close();
});

const buildCompany = async () => {
  const organization = await buildOrganization(app.db, { name: 'Northwind Test' });
  const admin = await buildPerson(app.db, organization.id, { role: 'Admin', firstName: 'Ava', lastName: 'Admin' });
  const superadmin = await buildPerson(app.db, organization.id, { role: 'Superadmin' });
  const user = await buildPerson(app.db, organization.id, { role: 'User' });
  return { organization, admin, headers: await app.authAs(admin), superHeaders: await app.authAs(superadmin), userHeaders: await app.authAs(user) };
};

const request = {
  topic: 'Forklift-yard tailgating',
  objectives: 'Warehouse staff challenge people without a badge at the yard gate and report them.',
  audience: 'Warehouse and yard staff',
  languages: ['en_us', 'de_de'],
  minutes: 4,
  wantedBy: '2099-03-01',
  notes: 'Our yard has two gates.',
};

describe('/api/training-module-requests/', () => {
  it('records a request, mails the operator everything it says, and lists it newest first with its status', async () => {
    const company = await buildCompany();
    const created = await app.app.inject({ method: 'POST', url: '/api/training-module-requests/', headers: company.headers, payload: request });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...request, status: 'requested', requestedBy: 'Ava Admin' });

    await expect.poll(() => inbox.mailTo(operator).filter((mail) => mail.subject?.includes('Forklift-yard')).length).toBe(1);
    const [mail] = inbox.mailTo(operator).filter((sent) => sent.subject?.includes('Forklift-yard'));
    expect(mail!.subject).toBe('Custom training module request from Northwind Test: Forklift-yard tailgating');
    expect(mail!.from?.text).toContain('no-reply@vigil.example');
    for (const part of ['Ava Admin of Northwind Test', request.objectives, 'Audience: Warehouse and yard staff', 'Languages: en_us, de_de', 'Length: about 4 minutes', 'Wanted by: 2099-03-01', 'Notes: Our yard has two gates.', created.json().id]) {
      expect(mail!.text).toContain(part);
    }

    const second = await app.app.inject({ method: 'POST', url: '/api/training-module-requests/', headers: company.headers, payload: { topic: 'Second', objectives: 'People know what the second thing is about.', languages: ['fr_fr'], minutes: 2 } });
    expect(second.json()).toMatchObject({ audience: '', wantedBy: null, notes: '' });
    const list = await app.app.inject({ method: 'GET', url: '/api/training-module-requests/', headers: company.headers });
    expect(list.json().items.map((item: { topic: string }) => item.topic)).toEqual(['Second', 'Forklift-yard tailgating']);
    const audit = await app.db.select().from(auditLog).where(and(eq(auditLog.organizationId, company.organization.id), eq(auditLog.action, 'training-module-request.create')));
    expect(audit).toHaveLength(2);
  });

  it('lets a superadmin move a request along, and nobody else', async () => {
    const company = await buildCompany();
    const id = (await app.app.inject({ method: 'POST', url: '/api/training-module-requests/', headers: company.headers, payload: request })).json().id;
    expect((await app.app.inject({ method: 'PATCH', url: `/api/training-module-requests/${id}/`, headers: company.headers, payload: { status: 'done' } })).statusCode).toBe(403);
    const moved = await app.app.inject({ method: 'PATCH', url: `/api/training-module-requests/${id}/`, headers: company.superHeaders, payload: { status: 'in_review' } });
    expect(moved.json()).toMatchObject({ id, status: 'in_review' });
    const bad = await app.app.inject({ method: 'PATCH', url: `/api/training-module-requests/${id}/`, headers: company.superHeaders, payload: { status: 'lost' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('body.status');
  });

  it.each([
    [{ ...request, topic: '' }, 'body.topic'],
    [{ ...request, objectives: 'Too short' }, 'body.objectives'],
    [{ ...request, languages: [] }, 'body.languages'],
    [{ ...request, languages: ['en_us', 'en_us'] }, 'body.languages'],
    [{ ...request, languages: ['xx_xx'] }, 'body.languages.0'],
    [{ ...request, minutes: 0 }, 'body.minutes'],
    [{ ...request, wantedBy: '2001-01-01' }, 'body.wantedBy'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const company = await buildCompany();
    const response = await app.app.inject({ method: 'POST', url: '/api/training-module-requests/', headers: company.headers, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(await app.db.select().from(trainingModuleRequests).where(eq(trainingModuleRequests.organizationId, company.organization.id))).toEqual([]);
  });

  it('refuses a person who is not an admin', async () => {
    const company = await buildCompany();
    expect((await app.app.inject({ method: 'POST', url: '/api/training-module-requests/', headers: company.userHeaders, payload: request })).statusCode).toBe(403);
    expect((await app.app.inject({ method: 'GET', url: '/api/training-module-requests/', headers: company.userHeaders })).statusCode).toBe(403);
  });
});

describe('without SMTP', () => {
  it('puts the operator’s email in the operator outbox, to MAIL_FROM’s address when OPERATOR_EMAIL is unset', async () => {
    const plain = await startTestApp(connection, { MAIL_FROM: 'Vigil <ops@vigil.example>' });
    try {
      const organization = await buildOrganization(plain.db);
      const admin = await buildPerson(plain.db, organization.id, { role: 'Admin' });
      const response = await plain.app.inject({ method: 'POST', url: '/api/training-module-requests/', headers: await plain.authAs(admin), payload: { ...request, topic: `Outbox ${organization.id}` } });
      expect(response.statusCode, response.body).toBe(201);
      const waiting = await plain.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'ops@vigil.example'));
      expect(waiting.filter((message) => message.subject.includes(`Outbox ${organization.id}`))).toHaveLength(1);
    } finally {
      await plain.close();
    }
  });
});
