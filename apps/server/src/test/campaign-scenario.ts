import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Campaign } from '@vigil/contracts';
import { type Db, type Department, people } from '@vigil/db';
import { buildDepartment } from './factories.ts';

/**
 * `count` active people of an organisation, spread over `departmentCount` departments, inserted in
 * a few statements (a factory call each would take longer than the test). Emails are unique per run.
 */
export const buildManyPeople = async (db: Db, organizationId: string, count: number, { departmentCount = 5 } = {}) => {
  const departments: Department[] = [];
  for (let index = 0; index < departmentCount; index += 1) departments.push(await buildDepartment(db, organizationId, `Department ${index + 1}`));
  const run = randomUUID().slice(0, 8);
  const rows = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    organizationId,
    firstName: `Person${index}`,
    lastName: `Number ${index}`,
    email: `person.${index}.${run}@staff.example`,
    departmentId: departments[index % departmentCount]!.id,
  }));
  const inserted = [];
  for (let start = 0; start < rows.length; start += 500) inserted.push(...(await db.insert(people).values(rows.slice(start, start + 500)).returning()));
  return { people: inserted, departments };
};

/** Creates a campaign through the API as the admin would (whole organisation, no spread, now) and launches it. */
export const launchCampaignThroughApi = async (app: FastifyInstance, headers: { authorization: string }, body: { name: string; templateIds: string[]; sendingProfileId: string }): Promise<Campaign> => {
  const created = await app.inject({ method: 'POST', url: '/api/campaigns/', headers, payload: { audience: { kind: 'organization' }, spreadMinutes: 0, ...body } });
  expect(created.statusCode, created.body).toBe(201);
  const launched = await app.inject({ method: 'POST', url: `/api/campaigns/${created.json().id}/launch/`, headers });
  expect(launched.statusCode, launched.body).toBe(200);
  return launched.json();
};
