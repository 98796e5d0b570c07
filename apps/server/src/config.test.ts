import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  it('starts with no environment on the embedded database with the demo on', () => {
    const config = loadConfig({ INIT_CWD: '/srv/vigil' });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/vigil/data/pglite' });
    expect(config.demo.enabled).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.auth.baseUrl).toBe('http://localhost:3000');
    expect(config.auth).toMatchObject({ embedded: true, selfSignUp: false, sessionTtlSeconds: 600, refreshIdleSeconds: 14 * 86_400 });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('uses PostgreSQL with DATABASE_URL, and then the demo is off unless asked for', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://vigil@db:5432/vigil' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://vigil@db:5432/vigil' });
    expect(config.demo.enabled).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/vigil', DEMO: 'true' }).demo.enabled).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: must be a whole number'],
    [{ PORT: '70000' }, 'PORT: must be at most 65535'],
    [{ AUDIT_LOG_RETENTION_DAYS: '7' }, 'AUDIT_LOG_RETENTION_DAYS: must be at least 30'],
    [{ DATABASE_URL: 'mysql://db/vigil' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ PUBLIC_URL: 'vigil.example.com' }, 'PUBLIC_URL: must be an http:// or https:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL:'],
    [{ DEMO: 'maybe' }, 'DEMO: must be one of true, false'],
    [{ DEMO_PASSWORD: 'short' }, 'DEMO_PASSWORD: must be at least 12 characters'],
    [{ AUTH_PROJECT_ID: 'has spaces in it' }, 'AUTH_PROJECT_ID:'],
    [{ AUTH_SECRET: 'too-short' }, 'AUTH_SECRET: must be at least 32 characters'],
    [{ AUTH_MANAGEMENT_KEY: 'a-management-key:with-a-colon-in-it' }, 'AUTH_MANAGEMENT_KEY: must not contain a colon'],
    [{ AUTH_SESSION_TTL_SECONDS: '30' }, 'AUTH_SESSION_TTL_SECONDS: must be at least 60'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ TWILIO_FROM: '5551234' }, 'TWILIO_FROM: must be + followed by 4 to 15 digits'],
    [{ CALLBACK_NUMBER: '0800 123 456' }, 'CALLBACK_NUMBER: must be + followed by 4 to 15 digits'],
    [{ INBOUND_SMTP_PORT: 'twenty-five' }, 'INBOUND_SMTP_PORT: must be a whole number'],
    [{ INBOUND_SMTP_PORT: '3001' }, 'INBOUND_SMTP_PORT: must differ from PORT and PHISH_PORT'],
  ])('names the variable and the problem for %o', (env, expected) => {
    expect(problemsOf(env)).toEqual([expect.stringContaining(expected)]);
  });

  it('uses an outside provider when AUTH_BASE_URL names another address', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://vigil.example.com', AUTH_BASE_URL: 'https://auth.example.com/' });
    expect(config.auth).toMatchObject({ embedded: false, baseUrl: 'https://auth.example.com' });
  });

  it('sends phone messages through Twilio only when account, token and sender are all set', () => {
    expect(loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' }).twilio).toBeUndefined();
    expect(loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+15550001111' }).twilio).toEqual({
      baseUrl: 'https://api.twilio.com',
      accountSid: 'AC1',
      authToken: 't',
      from: '+15550001111',
      whatsappFrom: undefined,
    });
  });

  it('runs no inbound SMTP listener and has no callback number unless told', () => {
    expect(loadConfig({})).toMatchObject({ inboundSmtp: undefined, callbackNumber: undefined });
    expect(loadConfig({ INBOUND_SMTP_PORT: '2525', CALLBACK_NUMBER: '+15550002000' })).toMatchObject({ inboundSmtp: { port: 2525 }, callbackNumber: '+15550002000' });
  });

  it('lists every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', DEMO: 'maybe' })).toHaveLength(2);
  });

  it('runs jobs in the server unless told that separate workers do, which needs PostgreSQL', () => {
    expect(loadConfig({}).jobsInProcess).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://vigil@db/vigil', JOBS_IN_PROCESS: 'false' }).jobsInProcess).toBe(false);
    expect(problemsOf({ JOBS_IN_PROCESS: 'false' })).toEqual([
      'JOBS_IN_PROCESS: can be off only with DATABASE_URL (the embedded database belongs to one process, so no worker can share it)',
    ]);
    expect(problemsOf({ JOBS_IN_PROCESS: 'sometimes' })).toEqual(['JOBS_IN_PROCESS: must be one of true, false, 1, 0, yes, no, on, off']);
  });

  it('puts the phishing listener on a port and origin of its own, and reads the outbound allow-list and the LLM endpoint', () => {
    const config = loadConfig({});
    expect(config.phish).toEqual({ port: 3001, publicUrl: 'http://localhost:3001' });
    expect(config.outboundAllowedHosts).toEqual([]);
    expect(config.llm).toBeUndefined();
    const custom = loadConfig({
      PHISH_PORT: '8443',
      PHISH_PUBLIC_URL: 'https://secure-login.example/',
      OUTBOUND_ALLOWED_HOSTS: ' mail.internal:2525, 10.0.0.5 ,[::1]:25',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
      LLM_MODEL: 'llama3.1',
    });
    expect(custom.phish).toEqual({ port: 8443, publicUrl: 'https://secure-login.example' });
    expect(custom.outboundAllowedHosts).toEqual(['mail.internal:2525', '10.0.0.5', '[::1]:25']);
    expect(custom.llm).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: undefined, model: 'llama3.1' });
  });

  it('refuses a phishing listener on the admin port, an LLM without a model and a malformed allowed host', () => {
    expect(problemsOf({ PORT: '4000', PHISH_PORT: '4000', LLM_BASE_URL: 'http://127.0.0.1:11434/v1', OUTBOUND_ALLOWED_HOSTS: 'ok.example,http://bad/' })).toEqual([
      'LLM_MODEL: is required with LLM_BASE_URL (the model to ask, e.g. llama3.1)',
      'PHISH_PORT: must differ from PORT (the phishing listener is a server of its own)',
      'OUTBOUND_ALLOWED_HOSTS: "http://bad/" is not a host or host:port',
    ]);
  });

  it('takes DNS servers as IP addresses with optional ports, and names one that is not', () => {
    expect(loadConfig({ DNS_SERVERS: ' 10.0.0.2, 127.0.0.1:5353 ,2001:db8::1,[::1]:53' }).dnsServers).toEqual(['10.0.0.2', '127.0.0.1:5353', '2001:db8::1', '[::1]:53']);
    expect(loadConfig({}).dnsServers).toEqual([]);
    expect(problemsOf({ DNS_SERVERS: 'dns.example,1.2.3.4:99999,10.0.0.2' })).toEqual([
      'DNS_SERVERS: "dns.example" is not an IP address or ip:port',
      'DNS_SERVERS: "1.2.3.4:99999" is not an IP address or ip:port',
    ]);
  });
});
