/** The host gives people emails and changes them: one email is one login, and a moved email stops signing in. */
import { describe, expect, it } from 'vitest';
import { projectId, useProvider } from '../test/provider-harness.ts';

const provider = useProvider();

const signIn = (loginId: string, password: string) =>
  fetch(`${provider.baseUrl}/v1/auth/password/signin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${projectId}`, 'content-type': 'application/json' },
    body: JSON.stringify({ loginId, password }),
  });

describe('findUsersByEmail', () => {
  it('names who signs in with each email, whatever its case, and nobody for a free one', async () => {
    const user = await provider.buildUser();
    const owners = await provider.management.findUsersByEmail([user.email.toUpperCase(), `free.${user.email}`]);
    expect([...owners]).toEqual([[user.email.toLowerCase(), user.userId]]);
  });
});

describe('changeUserEmail', () => {
  it('moves the login id: the new address signs in, the old one no longer does', async () => {
    const user = await provider.buildUser();
    const moved = `moved.${user.email}`;
    expect(await provider.management.changeUserEmail(user.userId, moved)).toBe(true);
    expect((await signIn(moved, user.password)).status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
  });

  it('refuses an address another user signs in with, and an unknown user', async () => {
    const first = await provider.buildUser();
    const second = await provider.buildUser();
    expect(await provider.management.changeUserEmail(first.userId, second.email)).toBe(false);
    expect(await provider.management.changeUserEmail('U-nobody', `x.${first.email}`)).toBe(false);
    expect((await signIn(first.email, first.password)).status).toBe(200);
  });
});
