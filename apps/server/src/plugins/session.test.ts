import { SignJWT, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildOrganization, buildPerson } from '../test/factories.ts';
import { testProjectId, useTestApp } from '../test/test-app.ts';

// The embedded provider, as with `npm start`: its key ring is read from the database.
const t = useTestApp({}, { embeddedAuth: true });

/** A token anyone can make: signed by their own key, naming a key id the provider never issued (or none). */
const forgeToken = async (sub: string, kid?: string) =>
  new SignJWT({ drn: 'DS' })
    .setProtectedHeader({ alg: 'ES384', ...(kid ? { kid } : {}) })
    .setSubject(sub)
    .setIssuer(testProjectId)
    .setExpirationTime('10m')
    .sign((await generateKeyPair('ES384')).privateKey);

describe('session tokens on /api routes', () => {
  it.each([
    ['a key id the provider never issued', 'K2forgedkey0000000000000000'],
    ['no key id', undefined],
  ])('answers 401, not 503, to a forged token naming %s', async (_, kid) => {
    const org = await buildOrganization(t.db);
    const person = await buildPerson(t.db, org.id);
    const response = await t.app.inject({
      url: '/api/personal_user_data/',
      headers: { authorization: `Bearer ${await forgeToken(person.authUserId!, kid)}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});
