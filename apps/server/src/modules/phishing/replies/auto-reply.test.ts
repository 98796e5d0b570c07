import { describe, expect, it } from 'vitest';
import { isAutomaticReply } from './auto-reply.ts';

const person = 'robin@customer.example';
const head = (...lines: string[]) => ['From: Robin <robin@customer.example>', 'Subject: Re: the team list', ...lines].join('\r\n');

describe('automatic replies', () => {
  it('counts a person’s reply as a reply', () => {
    expect(isAutomaticReply(head('Content-Type: text/plain'), person)).toBe(false);
    expect(isAutomaticReply(head('Auto-Submitted: no'), person)).toBe(false);
  });

  it.each([
    ['Auto-Submitted (RFC 3834), folded over two lines', head('Auto-Submitted:', ' auto-replied')],
    ['Auto-Submitted: auto-generated', head('auto-submitted: Auto-Generated')],
    ['Precedence: bulk, junk, list or auto_reply', head('Precedence: auto_reply')],
    ['X-Autoreply', head('X-Autoreply: yes')],
    ['X-Autorespond', head('X-Autorespond: on vacation')],
    ['a delivery report', head('Content-Type: multipart/report; report-type=delivery-status; boundary="b"')],
  ])('is a machine’s answer with %s', (_case, headers) => {
    expect(isAutomaticReply(headers, person)).toBe(true);
  });

  it('is a machine’s answer from the null sender (a bounce), whatever its headers say', () => {
    expect(isAutomaticReply(head(), undefined)).toBe(true);
    expect(isAutomaticReply(head(), '')).toBe(true);
  });
});
