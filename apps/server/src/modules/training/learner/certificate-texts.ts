import type { TrainingLanguage } from '@vigil/contracts';

/**
 * The certificate's words in the seven languages lessons are taken in, so a lesson taken in Hindi
 * gives a Hindi certificate. `connected`: the script joins its letters (Devanagari's headline), so
 * the heading is not letter-spaced.
 */
export type CertificateTexts = Readonly<{
  locale: string;
  connected?: boolean;
  heading: string;
  certifies: string;
  organization: (name: string) => string;
  completed: string;
  score: (score: number, date: string) => string;
  id: (id: string) => string;
}>;

export const certificateTexts: Record<TrainingLanguage, CertificateTexts> = {
  en_us: {
    locale: 'en-US',
    heading: 'CERTIFICATE OF COMPLETION',
    certifies: 'This certifies that',
    organization: (name) => `of ${name}`,
    completed: 'has completed the training',
    score: (score, date) => `with a score of ${score}% on ${date}`,
    id: (id) => `Certificate ID: ${id}`,
  },
  fr_fr: {
    locale: 'fr-FR',
    heading: 'ATTESTATION DE FORMATION',
    certifies: 'Le présent document atteste que',
    organization: (name) => `Organisation : ${name}`,
    completed: 'a suivi avec succès la formation',
    score: (score, date) => `avec un score de ${score} % le ${date}`,
    id: (id) => `Numéro de l’attestation : ${id}`,
  },
  de_de: {
    locale: 'de-DE',
    heading: 'ABSCHLUSSZERTIFIKAT',
    certifies: 'Hiermit wird bestätigt, dass',
    organization: (name) => `Organisation: ${name}`,
    completed: 'die Schulung abgeschlossen hat',
    score: (score, date) => `mit einem Ergebnis von ${score} % am ${date}`,
    id: (id) => `Zertifikats-ID: ${id}`,
  },
  es_es: {
    locale: 'es-ES',
    heading: 'CERTIFICADO DE FINALIZACIÓN',
    certifies: 'Se certifica que',
    organization: (name) => `Organización: ${name}`,
    completed: 'ha completado la formación',
    score: (score, date) => `con una puntuación del ${score} % el ${date}`,
    id: (id) => `ID del certificado: ${id}`,
  },
  pt_br: {
    locale: 'pt-BR',
    heading: 'CERTIFICADO DE CONCLUSÃO',
    certifies: 'Certificamos que',
    organization: (name) => `Organização: ${name}`,
    completed: 'concluiu o treinamento',
    score: (score, date) => `com pontuação de ${score}% em ${date}`,
    id: (id) => `ID do certificado: ${id}`,
  },
  hi_in: {
    locale: 'hi-IN',
    connected: true,
    heading: 'पूर्णता प्रमाणपत्र',
    certifies: 'यह प्रमाणित किया जाता है कि',
    organization: (name) => `संगठन: ${name}`,
    completed: 'ने यह प्रशिक्षण पूरा किया है',
    score: (score, date) => `${date} को ${score}% अंकों के साथ`,
    id: (id) => `प्रमाणपत्र आईडी: ${id}`,
  },
  it_it: {
    locale: 'it-IT',
    heading: 'ATTESTATO DI COMPLETAMENTO',
    certifies: 'Si attesta che',
    organization: (name) => `Organizzazione: ${name}`,
    completed: 'ha completato la formazione',
    score: (score, date) => `con un punteggio del ${score}% il ${date}`,
    id: (id) => `ID dell’attestato: ${id}`,
  },
};
