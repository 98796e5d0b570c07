import type { TrainingLanguage } from '@vigil/contracts';

/**
 * The reminder and escalation emails, in the seven languages lessons are written in: a short plain
 * text and the same as simple HTML. Friendly and to the point: one reminder before the due date,
 * one (now and then) after it, and a word to the manager when it is long past.
 */

/** What a reminder to the learner names. */
export type LearnerReminder = { firstName: string; lesson: string; due: string; minutes: number; url: string };
/** What the manager's email names. */
export type ManagerEscalation = { managerFirstName: string; person: string; lesson: string; due: string; daysOverdue: number };

/** A paragraph, or the link (shown on a line of its own, and as a link in the HTML). */
type Block = string | { link: string };
type Message = { subject: string; blocks: Block[] };

type LanguageTemplates = {
  /** BCP 47 locale the due date is written in. */
  locale: string;
  dueSoon: (m: LearnerReminder) => Message;
  overdue: (m: LearnerReminder) => Message;
  escalation: (m: ManagerEscalation) => Message;
};

export const reminderLanguages = ['en_us', 'fr_fr', 'de_de', 'es_es', 'pt_br', 'hi_in', 'it_it'] as const satisfies readonly TrainingLanguage[];
export type ReminderLanguage = (typeof reminderLanguages)[number];

