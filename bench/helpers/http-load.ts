/**
 * A bounded keep-alive HTTP load in a process of its own: `connections` loops over one keep-alive
 * agent, each sending its next GET as soon as the last answer ended, until `requests` were sent or
 * `seconds` passed. Paths are taken in turn from a file (one a line). Prints one JSON line: requests
 * per second, status counts, p50/p95 latency in ms.
 *
 * Usage: http-load.ts <json options: { port, pathsFile, connections, requests, seconds, headers? }>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

type Options = { port: number; pathsFile: string; connections: number; requests: number; seconds: number; headers?: Record<string, string> };
const options = JSON.parse(process.argv[2]!) as Options;
const paths = readFileSync(options.pathsFile, 'utf8').split('\n').filter(Boolean);
const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });

const get = (path: string) =>
  new Promise<number>((resolve) => {
    const request = http.request({ host: '127.0.0.1', port: options.port, path, agent, headers: options.headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve(0));
    request.end();
  });

let sent = 0;
const statuses: Record<string, number> = {};
const times: number[] = [];
const started = performance.now();
const deadline = started + options.seconds * 1000;
await Promise.all(
  Array.from({ length: options.connections }, async () => {
    while (sent < options.requests && performance.now() < deadline) {
      const path = paths[sent % paths.length]!;
      sent += 1;
      const at = performance.now();
      const status = await get(path);
      times.push(performance.now() - at);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
agent.destroy();
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
process.stdout.write(`${JSON.stringify({ answered: times.length, seconds, perSecond: times.length / seconds, statuses, p50: at(50), p95: at(95) })}\n`);
