import PDFDocument from 'pdfkit';

export type CertificateFacts = Readonly<{
  personName: string;
  organizationName: string;
  moduleTitle: string;
  score: number;
  completedAt: Date;
  certificateId: string;
}>;

// The PDF's built-in fonts write Windows-1252; letters beyond it lose their accents rather than
// turning into wrong glyphs (Łukasz → Lukasz), and anything else left becomes '?'.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (text: string) =>
  [...text]
    .map((character) => {
      if (character.charCodeAt(0) < 0x100 || winAnsiExtras.has(character)) return character;
      const plain = character.normalize('NFD').replace(/\p{M}/gu, '').replace('Ł', 'L').replace('ł', 'l').replace('Đ', 'D').replace('đ', 'd');
      return [...plain].every((c) => c.charCodeAt(0) < 0x100) ? plain : '?';
    })
    .join('');

const formatDate = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * A one-page landscape certificate of completion: who, which module, the score, when, and the
 * certificate's id (which the organisation's records name too). `compress: false` keeps the text
 * readable in the file (tests read it back).
 */
export const renderCertificate = (facts: CertificateFacts, { compress = true } = {}) =>
  new Promise<Buffer>((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 56, compress, info: { Title: `Certificate of completion: ${printable(facts.moduleTitle)}`, Author: 'Vigil' } });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    const width = document.page.width - 112;
    document.lineWidth(3).strokeColor('#1a3d7c').rect(28, 28, document.page.width - 56, document.page.height - 56).stroke();
    document.moveDown(2).font('Helvetica').fontSize(14).fillColor('#4a5566').text('CERTIFICATE OF COMPLETION', { align: 'center', width, characterSpacing: 2 });
    document.moveDown(1.5).fontSize(13).text('This certifies that', { align: 'center', width });
    document.moveDown(0.5).font('Helvetica-Bold').fontSize(30).fillColor('#1b2330').text(printable(facts.personName), { align: 'center', width });
    document.moveDown(0.3).font('Helvetica').fontSize(13).fillColor('#4a5566').text(`of ${printable(facts.organizationName)}`, { align: 'center', width });
    document.moveDown(1).text('has completed the training', { align: 'center', width });
    document.moveDown(0.5).font('Helvetica-Bold').fontSize(22).fillColor('#1a3d7c').text(printable(facts.moduleTitle), { align: 'center', width });
    document.moveDown(1).font('Helvetica').fontSize(13).fillColor('#1b2330').text(`with a score of ${facts.score}% on ${formatDate(facts.completedAt)}`, { align: 'center', width });
    document.moveDown(3).fontSize(10).fillColor('#4a5566').text(`Certificate ID: ${facts.certificateId}`, { align: 'center', width });
    document.end();
  });