const templates: Record<ReminderLanguage, LanguageTemplates> = {
  en_us: {
    locale: 'en-US',
    dueSoon: (m) => ({
      subject: `Reminder: “${m.lesson}” is due on ${m.due}`,
      blocks: [
        `Hello ${m.firstName},`,
        `This is a friendly reminder that your security-awareness lesson “${m.lesson}” is due on ${m.due}. It takes about ${m.minutes} minutes.`,
        'You can start or continue it here:',
        { link: m.url },
        'Thank you for taking the time.',
      ],
    }),
    overdue: (m) => ({
      subject: `“${m.lesson}” is past its due date`,
      blocks: [
        `Hello ${m.firstName},`,
        `Your security-awareness lesson “${m.lesson}” was due on ${m.due} and is not completed yet. It is not too late: it takes about ${m.minutes} minutes.`,
        'You can pick it up here:',
        { link: m.url },
        'Thank you.',
      ],
    }),
    escalation: (m) => ({
      subject: `${m.person} has not yet completed “${m.lesson}”`,
      blocks: [
        `Hello ${m.managerFirstName},`,
        `${m.person}, who reports to you, has not yet completed the security-awareness lesson “${m.lesson}”. It was due on ${m.due}, ${m.daysOverdue === 1 ? '1 day' : `${m.daysOverdue} days`} ago.`,
        `A short word of encouragement often helps. ${m.person} can find the lesson in Vigil under Trainings.`,
        'Thank you for your support.',
      ],
    }),
  },
  fr_fr: {
    locale: 'fr-FR',
    dueSoon: (m) => ({
      subject: `Rappel : « ${m.lesson} » est à terminer d’ici le ${m.due}`,
      blocks: [
        `Bonjour ${m.firstName},`,
        `Petit rappel : votre module de sensibilisation à la sécurité « ${m.lesson} » est à terminer d’ici le ${m.due}. Il dure environ ${m.minutes} minutes.`,
        'Vous pouvez le commencer ou le reprendre ici :',
        { link: m.url },
        'Merci de prendre ce temps.',
      ],
    }),
    overdue: (m) => ({
      subject: `« ${m.lesson} » a dépassé sa date d’échéance`,
      blocks: [
        `Bonjour ${m.firstName},`,
        `Votre module de sensibilisation à la sécurité « ${m.lesson} » était à terminer pour le ${m.due} et n’est pas encore terminé. Il n’est pas trop tard : il dure environ ${m.minutes} minutes.`,
        'Vous pouvez le reprendre ici :',
        { link: m.url },
        'Merci.',
      ],
    }),
    escalation: (m) => ({
      subject: `${m.person} n’a pas encore terminé « ${m.lesson} »`,
      blocks: [
        `Bonjour ${m.managerFirstName},`,
        `${m.person}, membre de votre équipe, n’a pas encore terminé le module de sensibilisation à la sécurité « ${m.lesson} ». Il était à terminer pour le ${m.due}, il y a ${m.daysOverdue} ${m.daysOverdue <= 1 ? 'jour' : 'jours'}.`,
        `Un mot d’encouragement aide souvent. ${m.person} trouvera le module dans Vigil, rubrique Formations.`,
        'Merci de votre soutien.',
      ],
    }),
  },
  de_de: {
    locale: 'de-DE',
    dueSoon: (m) => ({
      subject: `Erinnerung: „${m.lesson}“ ist bis zum ${m.due} fällig`,
      blocks: [
        `Hallo ${m.firstName},`,
        `eine kurze Erinnerung: Ihre Lerneinheit zur Sicherheitssensibilisierung „${m.lesson}“ ist bis zum ${m.due} fällig. Sie dauert etwa ${m.minutes} Minuten.`,
        'Hier können Sie sie beginnen oder fortsetzen:',
        { link: m.url },
        'Vielen Dank, dass Sie sich die Zeit nehmen.',
      ],
    }),
    overdue: (m) => ({
      subject: `Die Frist für „${m.lesson}“ ist abgelaufen`,
      blocks: [
        `Hallo ${m.firstName},`,
        `Ihre Lerneinheit zur Sicherheitssensibilisierung „${m.lesson}“ war bis zum ${m.due} fällig und ist noch nicht abgeschlossen. Es ist nicht zu spät: Sie dauert etwa ${m.minutes} Minuten.`,
        'Hier geht es weiter:',
        { link: m.url },
        'Vielen Dank.',
      ],
    }),
    escalation: (m) => ({
      subject: `${m.person} hat „${m.lesson}“ noch nicht abgeschlossen`,
      blocks: [
        `Hallo ${m.managerFirstName},`,
        `${m.person} aus Ihrem Team hat die Lerneinheit zur Sicherheitssensibilisierung „${m.lesson}“ noch nicht abgeschlossen. Sie war bis zum ${m.due} fällig, also vor ${m.daysOverdue === 1 ? '1 Tag' : `${m.daysOverdue} Tagen`}.`,
        `Ein kurzes ermutigendes Wort hilft oft. ${m.person} findet die Lerneinheit in Vigil unter „Schulungen“.`,
        'Vielen Dank für Ihre Unterstützung.',
      ],
    }),
  },
  es_es: {
    locale: 'es-ES',
    dueSoon: (m) => ({
      subject: `Recordatorio: «${m.lesson}» vence el ${m.due}`,
      blocks: [
        `Hola, ${m.firstName}:`,
        `Le recordamos que su lección de concienciación sobre seguridad «${m.lesson}» vence el ${m.due}. Dura unos ${m.minutes} minutos.`,
        'Puede empezarla o continuarla aquí:',
        { link: m.url },
        'Gracias por dedicarle su tiempo.',
      ],
    }),
    overdue: (m) => ({
      subject: `«${m.lesson}» ha superado su fecha límite`,
      blocks: [
        `Hola, ${m.firstName}:`,
        `Su lección de concienciación sobre seguridad «${m.lesson}» vencía el ${m.due} y aún no está completada. Todavía está a tiempo: dura unos ${m.minutes} minutos.`,
        'Puede retomarla aquí:',
        { link: m.url },
        'Gracias.',
      ],
    }),
    escalation: (m) => ({
      subject: `${m.person} aún no ha completado «${m.lesson}»`,
      blocks: [
        `Hola, ${m.managerFirstName}:`,
        `${m.person}, de su equipo, aún no ha completado la lección de concienciación sobre seguridad «${m.lesson}». Vencía el ${m.due}, hace ${m.daysOverdue === 1 ? '1 día' : `${m.daysOverdue} días`}.`,
        `Unas palabras de ánimo suelen ayudar. ${m.person} encontrará la lección en Vigil, en el apartado Formaciones.`,
        'Gracias por su apoyo.',
      ],
    }),
  },
  pt_br: {
    locale: 'pt-BR',
    dueSoon: (m) => ({
      subject: `Lembrete: “${m.lesson}” vence em ${m.due}`,
      blocks: [
        `Olá, ${m.firstName},`,
        `Este é um lembrete de que a sua lição de conscientização em segurança “${m.lesson}” vence em ${m.due}. Ela leva cerca de ${m.minutes} minutos.`,
        'Você pode começá-la ou continuá-la aqui:',
        { link: m.url },
        'Obrigado por dedicar esse tempo.',
      ],
    }),
    overdue: (m) => ({
      subject: `“${m.lesson}” passou do prazo`,
      blocks: [
        `Olá, ${m.firstName},`,
        `A sua lição de conscientização em segurança “${m.lesson}” venceu em ${m.due} e ainda não foi concluída. Ainda dá tempo: ela leva cerca de ${m.minutes} minutos.`,
        'Você pode retomá-la aqui:',
        { link: m.url },
        'Obrigado.',
      ],
    }),
    escalation: (m) => ({
      subject: `${m.person} ainda não concluiu “${m.lesson}”`,
      blocks: [
        `Olá, ${m.managerFirstName},`,
        `${m.person}, da sua equipe, ainda não concluiu a lição de conscientização em segurança “${m.lesson}”. O prazo era ${m.due}, há ${m.daysOverdue === 1 ? '1 dia' : `${m.daysOverdue} dias`}.`,
        `Uma palavra de incentivo costuma ajudar. ${m.person} encontra a lição no Vigil, em Treinamentos.`,
        'Obrigado pelo seu apoio.',
      ],
    }),
  },
  hi_in: {
    locale: 'hi-IN',
    dueSoon: (m) => ({
      subject: `अनुस्मारक: “${m.lesson}” ${m.due} तक पूरा करना है`,
      blocks: [
        `नमस्ते ${m.firstName},`,
        `यह एक अनुस्मारक है कि आपका सुरक्षा-जागरूकता पाठ “${m.lesson}” ${m.due} तक पूरा करना है। इसमें लगभग ${m.minutes} मिनट लगते हैं।`,
        'आप इसे यहाँ शुरू कर सकते हैं या जारी रख सकते हैं:',
        { link: m.url },
        'समय निकालने के लिए धन्यवाद।',
      ],
    }),
    overdue: (m) => ({
      subject: `“${m.lesson}” की नियत तारीख निकल चुकी है`,
      blocks: [
        `नमस्ते ${m.firstName},`,
        `आपका सुरक्षा-जागरूकता पाठ “${m.lesson}” ${m.due} तक पूरा करना था और अभी पूरा नहीं हुआ है। अभी भी देर नहीं हुई है: इसमें लगभग ${m.minutes} मिनट लगते हैं।`,
        'आप इसे यहाँ जारी रख सकते हैं:',
        { link: m.url },
        'धन्यवाद।',
      ],
    }),
    escalation: (m) => ({
      subject: `${m.person} ने अभी तक “${m.lesson}” पूरा नहीं किया है`,
      blocks: [
        `नमस्ते ${m.managerFirstName},`,
        `आपकी टीम के ${m.person} ने अभी तक सुरक्षा-जागरूकता पाठ “${m.lesson}” पूरा नहीं किया है। इसकी नियत तारीख ${m.due} थी, यानी ${m.daysOverdue} दिन पहले।`,
        `प्रोत्साहन के दो शब्द अक्सर मदद करते हैं। ${m.person} यह पाठ Vigil में प्रशिक्षण अनुभाग में पा सकते हैं।`,
        'आपके सहयोग के लिए धन्यवाद।',
      ],
    }),
  },
  it_it: {
    locale: 'it-IT',
    dueSoon: (m) => ({
      subject: `Promemoria: «${m.lesson}» è da completare entro il ${m.due}`,
      blocks: [
        `Buongiorno ${m.firstName},`,
        `le ricordiamo che la lezione di sensibilizzazione sulla sicurezza «${m.lesson}» è da completare entro il ${m.due}. Dura circa ${m.minutes} minuti.`,
        'Può iniziarla o riprenderla qui:',
        { link: m.url },
        'Grazie per il tempo che vi dedica.',
      ],
    }),
    overdue: (m) => ({
      subject: `La scadenza di «${m.lesson}» è passata`,
      blocks: [
        `Buongiorno ${m.firstName},`,
        `la lezione di sensibilizzazione sulla sicurezza «${m.lesson}» era da completare entro il ${m.due} e non è ancora conclusa. Non è troppo tardi: dura circa ${m.minutes} minuti.`,
        'Può riprenderla qui:',
        { link: m.url },
        'Grazie.',
      ],
    }),
    escalation: (m) => ({
      subject: `${m.person} non ha ancora completato «${m.lesson}»`,
      blocks: [
        `Buongiorno ${m.managerFirstName},`,
        `${m.person}, del suo team, non ha ancora completato la lezione di sensibilizzazione sulla sicurezza «${m.lesson}». La scadenza era il ${m.due}, ${m.daysOverdue === 1 ? '1 giorno' : `${m.daysOverdue} giorni`} fa.`,
        `Una parola di incoraggiamento spesso aiuta. ${m.person} trova la lezione in Vigil, nella sezione Formazione.`,
        'Grazie per il suo supporto.',
      ],
    }),
  },
};

