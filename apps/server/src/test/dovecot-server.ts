import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

/**
 * A real IMAP server for tests: Debian's dovecot-imapd, started in a temporary folder with a config
 * of its own (one passwd-file user, plain-text sign-in on loopback, maildir in the folder, a free
 * port). The test command installs the package when it is missing (scripts/test.sh); without it,
 * starting fails naming the package, never skips.
 *
 * Run as the current user. As root (CI), Dovecot's own unprivileged users from the package
 * (dovecot, dovenull) run the login and mail processes, since Dovecot refuses root for those.
 * `oauth2IntrospectionUrl`: XOAUTH2 and OAUTHBEARER sign-ins are checked by posting the token to
 * this URL (RFC 7662 introspection), so a test can sign in with a token its fake provider issued.
 */

const dovecotBinary = '/usr/sbin/dovecot';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

const answersOn = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().includes('* OK'));
    });
    socket.once('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });

export type DovecotServer = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Puts a message into a folder (made when missing) with IMAP APPEND, as a mail client or an MTA would. */
  deliver: (raw: Buffer | string, folder?: string) => Promise<void>;
  /** The folders and, for each, the UIDs and flags of its messages. */
  inspect: () => Promise<Record<string, { uid: number; flags: string[] }[]>>;
  /**
   * Rebuilds a folder's UID list as a server does after a restore or migration: the same messages,
   * flags and arrival times, a new UIDVALIDITY and new UIDs.
   */
  renewUidValidity: (folder?: string) => Promise<void>;
  log: () => Promise<string>;
  stop: () => Promise<void>;
};

/**
 * @throws Error naming the Debian package when Dovecot is not installed
 */
export const startDovecot = async ({ user = 'reports@corp.example', password = 'correct horse battery staple', oauth2IntrospectionUrl }: { user?: string; password?: string; oauth2IntrospectionUrl?: string } = {}): Promise<DovecotServer> => {
  if (!existsSync(dovecotBinary)) {
    throw new Error('Dovecot is not installed: the reported-phish mailbox tests need a real IMAP server. Install the Debian package dovecot-imapd (apt-get install dovecot-imapd); scripts/test.sh installs it when it runs as root.');
  }
  const dir = await mkdtemp(join(tmpdir(), 'vigil-dovecot-'));
  const asRoot = process.getuid?.() === 0;
  const me = userInfo();
  const idOf = (name: string, flag: '-u' | '-g') => Number(execFileSync('id', [flag, name]).toString().trim());
  const mailUid = asRoot ? idOf('dovecot', '-u') : me.uid;
  const mailGid = asRoot ? idOf('dovecot', '-g') : me.gid;
  const groupName = asRoot ? 'dovecot' : execFileSync('id', ['-gn']).toString().trim();
  const port = await freePort();
  await mkdir(join(dir, 'run'));
  await mkdir(join(dir, 'state'));
  await mkdir(join(dir, 'mail'));
  if (asRoot) {
    // Dovecot's unprivileged processes reach their sockets and the maildir through this folder.
    await chmod(dir, 0o755);
    await chown(join(dir, 'mail'), mailUid, mailGid);
  }
  await writeFile(join(dir, 'passwd'), `${user}:{PLAIN}${password}\n`, { mode: 0o644 });
  if (oauth2IntrospectionUrl) {
    await writeFile(
      join(dir, 'oauth2.conf'),
      [`introspection_mode = post`, `introspection_url = ${oauth2IntrospectionUrl}`, `username_attribute = username`, `active_attribute = active`, `active_value = true`, ''].join('\n'),
    );
  }
  const config = [
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    `log_path = ${dir}/dovecot.log`,
    'protocols = imap',
    'listen = 127.0.0.1',
    'ssl = no',
    // Loopback only: plain-text sign-in is what a test server needs.
    'disable_plaintext_auth = no',
    `auth_mechanisms = plain login${oauth2IntrospectionUrl ? ' xoauth2 oauthbearer' : ''}`,
    `default_internal_user = ${asRoot ? 'dovecot' : me.username}`,
    `default_internal_group = ${groupName}`,
    `default_login_user = ${asRoot ? 'dovenull' : me.username}`,
    `first_valid_uid = ${Math.min(mailUid, 500)}`,
    `mail_location = maildir:${dir}/mail/%u`,
    'passdb {',
    '  driver = passwd-file',
    ...(oauth2IntrospectionUrl ? ['  mechanisms = plain login'] : []),
    `  args = scheme=PLAIN username_format=%u ${dir}/passwd`,
    '}',
    ...(oauth2IntrospectionUrl ? ['passdb {', '  driver = oauth2', '  mechanisms = xoauth2 oauthbearer', `  args = ${dir}/oauth2.conf`, '}'] : []),
    'userdb {',
    '  driver = static',
    `  args = uid=${mailUid} gid=${mailGid} home=${dir}/mail/%u`,
    '}',
    'service imap-login {',
    '  chroot =',
    `  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }`,
    '  inet_listener imaps {\n    port = 0\n  }',
    '}',
    'service anvil {\n  chroot =\n}',
    'protocol imap {\n  mail_max_userip_connections = 100\n}',
    '',
  ].join('\n');
  await writeFile(join(dir, 'dovecot.conf'), config);

  const child: ChildProcess = spawn(dovecotBinary, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const log = async () => `${output}${await readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => '')}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  while (!(await answersOn(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const text = await log();
      await stop();
      throw new Error(`Dovecot did not start on 127.0.0.1:${port}:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const withClient = async <T>(work: (client: ImapFlow) => Promise<T>) => {
    const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, doSTARTTLS: false, auth: { user, pass: password }, logger: false, disableAutoIdle: true });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout();
    }
  };

  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    deliver: (raw, folder = 'INBOX') =>
      withClient(async (client) => {
        if (!(await client.list()).some((listed) => listed.path === folder)) await client.mailboxCreate(folder);
        await client.append(folder, raw);
      }),
    inspect: () =>
      withClient(async (client) => {
        const folders: Record<string, { uid: number; flags: string[] }[]> = {};
        for (const folder of await client.list()) {
          const lock = await client.getMailboxLock(folder.path);
          try {
            const messages: { uid: number; flags: string[] }[] = [];
            if (client.mailbox && client.mailbox.exists > 0) {
              for await (const message of client.fetch('1:*', { uid: true, flags: true })) messages.push({ uid: message.uid, flags: [...(message.flags ?? [])].filter((flag) => flag !== '\\Recent').sort() });
            }
            folders[folder.path] = messages;
          } finally {
            lock.release();
          }
        }
        return folders;
      }),
    renewUidValidity: async (folder = 'INBOX') => {
      const maildir = join(dir, 'mail', user, folder === 'INBOX' ? '' : `.${folder}`);
      for (const file of await readdir(maildir)) {
        if (file === 'dovecot-uidlist' || file.startsWith('dovecot.index')) await rm(join(maildir, file), { force: true });
      }
    },
    log,
    stop,
  };
};
