import { type DeliveryFailureReason, PermanentDeliveryError, TemporaryDeliveryError } from './mail-delivery.ts';

/** What nodemailer and the network put on a failure (any of it may be missing). */
type SmtpErrorLike = { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };

const tlsProblem = /certificate|\bTLS\b|\bSSL\b|wrong version number|handshake|STARTTLS|altnames/i;
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EDNS', 'ECONNECTION', 'ESOCKET']);

/** A failure of one send, judged: retry later or not, why, and what the server said. */
export type ClassifiedFailure = { temporary: boolean; reason: DeliveryFailureReason; smtpResponse?: string; message: string };

/**
 * Sorts an SMTP failure. A server's answer decides when there is one (4xx: try again later, 5xx:
 * do not); without one, a connection that failed or timed out is temporary, while a refused address,
 * a TLS failure or bad credentials are settings an admin has to change, so retrying would not help.
 */
export const classifySmtpFailure = (error: unknown): ClassifiedFailure => {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(error);
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const smtpResponse = typeof e.response === 'string' ? e.response : undefined;
  const answered = (reason: DeliveryFailureReason): ClassifiedFailure => ({ temporary: responseCode! < 500, reason, smtpResponse, message });

  if (code === 'EOUTBOUNDREFUSED') return { temporary: false, reason: 'refused-address', message };
  if (code === 'EAUTH' || code === 'ENOAUTH') return responseCode ? answered('auth') : { temporary: false, reason: 'auth', message };
  if (responseCode !== undefined && responseCode >= 400 && responseCode < 600) return answered('rejected');
  if (code === 'ETLS' || tlsProblem.test(message)) return { temporary: false, reason: 'tls', message };
  if (code === 'ETIMEDOUT' || /timed? ?out/i.test(message)) return { temporary: true, reason: 'timeout', message };
  if (networkCodes.has(code)) return { temporary: true, reason: 'connection', message };
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return { temporary: false, reason: 'rejected', message };
  return { temporary: true, reason: 'other', message };
};

/** The failure as the error MailDelivery promises: TemporaryDeliveryError or PermanentDeliveryError. */
export const deliveryErrorOf = (error: unknown): TemporaryDeliveryError | PermanentDeliveryError => {
  const failure = classifySmtpFailure(error);
  const details = { reason: failure.reason, ...(failure.smtpResponse ? { smtpResponse: failure.smtpResponse } : {}) };
  return failure.temporary ? new TemporaryDeliveryError(failure.message, details, { cause: error }) : new PermanentDeliveryError(failure.message, details, { cause: error });
};
