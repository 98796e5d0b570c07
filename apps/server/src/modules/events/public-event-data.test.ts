import { describe, expect, it } from 'vitest';
import { publicEventData } from './public-event-data.ts';

describe('publicEventData', () => {
  it('turns a failed send into a reason code: the SMTP answer (which often names the recipient) stays inside', () => {
    const smtp = { reason: '550 5.1.1 <grace.hopper@example.com>: Recipient address rejected', temporary: false, attempts: 1, failure: { reason: 'rejected', smtpResponse: '550 5.1.1 <grace.hopper@example.com>' } };
    expect(publicEventData({ type: 'delivery_failed', data: smtp })).toEqual({ reason: 'rejected' });
    expect(publicEventData({ type: 'delivery_failed', data: { reason: 'The lure cannot be sent as written: {{.Unknown}}', field: 'html' } })).toEqual({ reason: 'invalid-message' });
    expect(publicEventData({ type: 'delivery_failed', data: { reason: 'The person or the sending profile is no longer available' } })).toEqual({ reason: 'other' });
    expect(publicEventData({ type: 'delivery_failed', data: { reason: 'x', failure: { reason: 'made-up' } } })).toEqual({ reason: 'other' });
    expect(publicEventData({ type: 'delivery_uncertain', data: { reason: 'the send was interrupted after it started; the mail server may have accepted it' } })).toEqual({ reason: 'interrupted' });
  });

  it('keeps the facts each type documents and drops what Vigil keeps for itself', () => {
    expect(publicEventData({ type: 'reported', data: { simulation: false, subject: 'Invoice 4411', messageId: '<a@b>' } })).toEqual({ simulation: false });
    expect(publicEventData({ type: 'called', data: { callSid: 'CA123' } })).toEqual({});
    expect(publicEventData({ type: 'clicked', data: { link: 'email', ip: '198.51.100.7', userAgent: 'Mozilla/5.0', via: 'c' } })).toEqual({ link: 'email' });
    expect(publicEventData({ type: 'machine_click', data: { link: 'email', rule: 'burst' } })).toEqual({ link: 'email', rule: 'burst' });
    expect(publicEventData({ type: 'submitted', data: { link: 'page', fields: ['username', 'password'] } })).toEqual({ link: 'page', fields: ['username', 'password'] });
    expect(publicEventData({ type: 'sent', data: { templateId: 't', language: 'en_us' } })).toEqual({ language: 'en_us' });
    expect(publicEventData({ type: 'training_failed', data: { assignmentId: 'a', moduleId: 'm', reason: 'remedial', score: 40, attempts: 2, attemptsLeft: 1, language: 'de' } })).toEqual({
      assignmentId: 'a', moduleId: 'm', reason: 'remedial', score: 40, attempts: 2, attemptsLeft: 1, language: 'de',
    });
    expect(publicEventData({ type: 'person_updated', data: { source: 'google', fields: ['department'], email: 'x@example.com' } })).toEqual({ source: 'google', fields: ['department'] });
    expect(publicEventData({ type: 'sign_in', data: { method: 'password', ip: '198.51.100.7' } })).toEqual({});
  });
});
