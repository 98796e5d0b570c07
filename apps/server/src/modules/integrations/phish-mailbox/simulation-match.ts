import type { Db } from '@vigil/db';
import type { OrgScope } from '../../../lib/scope.ts';
import { type SecretBox, sameToken } from '../../../lib/secrets.ts';
import { readFilterHeaderSecret } from '../../phishing/sending-profiles/phishing-settings.service.ts';
import { trackingTokenHash } from '../../phishing/tracking/tracking-links.ts';
import type { PhishMailboxRepository } from './phish-mailbox.repository.ts';
import type { ReportedMailAnalysis } from './reported-mail.ts';

/**
 * Which of our simulated lures a reported message is, proven rather than claimed. A header or a
 * link names a lure; only a proof makes it count:
 *
 * - a tracking token from a link: it is derived from the recipient id with the application secret
 *   (an HMAC), so only the lure's own message carries it;
 * - the original's Message-ID (`<recipient id@domain>`, exactly as we sent it) together with our
 *   filter header carrying the organisation's secret value: a message made up by someone else
 *   has neither.
 *
 * Lures of another organisation never match (every lookup is in the mailbox's organisation).
 */

export type MatchedLure = { id: string; campaignId: string; personId: string };

const uuidAtDomain = /^<([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^<>\s@]+>$/i;

/** @returns the lures the message proves it is (usually one), in the order found */
export const findProvenLures = async (
  db: Db,
  secrets: SecretBox,
  scope: OrgScope,
  repository: PhishMailboxRepository,
  analysis: ReportedMailAnalysis,
): Promise<MatchedLure[]> => {
  const found = new Map<string, MatchedLure>();
  for (const lure of await repository.recipientsByTokenHash(analysis.trackingTokens.map(trackingTokenHash))) found.set(lure.id, lure);

  const { messageId, filterHeader } = analysis.original;
  const recipientId = messageId ? uuidAtDomain.exec(messageId)?.[1]?.toLowerCase() : undefined;
  if (recipientId && messageId && filterHeader && !found.has(recipientId)) {
    const lure = await repository.recipientByMessageId(recipientId, messageId);
    if (lure && sameToken(filterHeader, await readFilterHeaderSecret(db, secrets, scope))) found.set(lure.id, lure);
  }
  return [...found.values()];
};

/** The lure to count as the reporter's own report: one sent to the reporter themselves. */
export const lureOfReporter = (lures: readonly MatchedLure[], reporterPersonId: string | null) =>
  reporterPersonId ? lures.find((lure) => lure.personId === reporterPersonId) : undefined;
