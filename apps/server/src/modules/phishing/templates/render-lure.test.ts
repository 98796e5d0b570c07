import { describe, expect, it } from 'vitest';
import { trackingLinks } from '../tracking/tracking-links.ts';
import { sanitizeLureHtml } from './lure-html.ts';
import { LureRenderError, type LureTemplate, renderLure } from './render-lure.ts';
import { loadTemplateLibrary } from './template-library.ts';

const links = trackingLinks('https://phish.example', 'TOKEN123');
const person = { first_name: 'Ada', last_name: 'Lovelace', company: 'Northwind', department: 'Finance', manager: 'Grace Hopper', job_title: 'Analyst', sender_domain: 'northwind-it.example', date: 'May 4, 2026' };
const redFlags = [
  { cue: 'tactics', title: 'Urgency', explanation: 'The message wants you to act before you think.' },
  { cue: 'technical', title: 'Odd sender', explanation: 'The sender domain is not the one your company uses.' },
];

const mail = (overrides: Record<string, unknown> = {}, languages: Record<string, Record<string, unknown>> = {}): LureTemplate => ({
  vector: 'email-link',
  fromAddress: 'it@{{sender_domain}}',
  texts: {
    en_us: {
      name: 'Test lure',
      scenario: 'A scenario long enough to pass the schema.',
      fromName: 'IT for {{company}}',
      subject: 'Hello {{first_name}}',
      html: '<p>Hello {{first_name}} from {{company}}, ask {{manager}}.</p><p><a href="{{link}}">Open</a></p>',
      text: 'Hello {{first_name}}, open {{link}} and ask {{manager}}.',
      redFlags,
      ...overrides,
    },
    ...languages,
  },
});

