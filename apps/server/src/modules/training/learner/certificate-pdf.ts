import PDFDocument from 'pdfkit';
import { writePdfText } from '../../../lib/pdf-text.ts';

export type CertificateFacts = Readonly<{
  personName: string;
  organizationName: string;
  moduleTitle: string;
  score: number;
  completedAt: Date;
  certificateId: string;
}>;

const formatDate = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * A one-page landscape certificate of completion: who, which module, the score, when, and the
 * certificate's id (which the organisation's records name too). Names and titles are written in
 * Noto Sans whatever their script (lib/pdf-text.ts): a Polish name keeps its Ł, a lesson taken in
 * Hindi keeps its Hindi title. `compress: false` keeps the content readable in the file.
 */
export const renderCertificate = (facts: CertificateFacts, { compress = true } = {}) =>
  new Promise<Buffer>((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 56, compress, info: { Title: `Certificate of completion: ${facts.moduleTitle}`, Author: 'Vigil' } });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    const centred = { align: 'center', width: document.page.width - 112 } as const;
    document.lineWidth(3).strokeColor('#1a3d7c').rect(28, 28, document.page.width - 56, document.page.height - 56).stroke();
    document.moveDown(2).fillColor('#4a5566');
    writePdfText(document, 'CERTIFICATE OF COMPLETION', { ...centred, size: 14, characterSpacing: 2 });
    document.moveDown(1.5);
    writePdfText(document, 'This certifies that', { ...centred, size: 13 });
    document.moveDown(0.5).fillColor('#1b2330');
    writePdfText(document, facts.personName, { ...centred, size: 30, weight: 'bold' });
    document.moveDown(0.3).fillColor('#4a5566');
    writePdfText(document, `of ${facts.organizationName}`, { ...centred, size: 13 });
    document.moveDown(1);
    writePdfText(document, 'has completed the training', { ...centred, size: 13 });
    document.moveDown(0.5).fillColor('#1a3d7c');
    writePdfText(document, facts.moduleTitle, { ...centred, size: 22, weight: 'bold' });
    document.moveDown(1).fillColor('#1b2330');
    writePdfText(document, `with a score of ${facts.score}% on ${formatDate(facts.completedAt)}`, { ...centred, size: 13 });
    document.moveDown(3).fillColor('#4a5566');
    writePdfText(document, `Certificate ID: ${facts.certificateId}`, { ...centred, size: 10 });
    document.end();
  });
