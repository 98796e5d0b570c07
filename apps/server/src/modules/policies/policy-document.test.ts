import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/secrets.ts';
import { documentSha256, pdfProblem, policyPdfFileName, renderPolicyMarkdown, signPolicyPdfUrl, verifyPolicyPdfSignature } from './policy-document.ts';

const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`, 'latin1');

describe('pdfProblem', () => {
  it.each([
    ['a PDF', pdf('1 0 obj\n<<>>\nendobj'), undefined],
    ['a PDF 2.0', Buffer.from('%PDF-2.0\n%%EOF'), undefined],
    ['nothing', Buffer.alloc(0), 'is empty: choose a PDF file'],
    ['HTML named .pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'must be a PDF document (it does not start with a PDF header)'],
    ['a header with no version', Buffer.from('%PDF-x.y\n%%EOF'), 'must be a PDF document (it does not start with a PDF header)'],
    ['a PDF after other bytes', Buffer.concat([Buffer.from('MZ'), pdf('')]), 'must be a PDF document (it does not start with a PDF header)'],
    ['a cut-off upload', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\n'), 'must be a complete PDF document (it has no end-of-file marker: was the upload cut short?)'],
  ])('%s', (_name, bytes, problem) => {
    expect(pdfProblem(bytes)).toBe(problem);
  });

  it('refuses more than 10 MB', () => {
    expect(pdfProblem(Buffer.concat([pdf(''), Buffer.alloc(10 * 1024 * 1024)]))).toBe('must be at most 10 MB');
  });
});

describe('renderPolicyMarkdown', () => {
  it('keeps structure and text, and drops script, handlers, styles, frames, images and unsafe links', () => {
    const html = renderPolicyMarkdown(
      '## Rules\n\n- **One** <span style="color:red" onclick="x()">two</span>\n\n<script>steal()</script>\n\n<iframe src="https://evil.example"></iframe>\n\n![pixel](https://tracker.example/p.gif)\n\n[a](javascript:alert(1)) [b](https://ok.example/) [c](mailto:it@northwind.example)',
    );
    expect(html).toBe(
      '<h2>Rules</h2>\n<ul>\n<li><strong>One</strong> two</li>\n</ul>\n<p></p>\n<p><a target="_blank" rel="noopener noreferrer">a</a> <a href="https://ok.example/" target="_blank" rel="noopener noreferrer">b</a> <a href="mailto:it@northwind.example" target="_blank" rel="noopener noreferrer">c</a></p>',
    );
  });
});

describe('signed PDF addresses', () => {
  const secrets = createSecretBox(Buffer.alloc(32, 7));
  const version = { organizationId: '00000000-0000-4000-8000-000000000001', id: '00000000-0000-4000-8000-000000000002' };
  const now = new Date('2026-03-01T10:00:00Z');

  it('verify for their organisation and version until they expire', () => {
    const url = new URL(signPolicyPdfUrl(secrets, version, now), 'https://vigil.example');
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature')!;
    expect(url.pathname).toBe(`/policy-documents/${version.organizationId}/${version.id}.pdf`);
    expect(verifyPolicyPdfSignature(secrets, version, expires, signature, now)).toBe(true);
    expect(verifyPolicyPdfSignature(secrets, { ...version, organizationId: '00000000-0000-4000-8000-000000000003' }, expires, signature, now)).toBe(false);
    expect(verifyPolicyPdfSignature(secrets, version, expires + 60, signature, now)).toBe(false);
    expect(verifyPolicyPdfSignature(secrets, version, expires, signature, new Date(expires * 1000 + 1))).toBe(false);
  });
});

describe('policyPdfFileName and documentSha256', () => {
  it('names a download by the title’s letters and the version, nothing else', () => {
    expect(policyPdfFileName('Política de Segurança "v2"\r\nX-Header: 1', 3)).toBe('politica-de-seguranca-v2-x-header-1-v3.pdf');
    expect(policyPdfFileName('数据', 1)).toBe('policy-v1.pdf');
  });

  it('hashes the bytes in hex', () => {
    expect(documentSha256(Buffer.from('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
