/** Guessing at the management key: failures are counted per address and, past the limit, every call from it waits. */
import { describe, expect, it } from 'vitest';
import { projectId, useProvider } from '../test/provider-harness.ts';

const managementKey = 'mgmt-key-for-the-limit-test-0123456789';
const limit = { max: 3, windowSeconds: 600 };
// Its own provider: once the window is full, this address is refused for the rest of the file.
const provider = useProvider({ managementKey, limits: { perIp: { max: 10_000, windowSeconds: 60 }, perLoginId: { max: 10, windowSeconds: 600 }, managementKeyFailures: limit } });

const search = async (key: string) =>
  fetch(`${provider.baseUrl}/v2/mgmt/user/search`, { method: 'POST', headers: { authorization: `Bearer ${projectId}:${key}`, 'content-type': 'application/json' }, body: '{}' });

describe('wrong management keys', () => {
  it('are answered 401 until too many failed from one address; then every call from it is refused with 429, the right key too', async () => {
    expect((await search(managementKey)).status).toBe(200);
    // On a shared database other files' failures from 127.0.0.1 may count too: the window fills within `max` tries.
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= limit.max; attempt++) statuses.push((await search(`wrong-key-${attempt}-0123456789abcdef`)).status);
    expect(statuses[0]).toBeOneOf([401, 429]);
    expect(statuses.at(-1)).toBe(429);
    const refused = await search(managementKey);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('E130429');
  });
});
