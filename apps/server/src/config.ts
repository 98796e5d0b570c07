import { type OAuthProviderConfig, type OAuthProviderName, oauthProvidersFromEnv } from '@vigil/auth-provider';
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

const booleanFromText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true, false, 1, 0, yes, no, on, off',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** DNS_SERVERS: a comma-separated list of IP addresses, each with an optional port. */
const dnsServersOf = (value: string | undefined) => (value ?? '').split(',').map((server) => server.trim()).filter(Boolean);

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** A whole number from the environment, with messages that name the bounds. */
const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER, why = '') =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}${why}` })
    .max(max, { error: `must be at most ${max}` });

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: optionalText.pipe(httpUrl.optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO: optionalText.pipe(booleanFromText.optional()),
  DEMO_PASSWORD: z.string().min(12, { error: 'must be at least 12 characters' }).default('vigil-demo-password'),
  AUTH_PROJECT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, { error: 'must be 4 to 64 letters, digits, - or _' })
    .default('P2vigillocal000000000000000'),
  AUTH_BASE_URL: optionalText.pipe(httpUrl.optional()),
  TRUST_PROXY: optionalText.pipe(booleanFromText.optional()),
  AUDIT_LOG_RETENTION_DAYS: wholeNumber(30).default(730),
  WEB_DIST_DIR: optionalText,
  AUTH_SECRET: optionalText.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  // It travels as "Bearer <project id>:<key>", read up to the last colon: a key with a colon could never match.
  AUTH_MANAGEMENT_KEY: optionalText.pipe(
    z
      .string()
      .min(20, { error: 'must be at least 20 characters' })
      .refine((key) => !key.includes(':'), { error: 'must not contain a colon (:): the provider reads the key after the last colon of "<project id>:<key>"' })
      .optional(),
  ),
  AUTH_SELF_SIGNUP: optionalText.pipe(booleanFromText.optional()),
  AUTH_SESSION_TTL_SECONDS: wholeNumber(60, 86_400, ' (the SDK refreshes 20 s before expiry)').default(600),
  AUTH_REFRESH_IDLE_DAYS: wholeNumber(1).default(14),
  AUTH_REFRESH_ABSOLUTE_DAYS: wholeNumber(1).default(30),
  AUTH_ATTEMPTS_PER_IP_PER_MINUTE: wholeNumber(1).default(60),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: z.string().min(3).default('Vigil <no-reply@localhost>'),
  OPERATOR_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  TWILIO_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText.pipe(z.string().regex(/^\+[1-9]\d{3,14}$/, { error: 'must be + followed by 4 to 15 digits' }).optional()),
  JOBS_IN_PROCESS: optionalText.pipe(booleanFromText.optional()),
  PHISH_PORT: wholeNumber(0, 65535).default(3001),
  PHISH_PUBLIC_URL: optionalText.pipe(httpUrl.optional()),
  OUTBOUND_ALLOWED_HOSTS: optionalText,
  DNS_SERVERS: optionalText,
  LLM_BASE_URL: optionalText.pipe(httpUrl.optional()),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  TRANSLATE_URL: optionalText.pipe(httpUrl.optional()),
  TRANSLATE_API_KEY: optionalText,
  TRANSLATE_PROVIDER: optionalText.pipe(z.enum(['libretranslate', 'deepl'], { error: 'must be libretranslate or deepl' }).optional()),
  TWILIO_WHATSAPP_FROM: optionalText.pipe(z.string().regex(/^\+[1-9]\d{3,14}$/, { error: 'must be + followed by 4 to 15 digits' }).optional()),
  INBOUND_SMTP_PORT: optionalText.pipe(z.coerce.number<string | undefined>({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).min(0, { error: 'must be at least 0' }).max(65535, { error: 'must be at most 65535' }).optional()),
  TRAINING_UPLOAD_MAX_MB: wholeNumber(1, 10_240).default(500),
  CALLBACK_NUMBER: optionalText.pipe(z.string().regex(/^\+[1-9]\d{3,14}$/, { error: 'must be + followed by 4 to 15 digits' }).optional()),
  PHISH_MAILBOX_MICROSOFT_LOGIN_URL: httpUrl.default('https://login.microsoftonline.com'),
  PHISH_MAILBOX_GOOGLE_TOKEN_URL: httpUrl.default('https://oauth2.googleapis.com/token'),
  GOOGLE_DIRECTORY_URL: httpUrl.default('https://admin.googleapis.com'),
  GOOGLE_TOKEN_URL: httpUrl.default('https://oauth2.googleapis.com/token'),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  dataDir: string;
  publicUrl: string;
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL'];
  demo: { enabled: boolean; password: string };
  auth: {
    projectId: string;
    baseUrl: string;
    /** The provider runs inside this server (AUTH_BASE_URL unset or equal to PUBLIC_URL). */
    embedded: boolean;
    /** Undefined: a secret file in DATA_DIR is used (made on first start). */
    secret?: string;
    /**
     * The provider's management key (secret; never logged). With an outside provider, Vigil writes
     * people's logins through its management API with it; the embedded provider serves that API to it.
     */
    managementKey?: string;
    selfSignUp: boolean;
    sessionTtlSeconds: number;
    refreshIdleSeconds: number;
    refreshAbsoluteSeconds: number;
    /** Sign-in, code and link attempts one address may make per minute on each provider route. */
    attemptsPerIpPerMinute: number;
    /** Social sign-in: the providers an app is registered with (`OAUTH_<PROVIDER>_CLIENT_ID` and `_CLIENT_SECRET`). */
    oauthProviders: Partial<Record<OAuthProviderName, OAuthProviderConfig>>;
  };
  /** `operator`: where requests for the operator (custom training modules) go; absent: MAIL_FROM's address. */
  mail: { smtpUrl?: string; from: string; operator?: string };
  /** SMS, voice and WhatsApp through a Twilio-compatible API; undefined sends them to the outbox. */
  twilio?: { baseUrl: string; accountSid: string; authToken: string; from: string; whatsappFrom?: string };
  trustProxy: boolean;
  auditLogRetentionDays: number;
  webDistDir: string;
  /** The server runs background jobs itself; off when `npm run worker` processes run them instead. */
  jobsInProcess: boolean;
  /** The phishing listener: tracking links, pixels and landing pages, on an origin of their own. */
  phish: { port: number; publicUrl: string };
  /**
   * Private, loopback or otherwise internal hosts outbound connections (SMTP of sending profiles)
   * may reach, as `host` or `host:port`; link-local and cloud-metadata addresses never.
   */
  outboundAllowedHosts: readonly string[];
  /** DNS servers (IP or IP:port) that domain proofs ask; empty: the system's resolvers. */
  dnsServers: readonly string[];
  /** An OpenAI-compatible endpoint that drafts templates; undefined when none is configured. */
  llm?: { baseUrl: string; apiKey?: string; model: string };
  /** A LibreTranslate or DeepL API that machine-translates own training modules; undefined when none is configured. */
  translate?: { provider: 'libretranslate' | 'deepl'; url: string; apiKey?: string };
  /** The inbound SMTP listener that records replies to reply lures; undefined (the default) runs none. */
  inboundSmtp?: { port: number };
  /** The number callback lures ask people to call (a Twilio number whose voice webhook is the listener's /v/voice). */
  callbackNumber?: string;
  /** Own training modules: the largest MP4 or SCORM zip an admin may upload. */
  training: { uploadMaxBytes: number };
  /** The reported-phish mailbox's OAuth token endpoints: Microsoft's login host (the tenant's path is added) and Google's token URL. */
  phishMailbox: { microsoftLoginUrl: string; googleTokenUrl: string };
  /** Google's APIs the Workspace directory sync calls (Google's own addresses unless set, e.g. to a proxy). */
  google: { directoryUrl: string; tokenUrl: string };
}>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const defaultWebDist = resolve(import.meta.dirname, '../../web/dist');

/**
 * Reads and checks the environment once. The only place that reads process.env.
 * @throws ConfigError naming each variable that is wrong and why.
 */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.LLM_BASE_URL && !e.LLM_MODEL) problems.push('LLM_MODEL: is required with LLM_BASE_URL (the model to ask, e.g. llama3.1)');
  const translateProvider = e.TRANSLATE_URL ? (e.TRANSLATE_PROVIDER ?? (/(^|\.)deepl\.com$/i.test(new URL(e.TRANSLATE_URL).hostname) ? 'deepl' : 'libretranslate')) : undefined;
  if (translateProvider === 'deepl' && !e.TRANSLATE_API_KEY) problems.push('TRANSLATE_API_KEY: is required for DeepL (the key of your DeepL API account)');
  if (e.PHISH_PORT === e.PORT && e.PORT !== 0) problems.push('PHISH_PORT: must differ from PORT (the phishing listener is a server of its own)');
  if (e.INBOUND_SMTP_PORT && [e.PORT, e.PHISH_PORT].includes(e.INBOUND_SMTP_PORT)) problems.push('INBOUND_SMTP_PORT: must differ from PORT and PHISH_PORT (the inbound SMTP listener is a server of its own)');
  for (const host of (e.OUTBOUND_ALLOWED_HOSTS ?? '').split(',').map((item) => item.trim()).filter(Boolean)) {
    if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-fA-F:]+\](:\d{1,5})?$/.test(host)) problems.push(`OUTBOUND_ALLOWED_HOSTS: "${host}" is not a host or host:port`);
  }
  for (const server of dnsServersOf(e.DNS_SERVERS)) {
    // 10.0.0.2, 10.0.0.2:53, 2001:db8::1 or [2001:db8::1]:53
    const [, bracketed, bracketPort] = /^\[(.*)\](?::(\d{1,5}))?$/.exec(server) ?? [];
    const [, v4, v4Port] = /^([0-9.]+)(?::(\d{1,5}))?$/.exec(server) ?? [];
    const address = bracketed ?? v4 ?? server;
    const port = Number(bracketPort ?? v4Port ?? 53);
    if (isIP(address) === 0 || port < 1 || port > 65535) problems.push(`DNS_SERVERS: "${server}" is not an IP address or ip:port`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  if (e.JOBS_IN_PROCESS === false && !e.DATABASE_URL) {
    // Nothing else could run them: `npm run worker` needs a database that several processes can open.
    throw new ConfigError(['JOBS_IN_PROCESS: can be off only with DATABASE_URL (the embedded database belongs to one process, so no worker can share it)']);
  }
  // npm runs workspace scripts inside the workspace; a relative DATA_DIR means the folder npm was started in.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(base, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const authBaseUrl = (e.AUTH_BASE_URL ?? publicUrl).replace(/\/+$/, '');
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres' as const, url: e.DATABASE_URL }
      : { kind: 'pglite' as const, dataDir: resolve(dataDir, 'pglite') },
    dataDir,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    // The demo is on by default only for the embedded database, so a real deployment starts clean.
    demo: { enabled: e.DEMO ?? !e.DATABASE_URL, password: e.DEMO_PASSWORD },
    auth: {
      projectId: e.AUTH_PROJECT_ID,
      baseUrl: authBaseUrl,
      embedded: authBaseUrl === publicUrl,
      secret: e.AUTH_SECRET,
      managementKey: e.AUTH_MANAGEMENT_KEY,
      selfSignUp: e.AUTH_SELF_SIGNUP ?? false,
      sessionTtlSeconds: e.AUTH_SESSION_TTL_SECONDS,
      refreshIdleSeconds: e.AUTH_REFRESH_IDLE_DAYS * 86_400,
      refreshAbsoluteSeconds: e.AUTH_REFRESH_ABSOLUTE_DAYS * 86_400,
      attemptsPerIpPerMinute: e.AUTH_ATTEMPTS_PER_IP_PER_MINUTE,
      oauthProviders: oauthProvidersFromEnv(env),
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, operator: e.OPERATOR_EMAIL },
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { baseUrl: e.TWILIO_BASE_URL, accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM, whatsappFrom: e.TWILIO_WHATSAPP_FROM }
        : undefined,
    trustProxy: e.TRUST_PROXY ?? false,
    auditLogRetentionDays: e.AUDIT_LOG_RETENTION_DAYS,
    webDistDir: e.WEB_DIST_DIR ? resolve(base, e.WEB_DIST_DIR) : defaultWebDist,
    jobsInProcess: e.JOBS_IN_PROCESS ?? true,
    phish: {
      port: e.PHISH_PORT,
      publicUrl: (e.PHISH_PUBLIC_URL ?? `http://localhost:${e.PHISH_PORT}`).replace(/\/+$/, ''),
    },
    outboundAllowedHosts: (e.OUTBOUND_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    dnsServers: dnsServersOf(e.DNS_SERVERS),
    llm: e.LLM_BASE_URL && e.LLM_MODEL ? { baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL } : undefined,
    translate: e.TRANSLATE_URL && translateProvider ? { provider: translateProvider, url: e.TRANSLATE_URL.replace(/\/+$/, ''), apiKey: e.TRANSLATE_API_KEY } : undefined,
    inboundSmtp: e.INBOUND_SMTP_PORT === undefined ? undefined : { port: e.INBOUND_SMTP_PORT },
    callbackNumber: e.CALLBACK_NUMBER,
    training: { uploadMaxBytes: e.TRAINING_UPLOAD_MAX_MB * 1024 * 1024 },
    phishMailbox: { microsoftLoginUrl: e.PHISH_MAILBOX_MICROSOFT_LOGIN_URL.replace(/\/+$/, ''), googleTokenUrl: e.PHISH_MAILBOX_GOOGLE_TOKEN_URL },
    google: { directoryUrl: e.GOOGLE_DIRECTORY_URL.replace(/\/+$/, ''), tokenUrl: e.GOOGLE_TOKEN_URL },
  });
};

/**
 * The configuration a process starts with (the server, a worker): a wrong setting ends the process
 * with code 1 and the message naming it, not a stack trace.
 */
export const loadConfigOrExit = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
};
