import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { authProviderPlugin } from '@vigil/auth-provider';
import type { DatabaseConnection } from '@vigil/db';
import { openTestDatabase } from './test-database.ts';
import { testProjectId } from './test-app.ts';

/**
 * The embedded authentication provider on its own, as an outside provider of the contract: its own
 * database, its own loopback port, serving /v1/auth, /v2/keys and the management API to this key.
 * Call at the top level of a test file, before `useTestApp` when the app should point at it.
 */
export const useServedAuthProvider = (managementKey: string) => {
  const served = {} as { baseUrl: string; connection: DatabaseConnection };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    served.connection = await openTestDatabase();
    const app = Fastify({ logger: false });
    await app.register(authProviderPlugin, {
      db: served.connection.db,
      projectId: testProjectId,
      publicUrl: 'http://vigil.test',
      secret: Buffer.from('the-served-provider-secret-0123456789abcdef'),
      managementKey,
      limits: { perIp: { max: 10_000, windowSeconds: 60 } },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    served.baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    close = async () => {
      await app.close();
      await served.connection.close();
    };
  });
  afterAll(async () => close?.());
  return served;
};
