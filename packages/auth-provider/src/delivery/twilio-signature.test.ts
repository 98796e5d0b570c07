import { describe, expect, it } from 'vitest';
import { isTwilioSignatureValid, twilioSignatureOf } from './twilio.ts';

// The example of Twilio's "Webhooks security" page: its URL, parameters and auth token, and the signature Twilio sends.
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params = Object.entries({ CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' });
const authToken = '12345';
const published = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';

describe('Twilio request signatures', () => {
  it('signs a request as Twilio publishes it', () => {
    expect(twilioSignatureOf(authToken, url, params)).toBe(published);
  });

  it('does not depend on the order the parameters arrive in', () => {
    expect(twilioSignatureOf(authToken, url, [...params].reverse())).toBe(published);
  });

  it('accepts the right signature and refuses a wrong token, URL, parameter, or none', () => {
    expect(isTwilioSignatureValid(authToken, published, url, params)).toBe(true);
    expect(isTwilioSignatureValid('54321', published, url, params)).toBe(false);
    expect(isTwilioSignatureValid(authToken, published, 'https://mycompany.com/myapp.php?foo=1&bar=3', params)).toBe(false);
    expect(isTwilioSignatureValid(authToken, published, url, [...params, ['Extra', '1'] as const])).toBe(false);
    expect(isTwilioSignatureValid(authToken, undefined, url, params)).toBe(false);
    expect(isTwilioSignatureValid(authToken, 'short', url, params)).toBe(false);
  });
});
