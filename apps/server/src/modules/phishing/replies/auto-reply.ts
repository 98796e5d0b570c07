/**
 * Whether a message is a machine's answer (an out-of-office reply, a bounce, a delivery report)
 * rather than a person's: such a message says nothing about the person and never counts as a reply.
 * Reads only the header section and the envelope sender (RFC 3834 `Auto-Submitted`, the common
 * `Precedence` and `X-Autoreply` conventions, a null sender, a `multipart/report`). Pure.
 */
export const isAutomaticReply = (headerSection: string, envelopeSender: string | undefined): boolean => {
  // A bounce or delivery report comes from the null sender (MAIL FROM:<>).
  if (!envelopeSender) return true;
  const headers = new Map<string, string>();
  for (const line of headerSection.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim().toLowerCase());
  }
  const autoSubmitted = headers.get('auto-submitted');
  if (autoSubmitted && !autoSubmitted.startsWith('no')) return true;
  if (/^(bulk|junk|list|auto_reply)\b/.test(headers.get('precedence') ?? '')) return true;
  if (headers.has('x-autoreply') || headers.has('x-autorespond') || headers.has('x-auto-response')) return true;
  return /^multipart\/report\b/.test(headers.get('content-type') ?? '');
};
