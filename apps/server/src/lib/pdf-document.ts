import PDFDocument from 'pdfkit';

/** Draws a PDF with pdfkit and resolves with its bytes once written (rejects with what went wrong). */
export const renderPdf = (options: PDFKit.PDFDocumentOptions, draw: (document: PDFKit.PDFDocument) => void) =>
  new Promise<Buffer>((resolve, reject) => {
    const document = new PDFDocument(options);
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    try {
      draw(document);
      document.end();
    } catch (error) {
      reject(error);
    }
  });
