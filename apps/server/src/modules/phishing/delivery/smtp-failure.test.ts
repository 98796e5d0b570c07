import { describe, expect, it } from 'vitest';
import { PermanentDeliveryError, TemporaryDeliveryError } from './mail-delivery.ts';
import { classifySmtpFailure, deliveryErrorOf } from './smtp-failure.ts';

const smtpError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe('classifySmtpFailure', () => {
  it.each([
    ['a 4xx answer to the message', smtpError("Can't send mail - all recipients were rejected: 450 4.2.1 Mailbox busy", { code: 'EENVELOPE', responseCode: 450, response: '450 4.2.1 Mailbox busy' }), true, 'rejected'],
    ['greylisting', smtpError('Message failed: 451 4.7.1 Greylisted', { code: 'EMESSAGE', responseCode: 451, response: '451 4.7.1 Greylisted' }), true, 'rejected'],
    ['an unknown mailbox', smtpError('Recipient rejected: 550 5.1.1 No such user', { code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 No such user' }), false, 'rejected'],
    ['a wrong password', smtpError('Invalid login: 535 5.7.8 Authentication failed', { code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Authentication failed' }), false, 'auth'],
    ['a temporary authentication failure', smtpError('Invalid login: 454 4.7.0 Try later', { code: 'EAUTH', responseCode: 454, response: '454 4.7.0 Try later' }), true, 'auth'],
    ['a server without AUTH', smtpError('Authentication not supported', { code: 'EAUTH' }), false, 'auth'],
    ['a refused connection', smtpError('connect ECONNREFUSED 192.0.2.1:25', { code: 'ECONNREFUSED' }), true, 'connection'],
    ['a socket error', smtpError('read ECONNRESET', { code: 'ESOCKET' }), true, 'connection'],
    ['a name that does not resolve', smtpError('getaddrinfo ENOTFOUND smtp.nowhere.example', { code: 'ENOTFOUND' }), true, 'connection'],
    ['a timeout', smtpError('Connection timeout', { code: 'ETIMEDOUT' }), true, 'timeout'],
    ['a bad certificate', smtpError('self-signed certificate', { code: 'ESOCKET' }), false, 'tls'],
    ['no STARTTLS', smtpError('No STARTTLS', { code: 'ETLS' }), false, 'tls'],
    ['the outbound guard', smtpError('169.254.169.254 is a cloud metadata address', { code: 'EOUTBOUNDREFUSED' }), false, 'refused-address'],
    ['a missing recipient', smtpError('No recipients defined', { code: 'EENVELOPE' }), false, 'rejected'],
    ['anything else', new Error('something odd'), true, 'other'],
  ])('%s', (_case, error, temporary, reason) => {
    expect(classifySmtpFailure(error)).toMatchObject({ temporary, reason });
  });

  it('keeps what the server said', () => {
    const failure = classifySmtpFailure(smtpError('Invalid login', { code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Authentication failed' }));
    expect(failure.smtpResponse).toBe('535 5.7.8 Authentication failed');
  });
});

describe('deliveryErrorOf', () => {
  it('turns a 4xx into a TemporaryDeliveryError and a 5xx into a PermanentDeliveryError, with the answer', () => {
    const later = deliveryErrorOf(smtpError('busy', { code: 'EMESSAGE', responseCode: 421, response: '421 Try again' }));
    expect(later).toBeInstanceOf(TemporaryDeliveryError);
    expect(later.failure).toEqual({ reason: 'rejected', smtpResponse: '421 Try again' });
    const never = deliveryErrorOf(smtpError('no', { code: 'EENVELOPE', responseCode: 550, response: '550 No such user' }));
    expect(never).toBeInstanceOf(PermanentDeliveryError);
  });
});
