import type { ImapTlsMode, PhishMailboxAuth, PhishMailboxSettings, ProcessedAction, ReportedMessage, ReportedMessageKind, ReportedMessageVerdict, Role } from '@vigil/contracts';
import type { PhishMailboxRow } from '@vigil/db';
import { mayJudge } from './phish-mailbox.policy.ts';
import type { ListedReportedMessage } from './phish-mailbox.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Secrets are answered only as whether they are set. */
const presentAuth = (row: PhishMailboxRow): PhishMailboxAuth => {
  if (row.authMethod === 'microsoft') {
    return { method: 'microsoft', tenantId: row.microsoftTenantId ?? '', clientId: row.microsoftClientId ?? '', hasClientSecret: row.microsoftClientSecretSealed !== null };
  }
  if (row.authMethod === 'google') return { method: 'google', clientEmail: row.googleClientEmail, hasServiceAccountKey: row.googleKeySealed !== null };
  return { method: 'password', hasPassword: row.passwordSealed !== null };
};

export const presentMailboxSettings = (row: PhishMailboxRow): PhishMailboxSettings => ({
  host: row.host,
  port: row.port,
  tlsMode: row.tlsMode as ImapTlsMode,
  username: row.username,
  folder: row.folder,
  auth: presentAuth(row),
  processedAction: row.processedAction as ProcessedAction,
  processedFolder: row.processedFolder,
  thankReporters: row.thankReporters,
  enabled: row.enabled,
  lastPolledAt: iso(row.lastPolledAt),
  lastSuccessAt: iso(row.lastSuccessAt),
  lastError: row.lastError,
  updatedAt: row.updatedAt.toISOString(),
});

const fullName = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());

export const presentReportedMessage = (listed: ListedReportedMessage, role: Role): ReportedMessage => {
  const { message } = listed;
  return {
    id: message.id,
    kind: message.kind as ReportedMessageKind,
    reporter: { email: message.reporterEmail, verified: message.reporterVerified, personId: message.reporterPersonId, name: fullName(listed.reporterFirstName, listed.reporterLastName) },
    sender: { address: message.senderAddress, name: message.senderName },
    subject: message.subject,
    receivedAt: message.receivedAt.toISOString(),
    reportedAt: message.reportedAt.toISOString(),
    links: message.links,
    attachments: message.attachments,
    excerpt: message.excerpt,
    countedAsReport: message.countedAsReport,
    verdict: message.verdict as ReportedMessageVerdict | null,
    verdictBy: message.verdictByPersonId ? { personId: message.verdictByPersonId, name: fullName(listed.judgeFirstName, listed.judgeLastName) ?? '' } : null,
    verdictAt: iso(message.verdictAt),
    can: { setVerdict: mayJudge(role, message) },
  };
};
