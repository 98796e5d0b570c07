/**
 * The thank-you a person gets for forwarding a message to the reported-phish mailbox: short, warm
 * and plain. Reporting is the habit we want, so it is thanked whether the message was one of our
 * simulations (well spotted, nothing else to do) or not (the security team looks at it). Written
 * per language like the other system mails (training reminders); a language without a translation
 * here gets English.
 */

export type ThankYouKind = 'simulation' | 'suspicious';
export type ThankYou = { firstName: string | null; subject: string; organizationName: string };
type Mail = { subject: string; text: string };

const thankYouLanguages = ['en_us', 'fr_fr', 'de_de', 'es_es', 'pt_br', 'it_it', 'hi_in'] as const;
type ThankYouLanguage = (typeof thankYouLanguages)[number];

const templates: Record<ThankYouLanguage, Record<ThankYouKind, (m: ThankYou) => Mail>> = {
  en_us: {
    simulation: (m) => ({
      subject: `Well spotted: “${m.subject}” was a practice email`,
      text: [
        `Hello${m.firstName ? ` ${m.firstName}` : ''},`,
        '',
        `Thank you for reporting “${m.subject}”. Good news: it was one of the practice emails ${m.organizationName} sends to help everyone recognise phishing, and you spotted it.`,
        '',
        'You do not need to do anything else. You can delete the email.',
        '',
        'Reporting is exactly the right reflex: a real attack is stopped fastest when someone says so early. Please keep doing it whenever something feels off.',
        '',
        'Thank you for helping keep us safe.',
      ].join('\n'),
    }),
    suspicious: (m) => ({
      subject: `Thank you for reporting “${m.subject}”`,
      text: [
        `Hello${m.firstName ? ` ${m.firstName}` : ''},`,
        '',
        `Thank you for reporting “${m.subject}”. The security team of ${m.organizationName} will look at it.`,
        '',
        'Until you hear otherwise, please do not click its links, open its attachments or reply to it. If you have already done one of these, that is all right: tell your IT or security team now, so they can help quickly.',
        '',
        'Every report helps us stop attacks sooner. Thank you for taking the time.',
      ].join('\n'),
    }),
  },
  fr_fr: {
    simulation: (m) => ({
      subject: `Bien vu : « ${m.subject} » était un e-mail d’entraînement`,
      text: [
        `Bonjour${m.firstName ? ` ${m.firstName}` : ''},`,
        '',
        `Merci d’avoir signalé « ${m.subject} ». Bonne nouvelle : c’était l’un des e-mails d’entraînement que ${m.organizationName} envoie pour aider chacun à reconnaître l’hameçonnage, et vous l’avez repéré.`,
        '',
        'Vous n’avez rien d’autre à faire. Vous pouvez supprimer l’e-mail.',
        '',
        'Signaler est exactement le bon réflexe : une vraie attaque est arrêtée d’autant plus vite que quelqu’un la signale tôt. Continuez dès que quelque chose vous semble étrange.',
        '',
        'Merci de nous aider à rester en sécurité.',
      ].join('\n'),
    }),
    suspicious: (m) => ({
      subject: `Merci d’avoir signalé « ${m.subject} »`,
      text: [
        `Bonjour${m.firstName ? ` ${m.firstName}` : ''},`,
        '',
        `Merci d’avoir signalé « ${m.subject} ». L’équipe sécurité de ${m.organizationName} va l’examiner.`,
        '',
        'D’ici là, merci de ne pas cliquer sur ses liens, ne pas ouvrir ses pièces jointes et ne pas y répondre. Si vous l’avez déjà fait, ce n’est pas grave : prévenez maintenant votre équipe informatique ou sécurité, pour qu’elle puisse vous aider rapidement.',
        '',
        'Chaque signalement nous aide à arrêter les attaques plus tôt. Merci d’avoir pris ce temps.',
      ].join('\n'),
    }),
  },
  de_de: {
    simulation: (m) => ({
      subject: `Gut erkannt: „${m.subject}“ war eine Übungs-E-Mail`,
      text: [
        `Hallo${m.firstName ? ` ${m.firstName}` : ''},`,
        '',
        `danke, dass Sie „${m.subject}“ gemeldet haben. Gute Nachricht: Es war eine der Übungs-E-Mails, mit denen ${m.organizationName} allen hilft, Phishing zu erkennen – und Sie haben sie erkannt.`,
        '',
        'Sie müssen nichts weiter tun. Sie können die E-Mail löschen.',
        '',
        'Melden ist genau der richtige Reflex: Ein echter Angriff wird am schnellsten gestoppt, wenn jemand ihn früh meldet. Bitte bleiben Sie dabei, sobald Ihnen etwas seltsam vorkommt.',
        '',
        'Danke, dass Sie uns helfen, sicher zu bleiben.',
      ].join('\n'),
    }),
    suspicious: (m) => ({
      subject: `Danke für Ihre Meldung von „${m.subject}“`,
      text: [
        `Hallo${m.firstName ? ` ${m.firstName}` : ''},`,
        '',
        `danke, dass Sie „${m.subject}“ gemeldet haben. Das Sicherheitsteam von ${m.organizationName} sieht sich die Nachricht an.`,
        '',
        'Bis Sie etwas anderes hören, klicken Sie bitte keine Links darin an, öffnen Sie keine Anhänge und antworten Sie nicht. Falls Sie das schon getan haben, ist das in Ordnung: Sagen Sie es jetzt Ihrem IT- oder Sicherheitsteam, damit es schnell helfen kann.',
        '',
        'Jede Meldung hilft uns, Angriffe früher zu stoppen. Danke, dass Sie sich die Zeit genommen haben.',
      ].join('\n'),
    }),
  },
  es_es: {
    simulation: (m) => ({
      subject: `Bien visto: «${m.subject}» era un correo de práctica`,
      text: [
        `Hola${m.firstName ? ` ${m.firstName}` : ''}:`,
        '',
        `Gracias por informar de «${m.subject}». Buenas noticias: era uno de los correos de práctica que ${m.organizationName} envía para ayudar a todos a reconocer el phishing, y usted lo detectó.`,
        '',
        'No tiene que hacer nada más. Puede eliminar el correo.',
        '',
        'Informar es justo el reflejo adecuado: un ataque real se detiene antes cuando alguien avisa pronto. Siga haciéndolo siempre que algo le parezca raro.',
        '',
        'Gracias por ayudarnos a mantenernos seguros.',
      ].join('\n'),
    }),
    suspicious: (m) => ({
      subject: `Gracias por informar de «${m.subject}»`,
      text: [
        `Hola${m.firstName ? ` ${m.firstName}` : ''}:`,
        '',
        `Gracias por informar de «${m.subject}». El equipo de seguridad de ${m.organizationName} lo revisará.`,
        '',
        'Mientras tanto, no haga clic en sus enlaces, no abra sus adjuntos y no responda. Si ya lo ha hecho, no pasa nada: avise ahora a su equipo de informática o de seguridad para que pueda ayudarle rápidamente.',
        '',
        'Cada aviso nos ayuda a detener los ataques antes. Gracias por dedicarle su tiempo.',
      ].join('\n'),
    }),
  },
  pt_br: {
    simulation: (m) => ({
      subject: `Você acertou: “${m.subject}” era um e-mail de treinamento`,
      text: [
        `Olá${m.firstName ? `, ${m.firstName}` : ''},`,
        '',
        `Obrigado por denunciar “${m.subject}”. Boa notícia: era um dos e-mails de treinamento que ${m.organizationName} envia para ajudar todo mundo a reconhecer phishing, e você percebeu.`,
        '',
        'Você não precisa fazer mais nada. Pode excluir o e-mail.',
        '',
        'Denunciar é exatamente o reflexo certo: um ataque de verdade é contido mais rápido quando alguém avisa cedo. Continue fazendo isso sempre que algo parecer estranho.',
        '',
        'Obrigado por ajudar a manter todos nós em segurança.',
      ].join('\n'),
    }),
    suspicious: (m) => ({
      subject: `Obrigado por denunciar “${m.subject}”`,
      text: [
        `Olá${m.firstName ? `, ${m.firstName}` : ''},`,
        '',
        `Obrigado por denunciar “${m.subject}”. A equipe de segurança de ${m.organizationName} vai analisar a mensagem.`,
        '',
        'Até receber um retorno, não clique nos links, não abra os anexos e não responda à mensagem. Se você já fez alguma dessas coisas, tudo bem: avise agora a sua equipe de TI ou de segurança, para que ela possa ajudar rapidamente.',
        '',
        'Cada denúncia nos ajuda a deter ataques mais cedo. Obrigado por dedicar seu tempo a isso.',
      ].join('\n'),
    }),
  },
  it_it: {
    simulation: (m) => ({
      subject: `Ottimo occhio: «${m.subject}» era un’email di esercitazione`,
      text: [
        `Buongiorno${m.firstName ? ` ${m.firstName}` : ''},`,
        '',
        `grazie per aver segnalato «${m.subject}». Buone notizie: era una delle email di esercitazione che ${m.organizationName} invia per aiutare tutti a riconoscere il phishing, e l’ha riconosciuta.`,
        '',
        'Non deve fare nient’altro. Può eliminare l’email.',
        '',
        'Segnalare è proprio il riflesso giusto: un attacco vero si ferma più in fretta quando qualcuno dà l’allarme presto. Continui a farlo ogni volta che qualcosa non la convince.',
        '',
        'Grazie per aiutarci a restare al sicuro.',
      ].join('\n'),
    }),
    suspicious: (m) => ({
      subject: `Grazie per aver segnalato «${m.subject}»`,
      text: [
        `Buongiorno${m.firstName ? ` ${m.firstName}` : ''},`,
        '',
        `grazie per aver segnalato «${m.subject}». Il team di sicurezza di ${m.organizationName} esaminerà il messaggio.`,
        '',
        'Finché non riceve altre indicazioni, non clicchi sui link, non apra gli allegati e non risponda. Se ha già fatto una di queste cose, non si preoccupi: lo comunichi subito al suo team IT o di sicurezza, così potrà aiutarla rapidamente.',
        '',
        'Ogni segnalazione ci aiuta a fermare prima gli attacchi. Grazie per il tempo che ci ha dedicato.',
      ].join('\n'),
    }),
  },
  hi_in: {
    simulation: (m) => ({
      subject: `शाबाश: “${m.subject}” एक अभ्यास ईमेल था`,
      text: [
        `नमस्ते${m.firstName ? ` ${m.firstName}` : ''},`,
        '',
        `“${m.subject}” की रिपोर्ट करने के लिए धन्यवाद। अच्छी ख़बर: यह उन अभ्यास ईमेल में से एक था जो ${m.organizationName} सभी को फ़िशिंग पहचानने में मदद करने के लिए भेजता है, और आपने इसे पहचान लिया।`,
        '',
        'आपको और कुछ करने की ज़रूरत नहीं है। आप यह ईमेल मिटा सकते हैं।',
        '',
        'रिपोर्ट करना बिल्कुल सही आदत है: असली हमला सबसे जल्दी तब रुकता है जब कोई समय रहते बता देता है। जब भी कुछ अजीब लगे, ऐसे ही रिपोर्ट करते रहें।',
        '',
        'हम सबको सुरक्षित रखने में मदद करने के लिए धन्यवाद।',
      ].join('\n'),
    }),
    suspicious: (m) => ({
      subject: `“${m.subject}” की रिपोर्ट करने के लिए धन्यवाद`,
      text: [
        `नमस्ते${m.firstName ? ` ${m.firstName}` : ''},`,
        '',
        `“${m.subject}” की रिपोर्ट करने के लिए धन्यवाद। ${m.organizationName} की सुरक्षा टीम इसकी जाँच करेगी।`,
        '',
        'जब तक आपको आगे कुछ न बताया जाए, कृपया इसके लिंक पर क्लिक न करें, इसके अटैचमेंट न खोलें और इसका जवाब न दें। अगर आप इनमें से कुछ कर चुके हैं, तो कोई बात नहीं: अभी अपनी IT या सुरक्षा टीम को बताएँ, ताकि वे जल्दी मदद कर सकें।',
        '',
        'हर रिपोर्ट हमें हमलों को जल्दी रोकने में मदद करती है। समय निकालने के लिए धन्यवाद।',
      ].join('\n'),
    }),
  },
};

const isThankYouLanguage = (language: string | null): language is ThankYouLanguage => (thankYouLanguages as readonly string[]).includes(language ?? '');

/** A subject quoted inside ours: one line, not too long. */
const quotable = (subject: string) => {
  const line = subject.replace(/\s+/g, ' ').trim() || '(no subject)';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

/** The thank-you in the person's language (English when there is no translation). */
export const thankYouMail = (kind: ThankYouKind, language: string | null, message: ThankYou): Mail =>
  templates[isThankYouLanguage(language) ? language : 'en_us'][kind]({ ...message, subject: quotable(message.subject) });
