import { randomBytes } from 'node:crypto';
import { type PhishingSettings, filterHeaderName } from '@vigil/contracts';
import type { Db } from '@vigil/db';
import { memoized } from '../../../lib/batch-memo.ts';
import type { RequestOrigin } from '../../../lib/request-origin.ts';
import { type OrgScope, scopeOf } from '../../../lib/scope.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { recordAudit } from '../../audit-log/audit-log.service.ts';
import { type PhishingSettingsRow, phishingSettingsRepository } from './phishing-settings.repository.ts';
import { requireSendingProfileManager } from './sending-profiles.policy.ts';

// 192 bits, base64url: long enough that nobody guesses it, short enough to paste into a mail rule.
const newFilterSecret = () => randomBytes(24).toString('base64url');

/** How to let messages with the header through, for API clients; the web app shows its own translated steps. */
const allowListInstructions = (value: string): PhishingSettings['allowListInstructions'] => [
  {
    platform: 'exchange-online',
    steps: [
      'Exchange admin center → Mail flow → Rules → Add a rule → Create a new rule.',
      `Apply this rule if: The message headers… includes any of these words: header "${filterHeaderName}", words "${value}".`,
      'Do the following: Modify the message properties → set the spam confidence level (SCL) → Bypass spam filtering.',
      'In Microsoft Defender, also list the sending domain and IP under Email & collaboration → Policies → Advanced delivery → Phishing simulation, so links are not rewritten or opened in advance.',
    ],
  },
  {
    platform: 'google-workspace',
    steps: [
      'Admin console → Apps → Google Workspace → Gmail → Compliance → Content compliance → Configure.',
      'Email messages to affect: Inbound.',
      `Add expression: Advanced content match → Location: Full headers → Match type: Contains text → Content: "${filterHeaderName}: ${value}".`,
      'If the above expressions match: Modify message → Bypass spam filter for this message; save.',
    ],
  },
];

const present = (row: PhishingSettingsRow, value: string): PhishingSettings => ({
  filterHeaderName,
  filterHeaderValue: value,
  filterSecretUpdatedAt: row.updatedAt.toISOString(),
  allowListInstructions: allowListInstructions(value),
});

const settingsRow = async (db: Db, secrets: SecretBox, scope: OrgScope) => {
  const repository = phishingSettingsRepository(db, scope);
  return (await repository.find()) ?? (await repository.insertIfMissing(secrets.seal(newFilterSecret())));
};

/**
 * The value of the organisation's filter header, made (at random, sealed) on first use. Every
 * simulated message carries it, and only the organisation's admins can read it. Read once per send batch.
 * @throws Error when the sealed value cannot be opened (the application secret changed).
 */
export const readFilterHeaderSecret = async (db: Db, secrets: SecretBox, scope: OrgScope): Promise<string> =>
  memoized(`filter-secret:${scope.organizationId}`, async () => secrets.open((await settingsRow(db, secrets, scope)).filterHeaderSecretSealed));

/** @throws AppError FORBIDDEN for anyone but an admin. */
export const getPhishingSettings = async (db: Db, secrets: SecretBox, tenant: Tenant): Promise<PhishingSettings> => {
  requireSendingProfileManager(tenant);
  const row = await settingsRow(db, secrets, scopeOf(tenant));
  return present(row, secrets.open(row.filterHeaderSecretSealed));
};

/**
 * A new filter header value (the old one stops matching the organisation's mail rules at once: the
 * admin updates them). Audited, without the value.
 * @throws AppError FORBIDDEN for anyone but an admin.
 */
export const rotateFilterHeaderSecret = async (db: Db, secrets: SecretBox, tenant: Tenant, origin: RequestOrigin): Promise<PhishingSettings> => {
  requireSendingProfileManager(tenant);
  const value = newFilterSecret();
  const row = await db.transaction(async (tx) => {
    const replaced = await phishingSettingsRepository(tx, scopeOf(tenant)).replaceSecret(secrets.seal(value));
    await recordAudit(tx, tenant, { action: 'phishing-settings.rotate-filter-secret', targetType: 'organization', targetId: tenant.organizationId, details: {}, ...origin });
    return replaced;
  });
  return present(row, value);
};
