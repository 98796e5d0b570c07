import type { TrainingLanguage } from '@vigil/contracts';
import { writePdfText } from '../../../lib/pdf-text.ts';
import { certificateTexts } from './certificate-texts.ts';
import { renderPdf } from '../../../lib/pdf-document.ts';

export type CertificateFacts = Readonly<{
  personName: string;
  organizationName: string;
  moduleTitle: string;
  score: number;
  completedAt: Date;
  certificateId: string;
  /** The language the lesson was taken in: the certificate is written in it (English by default). */
  language?: TrainingLanguage;
}>;

/**
 * A one-page landscape certificate of completion: who, which module, the score, when, and the
 * certificate's id (which the organisation's records name too), in the language the lesson was
 * taken in. Everything is written in Noto Sans whatever its script (lib/pdf-text.ts): a Polish name
 * keeps its Ł, a lesson taken in Hindi gives a Hindi certificate. `compress: false` keeps the
 * content readable in the file.
 */
export const renderCertificate = (facts: CertificateFacts, { compress = true } = {}) => {
  const words = certificateTexts[facts.language ?? 'en_us'];
  const date = facts.completedAt.toLocaleDateString(words.locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return renderPdf({ size: 'A4', layout: 'landscape', margin: 56, compress, lang: words.locale, info: { Title: `${words.heading}: ${facts.moduleTitle}`, Author: 'Vigil' } }, (document) => {
    const centred = { align: 'center', width: document.page.width - 112 } as const;
    document.lineWidth(3).strokeColor('#1a3d7c').rect(28, 28, document.page.width - 56, document.page.height - 56).stroke();
    document.moveDown(2).fillColor('#4a5566');
    writePdfText(document, words.heading, { ...centred, size: 14, characterSpacing: words.connected ? 0 : 2 });
    document.moveDown(1.5);
    writePdfText(document, words.certifies, { ...centred, size: 13 });
    document.moveDown(0.5).fillColor('#1b2330');
    writePdfText(document, facts.personName, { ...centred, size: 30, weight: 'bold' });
    document.moveDown(0.3).fillColor('#4a5566');
    writePdfText(document, words.organization(facts.organizationName), { ...centred, size: 13 });
    document.moveDown(1);
    writePdfText(document, words.completed, { ...centred, size: 13 });
    document.moveDown(0.5).fillColor('#1a3d7c');
    writePdfText(document, facts.moduleTitle, { ...centred, size: 22, weight: 'bold' });
    document.moveDown(1).fillColor('#1b2330');
    writePdfText(document, words.score(facts.score, date), { ...centred, size: 13 });
    document.moveDown(3).fillColor('#4a5566');
    writePdfText(document, words.id(facts.certificateId), { ...centred, size: 10 });
  });
};