describe('renderLure', () => {
  it('fills the whitelisted variables, the link, the sender domain and appends the open pixel', () => {
    const lure = renderLure({ template: mail(), language: 'en_us', personalisation: person, links });
    expect(lure.fromAddress).toBe('it@northwind-it.example');
    expect(lure.fromName).toBe('IT for Northwind');
    expect(lure.subject).toBe('Hello Ada');
    expect(lure.html).toContain('<p>Hello Ada from Northwind, ask Grace Hopper.</p>');
    expect(lure.html).toContain('<a href="https://phish.example/c/TOKEN123">Open</a>');
    expect(lure.html).toMatch(/<img src="https:\/\/phish\.example\/o\/TOKEN123\.gif" alt="" width="1" height="1" \/>$/);
    expect(lure.text).toBe('Hello Ada, open https://phish.example/c/TOKEN123 and ask Grace Hopper.');
  });

  it('escapes values in the HTML and keeps them plain in the text', () => {
    const lure = renderLure({ template: mail(), language: 'en_us', personalisation: { ...person, first_name: '<b>Bo</b> & "Co"', company: '<script>alert(1)</script>' }, links });
    expect(lure.html).toContain('Hello &lt;b&gt;Bo&lt;/b&gt; &amp; "Co" from &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(lure.html).not.toContain('<script');
    expect(lure.text).toContain('Hello <b>Bo</b> & "Co", open');
  });

  it('uses neutral words for what the person record lacks, in the lure language', () => {
    const lure = renderLure({ template: mail(), language: 'en_us', personalisation: { sender_domain: 'x.example' }, links });
    expect(lure.text).toBe('Hello colleague, open https://phish.example/c/TOKEN123 and ask your manager.');
    const french = renderLure({ template: mail({}, { fr_fr: { ...(mail().texts.en_us as object), text: 'Bonjour {{first_name}}, voir {{manager}}.' } }), language: 'fr_fr', personalisation: { sender_domain: 'x.example' }, links });
    expect(french.text).toBe('Bonjour collègue, voir votre responsable.');
  });

  it('falls back to English, then to the first language the template has', () => {
    expect(renderLure({ template: mail(), language: 'it_it', personalisation: person, links }).language).toBe('en_us');
    const germanOnly: LureTemplate = { ...mail(), texts: { de_de: mail().texts.en_us as Record<string, unknown> } };
    expect(renderLure({ template: germanOnly, language: 'fr_fr', personalisation: person, links }).language).toBe('de_de');
  });

  it('refuses a subject or sender name that would add a mail header', () => {
    expect(() => renderLure({ template: mail({ subject: 'Hi\r\nBcc: all@example.com' }), language: 'en_us', personalisation: person, links })).toThrow(LureRenderError);
    expect(() => renderLure({ template: mail({ fromName: 'IT\nX-Evil: 1' }), language: 'en_us', personalisation: person, links })).toThrow(/fromName/);
  });

  it('keeps a line break in a person record from reaching a header', () => {
    const lure = renderLure({ template: mail(), language: 'en_us', personalisation: { ...person, first_name: 'Ada\r\nBcc: x@example.com' }, links });
    expect(lure.subject).toBe('Hello Ada Bcc: x@example.com');
  });

  it('puts the QR image in the HTML and the scan link with a sentence in the text', () => {
    const qr = 'data:image/png;base64,iVBORw0KGgo=';
    const template = mail({ html: '<p>Scan:</p><p>{{qr_code}}</p>', text: 'Scan: {{qr_code}}' });
    const lure = renderLure({ template: { ...template, vector: 'qr-code' }, language: 'en_us', personalisation: person, links, qrCodeDataUri: qr });
    expect(lure.html).toContain(`<img src="${qr}" alt="QR code" width="200" height="200" />`);
    expect(lure.text).toBe('Scan: Open this address on your phone: https://phish.example/q/TOKEN123');
  });

  it('fills the callback number, and refuses a callback lure without one', () => {
    const template = mail({ html: '<p>Call {{callback_number}} now, {{first_name}}.</p>', text: 'Call {{callback_number}}.' });
    expect(renderLure({ template, language: 'en_us', personalisation: person, links, callbackNumber: '+1 555 0100' }).text).toBe('Call +1 555 0100.');
    expect(() => renderLure({ template, language: 'en_us', personalisation: person, links })).toThrow(/callback number/);
  });

  it('renders a text message without HTML, and an attachment whose link records the attachment', () => {
    const sms: LureTemplate = { vector: 'sms', fromAddress: null, texts: { en_us: { name: 'x', scenario: 'y', sms: '{{company}}: review {{link}}', redFlags } } };
    const rendered = renderLure({ template: sms, language: 'en_us', personalisation: person, links });
    expect(rendered.sms).toBe('Northwind: review https://phish.example/c/TOKEN123');
    expect(rendered.html).toBe('');
    const attached = renderLure({ template: mail({ attachment: { fileName: 'invoice.html', html: '<p><a href="{{link}}">View</a></p>' } }), language: 'en_us', personalisation: person, links });
    expect(attached.attachment).toEqual({ fileName: 'invoice.html', html: '<p><a href="https://phish.example/a/TOKEN123">View</a></p>' });
  });

  it('sends nothing the allow-list refuses, whatever the stored template holds', () => {
    const lure = renderLure({ template: mail({ html: '<p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><iframe src="https://e.example"></iframe><form><input></form>' }), language: 'en_us', personalisation: person, links });
    expect(lure.html).not.toMatch(/script|onclick|javascript:|iframe|form|input/i);
  });

  it('renders every built-in lure without leaving a variable behind', () => {
    for (const template of loadTemplateLibrary()) {
      for (const language of Object.keys(template.texts)) {
        const lure = renderLure({
          template: { vector: template.metadata.vector, fromAddress: template.metadata.fromAddress ?? null, texts: template.texts },
          language,
          personalisation: person,
          links,
          callbackNumber: '+1 555 0100',
          qrCodeDataUri: 'data:image/png;base64,iVBORw0KGgo=',
        });
        const all = [lure.subject, lure.fromName, lure.fromAddress, lure.html, lure.text, lure.sms ?? '', lure.attachment?.html ?? ''].join('\n');
        expect(all, `${template.id}/${language}`).not.toContain('{{');
      }
    }
  });
});

describe('sanitizeLureHtml', () => {
  it('removes scripts, event handlers and javascript: links, and says so', () => {
    const { html, removed } = sanitizeLureHtml('<p>Hi</p><script>alert(1)</script><img src="https://e.example/a.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a>');
    expect(html).toBe('<p>Hi</p><img src="https://e.example/a.png" /><a>x</a>');
    expect(removed).toEqual(['the <script> element', 'the onerror event handler on <img>', 'a javascript: address in <a href>']);
  });

  it('keeps safe inline styles and drops ones that could load something', () => {
    const { html } = sanitizeLureHtml('<td style="padding:4px 16px;color:#555555;background-image:url(https://e.example/x.png)">x</td>');
    expect(html).toContain('padding:4px 16px');
    expect(html).not.toContain('url(');
  });

  it('accepts only raster data: images', () => {
    expect(sanitizeLureHtml('<img src="data:image/png;base64,AAAA" alt="">').html).toContain('data:image/png');
    expect(sanitizeLureHtml('<img src="data:image/svg+xml;base64,AAAA" alt="">').html).toBe('');
    expect(sanitizeLureHtml('<a href="data:text/html,hi">x</a>').html).toBe('<a>x</a>');
  });
});