/** The language of a person's emails: their preferred one when lessons exist in it, else English. */
export const reminderLanguageOf = (preferred: string | null | undefined): ReminderLanguage =>
  (reminderLanguages as readonly string[]).includes(preferred ?? '') ? (preferred as ReminderLanguage) : 'en_us';

/** A date as a reader of `language` writes it ("November 25, 2026", "25 novembre 2026"), in their time zone. */
export const formatDueDate = (date: Date, language: ReminderLanguage, timeZone: string | null | undefined): string => {
  const { locale } = templates[language];
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: timeZone ?? 'UTC' }).format(date);
  } catch {
    // An unknown time zone in the person's row: the date in UTC rather than no email.
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  }
};

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export type RenderedMail = { subject: string; text: string; html: string };

const render = ({ subject, blocks }: Message, language: ReminderLanguage): RenderedMail => ({
  subject,
  text: `${blocks.map((block) => (typeof block === 'string' ? block : block.link)).join('\n\n')}\n`,
  html: `<!doctype html><html lang="${templates[language].locale}"><body>${blocks
    .map((block) => (typeof block === 'string' ? `<p>${escapeHtml(block)}</p>` : `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.link)}</a></p>`))
    .join('')}</body></html>`,
});

export const dueSoonMail = (language: ReminderLanguage, message: LearnerReminder) => render(templates[language].dueSoon(message), language);
export const overdueMail = (language: ReminderLanguage, message: LearnerReminder) => render(templates[language].overdue(message), language);
export const escalationMail = (language: ReminderLanguage, message: ManagerEscalation) => render(templates[language].escalation(message), language);
