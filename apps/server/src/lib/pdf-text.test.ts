import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { renderCertificate } from '../modules/training/learner/certificate-pdf.ts';
import { readPdfText } from '../test/pdf-text-reader.ts';
import { pdfTextRuns, writePdfText } from './pdf-text.ts';

const facts = { personName: 'Zofia Łukasiewicz', organizationName: 'Quillon Trial', moduleTitle: 'Phishing basics', score: 85, completedAt: new Date('2026-11-23T10:00:00Z'), certificateId: 'VC-ABCD-1234-EF56' };
const hindiTitle = 'फ़िशिंग की बुनियादी बातें: संदिग्ध लिंक कैसे पहचानें';

const pdfOf = (write: (document: PDFKit.PDFDocument) => void) =>
  new Promise<Buffer>((resolve) => {
    const document = new PDFDocument({ size: 'A4', margin: 50 });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    write(document);
    document.end();
  });

describe('pdfTextRuns', () => {
  it('keeps a string in one face while that face draws it, and changes face only where it must', () => {
    expect(pdfTextRuns('Plain words, 85%')).toEqual([{ font: 'vigil-noto-sans-latin-regular', text: 'Plain words, 85%' }]);
    // Ł is in the latin-ext subset only, which has no basic Latin letters.
    expect(pdfTextRuns('Zofia Łukasiewicz', 'bold')).toEqual([
      { font: 'vigil-noto-sans-latin-bold', text: 'Zofia ' },
      { font: 'vigil-noto-sans-latin-ext-bold', text: 'Ł' },
      { font: 'vigil-noto-sans-latin-bold', text: 'ukasiewicz' },
    ]);
    expect(pdfTextRuns('स्कोर 85%').map((run) => run.font)).toEqual(['vigil-noto-sans-devanagari-devanagari-regular', 'vigil-noto-sans-latin-regular']);
    expect(pdfTextRuns('Москва Αθήνα').map((run) => run.font)).toEqual(['vigil-noto-sans-cyrillic-regular', 'vigil-noto-sans-greek-regular']);
  });

  it('keeps a letter and its combining accent together, strips accents no face has, and draws U+FFFD for what no face has', () => {
    expect(pdfTextRuns('Ệ').map((run) => run.text).join('')).toBe('Ệ');
    expect(pdfTextRuns('e\u0301').map((run) => run.text).join('')).toBe('e\u0301');
    expect(pdfTextRuns('王 Li').map((run) => run.text).join('')).toBe('\uFFFD Li');
  });
});

describe('writePdfText', () => {
  it('writes every script the product meets, read back in logical order', async () => {
    const lines = ['Zofia Łukasiewicz', hindiTitle, 'Ứng Dụng Việt', 'Ελληνικά', 'Москва', 'Zoë Ødegård'];
    const pdf = await pdfOf((document) => lines.forEach((line) => writePdfText(document, line, { size: 14 })));
    expect(readPdfText(pdf).split('\n')).toEqual(lines);
  });

  it('wraps a long line within the width and continues on a new page past the bottom margin', async () => {
    const words = Array.from({ length: 400 }, (_, index) => `word${index}`).join(' ');
    const pdf = await pdfOf((document) => writePdfText(document, words, { size: 20, width: 300 }));
    const lines = readPdfText(pdf).split('\n');
    expect(lines.length).toBeGreaterThan(40);
    expect(lines.join(' ')).toBe(words);
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)!.length).toBeGreaterThan(1);
  });
});

describe('the certificate', () => {
  it('names a Polish learner with her Ł, in English by default', async () => {
    const text = readPdfText(await renderCertificate(facts));
    expect(text).toContain('Zofia Łukasiewicz');
    expect(text).toContain('with a score of 85% on November 23, 2026');
    expect(text).toContain('Certificate ID: VC-ABCD-1234-EF56');
  });

  it('is written in the language the lesson was taken in', async () => {
    expect(readPdfText(await renderCertificate({ ...facts, language: 'de_de' }))).toContain('mit einem Ergebnis von 85 % am 23. November 2026');
    expect(readPdfText(await renderCertificate({ ...facts, language: 'pt_br' }))).toContain('com pontuação de 85% em 23 de novembro de 2026');
  });

  it('is written in Hindi for a lesson taken in hi_in, and renders (looked at as a PNG when pdftoppm is installed)', async () => {
    const pdf = await renderCertificate({ ...facts, personName: 'प्रिया शर्मा', moduleTitle: hindiTitle, language: 'hi_in' });
    const text = readPdfText(pdf);
    expect(text.split('\n').slice(0, 2)).toEqual(['पूर्णता प्रमाणपत्र', 'यह प्रमाणित किया जाता है कि']);
    expect(text).toContain('प्रिया शर्मा');
    expect(text).toContain(hindiTitle);
    expect(text).toContain(`${facts.completedAt.toLocaleDateString('hi-IN', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })} को 85% अंकों के साथ`);
    expect(text).toContain('नवंबर');
    if (!existsSync('/usr/bin/pdftoppm')) return;
    const folder = mkdtempSync(join(tmpdir(), 'certificate-'));
    try {
      writeFileSync(join(folder, 'certificate.pdf'), pdf);
      execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '40', '-singlefile', join(folder, 'certificate.pdf'), join(folder, 'certificate')]);
      const png = readFileSync(join(folder, 'certificate.png'));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      if (process.env.CERTIFICATE_PNG) writeFileSync(process.env.CERTIFICATE_PNG, png);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
