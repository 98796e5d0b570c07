/** What every benchmark file shares: timing, percentiles, memory peaks and the one printed table. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export const timeIt = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

export const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
};

/** Each call's own latency, one after the other, after a few warm-up calls. */
export const latencies = async (count: number, run: () => Promise<unknown>, warmUp = 5) => {
  for (let i = 0; i < warmUp; i++) await run();
  const values: number[] = [];
  for (let i = 0; i < count; i++) values.push(await timeIt(run));
  return { p50: percentile(values, 50), p95: percentile(values, 95), values };
};

/** The highest resident set size seen while `run` runs (sampled every 50 ms), in MiB. */
export const peakRss = async <T>(run: () => Promise<T>): Promise<{ result: T; peakMiB: number }> => {
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peakMiB: peak / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
};

const rows: string[][] = [];
/** One line of the table; `ratio` undefined for a figure with no baseline of its own (a peak, a count). */
export const report = (name: string, value: string, baseline: string, ratio?: number) => {
  rows.push([name, value, baseline, ratio === undefined ? '' : ratio.toFixed(2)]);
  console.error(`  ${name}: ${value}${baseline ? ` (${baseline})` : ''}${ratio === undefined ? '' : ` ratio ${ratio.toFixed(2)}`}`);
};

export const printReport = () => {
  const header = ['benchmark', 'value', 'baseline', 'ratio'];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...[header, ...rows].map((r) => r[i]!.length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
};

/** Progress goes to stderr, so stdout holds only the table. */
export const progress = (line: string) => console.error(`[bench] ${line}`);

export type Helper = { child: ChildProcess; lines: AsyncIterator<string>; stop: () => Promise<void> };

/**
 * A TypeScript helper of the bench in a process of its own (the SMTP sink, the HTTP load), so its
 * work does not run on the measured process's event loop. It answers one JSON line per request.
 */
export const startHelper = (file: string, args: readonly string[] = []): Helper => {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(file, import.meta.url).pathname, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    child,
    lines,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
};

/** Reads the helper's next JSON line. @throws Error when the helper ended without one. */
export const nextLine = async <T>(helper: Helper): Promise<T> => {
  const next = await helper.lines.next();
  if (next.done) throw new Error('The bench helper ended before it answered');
  return JSON.parse(next.value) as T;
};

/** The database a bench measures: PostgreSQL when a URL names one, else in-memory PGlite. */
export const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
export const benchEngine = benchDatabaseUrl ? 'PostgreSQL' : 'PGlite';

/** A whole-number size from the environment (BENCH_…), or `fallback`. */
export const wholeFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0`);
  return value;
};
