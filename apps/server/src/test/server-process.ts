import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const serverRoot = `${import.meta.dirname}/../..`;

export type ServerProcess = {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr (JSON log lines). */
  output: () => string;
  /** Waits until the output matches (or the process exits, which fails with its output). */
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  /** Sends the signal and waits until the process has exited. */
  stop: (signal: NodeJS.Signals) => Promise<void>;
};

/**
 * The real server as `npm start` runs it (`node --import tsx src/main.ts`: both listeners, jobs in
 * process), on loopback with ports of its own, started and ready. `env` adds to (or replaces) the test
 * process's environment; the database comes from it (isolated-database.ts).
 */
export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      PHISH_PORT: '0',
      DEMO: 'false',
      LOG_LEVEL: 'info',
      AUTH_SECRET: 'test-secret-for-the-embedded-provider-0123456789',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const waitForOutput = async (pattern: RegExp, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before writing ${pattern}:\n${output.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`The server did not write ${pattern} within ${timeoutMs} ms:\n${output.slice(-4000)}`);
      await sleep(100);
    }
  };
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  await waitForOutput(/Vigil is ready/).catch(async (error: unknown) => {
    await stop('SIGKILL');
    throw error;
  });
  return { child, output: () => output, waitForOutput, stop };
};
