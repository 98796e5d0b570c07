import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// The two ways a Vigil process starts; both read the configuration the same way.
describe.each(['src/main.ts', 'src/worker.ts'])('%s with a bad setting', (entry) => {
  it('ends at once with code 1 and says which setting is wrong, without a stack trace', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', entry], {
      cwd: new URL('..', import.meta.url),
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Invalid configuration:\n {2}- PORT: /);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
