import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export type ReceivedWebhook = { path: string; headers: IncomingMessage['headers']; rawBody: Buffer };
type Answer = {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Holds the answer this long. */
  delayMs?: number;
  /** Runs before answering (a test changes the database while Vigil waits). */
  before?: () => Promise<unknown>;
};

/**
 * A webhook receiver on loopback for tests: keeps every request with its raw body and answers from
 * a queue (`answerNext`), else 200; requests to a path given to `hang` are kept and never answered.
 */
export const startWebhookReceiver = async () => {
  const received: ReceivedWebhook[] = [];
  const queued: Answer[] = [];
  const hanging = new Set<string>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, rawBody: Buffer.concat(chunks) });
      if (hanging.has(request.url ?? '')) return;
      const answer = queued.shift() ?? { status: 200, body: 'ok' };
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        response.end(answer.body ?? '');
      };
      const afterDelay = () => (answer.delayMs ? setTimeout(send, answer.delayMs) : send());
      if (answer.before) void answer.before().then(afterDelay, afterDelay);
      else afterDelay();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    answerNext: (...answers: Answer[]) => void queued.push(...answers),
    /** Never answers requests to `path` (a receiver that accepts and then hangs). */
    hang: (path: string) => void hanging.add(path),
    reset: () => {
      received.length = 0;
      queued.length = 0;
      hanging.clear();
    },
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
};

const webhooksDoc = resolve(import.meta.dirname, '../../../../docs/webhooks.md');

/** The code block of `language` under the heading `heading` in docs/webhooks.md, as printed. */
const documentedSnippet = (heading: string, language: string) => {
  const text = readFileSync(webhooksDoc, 'utf8');
  const section = text.slice(text.indexOf(`### ${heading}\n`));
  const match = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\\n\`\`\``).exec(section);
  if (!match) throw new Error(`docs/webhooks.md has no ${language} block under "${heading}"`);
  return match[1]!;
};

type Verify = (secret: string, header: string, rawBody: Buffer) => boolean;

/** The Node.js verification snippet of docs/webhooks.md, loaded as a module exactly as printed. */
export const loadDocumentedNodeVerifier = async (): Promise<Verify> => {
  const dir = await mkdtemp(join(tmpdir(), 'vigil-webhook-doc-'));
  const file = join(dir, 'verify.mjs');
  await writeFile(file, documentedSnippet('Node.js', 'js'));
  const module = (await import(pathToFileURL(file).href)) as { verifyVigilSignature: Verify };
  return module.verifyVigilSignature;
};

/** The Python verification snippet of docs/webhooks.md, as printed, run by python3 on one delivery. */
export const verifyWithDocumentedPython = (secret: string, header: string, rawBody: Buffer): Promise<boolean> => {
  const driver = `${documentedSnippet('Python', 'python')}\n\nimport base64, json, sys\nargs = json.load(sys.stdin)\nprint(verify_vigil_signature(args["secret"], args["header"], base64.b64decode(args["body"])))\n`;
  return new Promise((done, failed) => {
    const child = execFile('python3', ['-c', driver], (error, stdout) => (error ? failed(error) : done(stdout.trim() === 'True')));
    child.stdin!.end(JSON.stringify({ secret, header, body: rawBody.toString('base64') }));
  });
};
