import type { TemplateLanguage } from '@vigil/contracts';

/**
 * The words of the listener's own pages (the teachable moment, not found, slow down), server-side in
 * the seven learning languages. The pages are rendered on the phishing listener, which loads no
 * script, so they cannot use the web app's catalogues; this module is their one home, with what the
 * callback number says on the phone. `{company}` is filled in (escaped) by the page renderer or the
 * voice webhook.
 */
export type ListenerTexts = Readonly<{
  /** The `<html lang>` of the page. */
  htmlLang: string;
  /** What the callback number says to a caller (TwiML `<Say>` in `sayLanguage`, Twilio's code for the language). */
  voice: { sayLanguage: string; teachable: string; unknownCaller: string };
  notFound: { title: string; body: string };
  tooMany: { title: string; body: string };
  teachable: {
    title: string;
    lead: string;
    reassurance: string;
    redFlagsHeading: string;
    nextTimeHeading: string;
    nextTime: readonly string[];
    fullStory: string;
    fullStoryHint: string;
  };
}>;

export const listenerCatalogue: Readonly<Record<TemplateLanguage, ListenerTexts>> = {
  en_us: {
    htmlLang: 'en',
    voice: {
      sayLanguage: 'en-US',
      teachable:
        'Hello. This call was part of a security awareness test by {company}. The message that asked you to call this number was a simulated attack. Nothing has happened, and there is nothing you need to do. Next time a message asks you to call a number, check the number through a source you trust, such as your company directory, before you call. Thank you, and goodbye.',
      unknownCaller: 'Hello. This number belongs to a security awareness program and takes no calls. Goodbye.',
    },
    notFound: { title: 'Page not found', body: 'This link does not work, or it is no longer valid.' },
    tooMany: { title: 'Too many requests', body: 'Too many links were opened from your network. Wait a few minutes and try again.' },
    teachable: {
      title: 'This was a simulated phishing test',
      lead: 'This was a simulated phishing test by {company}.',
      reassurance: 'Nothing happened to your account or your device, and nothing you typed was kept. It was practice: the next message like this one could be real.',
      redFlagsHeading: 'The signs you could have spotted',
      nextTimeHeading: 'What to do next time',
      nextTime: [
        'Pause before you act. Urgency, surprise and pressure are the tools of an attack.',
        'Check the sender’s full address, and look where a link really leads before you open it.',
        'Never type your password on a page a message led you to. Open the site yourself instead.',
        'Report a suspicious message with the Report button, even after you have clicked.',
      ],
      fullStory: 'See the full story',
      fullStoryHint: 'Sign in to see what happened and how to spot the next one.',
    },
  },
  fr_fr: {
    htmlLang: 'fr',
    voice: {
      sayLanguage: 'fr-FR',
      teachable:
        'Bonjour. Cet appel faisait partie d’un test de sensibilisation à la sécurité organisé par {company}. Le message qui vous demandait d’appeler ce numéro était une attaque simulée. Il ne s’est rien passé, et vous n’avez rien à faire. La prochaine fois qu’un message vous demande d’appeler un numéro, vérifiez ce numéro auprès d’une source de confiance, comme l’annuaire de votre entreprise, avant d’appeler. Merci, et au revoir.',
      unknownCaller: 'Bonjour. Ce numéro appartient à un programme de sensibilisation à la sécurité et ne prend pas d’appels. Au revoir.',
    },
    notFound: { title: 'Page introuvable', body: 'Ce lien ne fonctionne pas ou n’est plus valide.' },
    tooMany: { title: 'Trop de requêtes', body: 'Trop de liens ont été ouverts depuis votre réseau. Patientez quelques minutes, puis réessayez.' },
    teachable: {
      title: 'Ceci était un test d’hameçonnage simulé',
      lead: 'Ceci était un test d’hameçonnage simulé organisé par {company}.',
      reassurance: 'Il n’est rien arrivé à votre compte ni à votre appareil, et rien de ce que vous avez saisi n’a été conservé. C’était un entraînement : le prochain message de ce type pourrait être réel.',
      redFlagsHeading: 'Les signes que vous auriez pu repérer',
      nextTimeHeading: 'Que faire la prochaine fois',
      nextTime: [
        'Prenez le temps avant d’agir. L’urgence, la surprise et la pression sont les outils d’une attaque.',
        'Vérifiez l’adresse complète de l’expéditeur et regardez où mène réellement un lien avant de l’ouvrir.',
        'Ne saisissez jamais votre mot de passe sur une page ouverte depuis un message. Ouvrez plutôt le site vous-même.',
        'Signalez un message suspect avec le bouton Signaler, même après avoir cliqué.',
      ],
      fullStory: 'Voir toute l’histoire',
      fullStoryHint: 'Connectez-vous pour voir ce qui s’est passé et comment repérer le prochain.',
    },
  },
  de_de: {
    htmlLang: 'de',
    voice: {
      sayLanguage: 'de-DE',
      teachable:
        'Guten Tag. Dieser Anruf war Teil eines Tests zur Sicherheitssensibilisierung von {company}. Die Nachricht, die Sie gebeten hat, diese Nummer anzurufen, war ein simulierter Angriff. Es ist nichts passiert, und Sie müssen nichts tun. Wenn eine Nachricht Sie das nächste Mal bittet, eine Nummer anzurufen, prüfen Sie die Nummer vorher über eine vertrauenswürdige Quelle, etwa das Telefonverzeichnis Ihres Unternehmens. Vielen Dank und auf Wiederhören.',
      unknownCaller: 'Guten Tag. Diese Nummer gehört zu einem Programm zur Sicherheitssensibilisierung und nimmt keine Anrufe entgegen. Auf Wiederhören.',
    },
    notFound: { title: 'Seite nicht gefunden', body: 'Dieser Link funktioniert nicht oder ist nicht mehr gültig.' },
    tooMany: { title: 'Zu viele Anfragen', body: 'Aus Ihrem Netzwerk wurden zu viele Links geöffnet. Warten Sie einige Minuten und versuchen Sie es erneut.' },
    teachable: {
      title: 'Dies war ein simulierter Phishing-Test',
      lead: 'Dies war ein simulierter Phishing-Test von {company}.',
      reassurance: 'Ihrem Konto und Ihrem Gerät ist nichts passiert, und nichts von dem, was Sie eingegeben haben, wurde gespeichert. Es war eine Übung: Die nächste Nachricht dieser Art könnte echt sein.',
      redFlagsHeading: 'Die Anzeichen, die Sie hätten erkennen können',
      nextTimeHeading: 'Was Sie beim nächsten Mal tun sollten',
      nextTime: [
        'Halten Sie inne, bevor Sie handeln. Dringlichkeit, Überraschung und Druck sind die Werkzeuge eines Angriffs.',
        'Prüfen Sie die vollständige Adresse des Absenders und sehen Sie nach, wohin ein Link wirklich führt, bevor Sie ihn öffnen.',
        'Geben Sie Ihr Passwort nie auf einer Seite ein, zu der Sie eine Nachricht geführt hat. Öffnen Sie die Website stattdessen selbst.',
        'Melden Sie eine verdächtige Nachricht mit der Schaltfläche „Melden“, auch wenn Sie bereits geklickt haben.',
      ],
      fullStory: 'Die ganze Geschichte ansehen',
      fullStoryHint: 'Melden Sie sich an, um zu sehen, was passiert ist und wie Sie die nächste erkennen.',
    },
  },
  es_es: {
    htmlLang: 'es',
    voice: {
      sayLanguage: 'es-ES',
      teachable:
        'Hola. Esta llamada formaba parte de una prueba de concienciación sobre seguridad de {company}. El mensaje que le pedía llamar a este número era un ataque simulado. No ha pasado nada y no tiene que hacer nada. La próxima vez que un mensaje le pida llamar a un número, compruebe el número en una fuente de confianza, como el directorio de su empresa, antes de llamar. Gracias y adiós.',
      unknownCaller: 'Hola. Este número pertenece a un programa de concienciación sobre seguridad y no atiende llamadas. Adiós.',
    },
    notFound: { title: 'Página no encontrada', body: 'Este enlace no funciona o ya no es válido.' },
    tooMany: { title: 'Demasiadas solicitudes', body: 'Se han abierto demasiados enlaces desde su red. Espere unos minutos y vuelva a intentarlo.' },
    teachable: {
      title: 'Esto ha sido una prueba de phishing simulada',
      lead: 'Esto ha sido una prueba de phishing simulada de {company}.',
      reassurance: 'No le ha pasado nada a su cuenta ni a su dispositivo, y no se ha guardado nada de lo que escribió. Era una práctica: el próximo mensaje como este podría ser real.',
      redFlagsHeading: 'Las señales que podría haber detectado',
      nextTimeHeading: 'Qué hacer la próxima vez',
      nextTime: [
        'Deténgase antes de actuar. La urgencia, la sorpresa y la presión son las herramientas de un ataque.',
        'Compruebe la dirección completa del remitente y mire adónde lleva realmente un enlace antes de abrirlo.',
        'No escriba nunca su contraseña en una página a la que le haya llevado un mensaje. Abra usted mismo el sitio.',
        'Notifique un mensaje sospechoso con el botón Notificar, incluso si ya ha hecho clic.',
      ],
      fullStory: 'Ver la historia completa',
      fullStoryHint: 'Inicie sesión para ver qué ha pasado y cómo detectar el próximo.',
    },
  },
  pt_br: {
    htmlLang: 'pt-BR',
    voice: {
      sayLanguage: 'pt-BR',
      teachable:
        'Olá. Esta ligação fazia parte de um teste de conscientização em segurança da {company}. A mensagem que pediu para você ligar para este número era um ataque simulado. Nada aconteceu, e você não precisa fazer nada. Da próxima vez que uma mensagem pedir para você ligar para um número, confirme o número em uma fonte confiável, como o diretório da sua empresa, antes de ligar. Obrigado, e até logo.',
      unknownCaller: 'Olá. Este número pertence a um programa de conscientização em segurança e não recebe ligações. Até logo.',
    },
    notFound: { title: 'Página não encontrada', body: 'Este link não funciona ou não é mais válido.' },
    tooMany: { title: 'Solicitações demais', body: 'Foram abertos links demais a partir da sua rede. Aguarde alguns minutos e tente novamente.' },
    teachable: {
      title: 'Este foi um teste de phishing simulado',
      lead: 'Este foi um teste de phishing simulado da {company}.',
      reassurance: 'Nada aconteceu com a sua conta nem com o seu dispositivo, e nada do que você digitou foi guardado. Foi um treino: a próxima mensagem como esta pode ser real.',
      redFlagsHeading: 'Os sinais que você poderia ter percebido',
      nextTimeHeading: 'O que fazer da próxima vez',
      nextTime: [
        'Pare antes de agir. Urgência, surpresa e pressão são as ferramentas de um ataque.',
        'Confira o endereço completo do remetente e veja para onde um link leva de verdade antes de abri-lo.',
        'Nunca digite sua senha em uma página aberta a partir de uma mensagem. Acesse o site você mesmo.',
        'Denuncie uma mensagem suspeita com o botão Denunciar, mesmo depois de ter clicado.',
      ],
      fullStory: 'Ver a história completa',
      fullStoryHint: 'Entre para ver o que aconteceu e como reconhecer a próxima.',
    },
  },
  hi_in: {
    htmlLang: 'hi',
    voice: {
      sayLanguage: 'hi-IN',
      teachable:
        'नमस्ते। यह कॉल {company} के सुरक्षा जागरूकता परीक्षण का हिस्सा थी। जिस संदेश ने आपसे इस नंबर पर कॉल करने को कहा था, वह एक नकली हमला था। कुछ नहीं हुआ है, और आपको कुछ करने की ज़रूरत नहीं है। अगली बार जब कोई संदेश आपसे किसी नंबर पर कॉल करने को कहे, तो कॉल करने से पहले उस नंबर को किसी भरोसेमंद स्रोत, जैसे अपनी कंपनी की निर्देशिका, से जाँच लें। धन्यवाद।',
      unknownCaller: 'नमस्ते। यह नंबर एक सुरक्षा जागरूकता कार्यक्रम का है और इस पर कॉल नहीं ली जातीं। धन्यवाद।',
    },
    notFound: { title: 'पेज नहीं मिला', body: 'यह लिंक काम नहीं करता, या अब मान्य नहीं है।' },
    tooMany: { title: 'बहुत अधिक अनुरोध', body: 'आपके नेटवर्क से बहुत अधिक लिंक खोले गए। कुछ मिनट रुकें और फिर से कोशिश करें।' },
    teachable: {
      title: 'यह एक सिम्युलेटेड फ़िशिंग परीक्षण था',
      lead: 'यह {company} द्वारा किया गया एक सिम्युलेटेड फ़िशिंग परीक्षण था।',
      reassurance: 'आपके खाते या डिवाइस को कुछ नहीं हुआ, और आपने जो कुछ टाइप किया वह सहेजा नहीं गया। यह अभ्यास था: अगला ऐसा संदेश असली हो सकता है।',
      redFlagsHeading: 'वे संकेत जिन्हें आप पहचान सकते थे',
      nextTimeHeading: 'अगली बार क्या करें',
      nextTime: [
        'कुछ करने से पहले रुकें। जल्दबाज़ी, आश्चर्य और दबाव हमले के औज़ार हैं।',
        'भेजने वाले का पूरा पता जाँचें, और लिंक खोलने से पहले देखें कि वह वास्तव में कहाँ ले जाता है।',
        'किसी संदेश से खुले पेज पर कभी अपना पासवर्ड न डालें। इसके बजाय साइट स्वयं खोलें।',
        'संदिग्ध संदेश की रिपोर्ट करें बटन से रिपोर्ट करें, भले ही आप क्लिक कर चुके हों।',
      ],
      fullStory: 'पूरी कहानी देखें',
      fullStoryHint: 'साइन इन करके देखें कि क्या हुआ और अगली बार इसे कैसे पहचानें।',
    },
  },
  it_it: {
    htmlLang: 'it',
    voice: {
      sayLanguage: 'it-IT',
      teachable:
        'Buongiorno. Questa chiamata faceva parte di un test di sensibilizzazione alla sicurezza di {company}. Il messaggio che ti chiedeva di chiamare questo numero era un attacco simulato. Non è successo nulla e non devi fare niente. La prossima volta che un messaggio ti chiede di chiamare un numero, verifica il numero con una fonte affidabile, come la rubrica della tua azienda, prima di chiamare. Grazie e arrivederci.',
      unknownCaller: 'Buongiorno. Questo numero appartiene a un programma di sensibilizzazione alla sicurezza e non riceve chiamate. Arrivederci.',
    },
    notFound: { title: 'Pagina non trovata', body: 'Questo link non funziona o non è più valido.' },
    tooMany: { title: 'Troppe richieste', body: 'Dalla tua rete sono stati aperti troppi link. Attendi qualche minuto e riprova.' },
    teachable: {
      title: 'Questo era un test di phishing simulato',
      lead: 'Questo era un test di phishing simulato di {company}.',
      reassurance: 'Al tuo account e al tuo dispositivo non è successo nulla, e nulla di ciò che hai digitato è stato conservato. Era un esercizio: il prossimo messaggio come questo potrebbe essere reale.',
      redFlagsHeading: 'I segnali che avresti potuto notare',
      nextTimeHeading: 'Cosa fare la prossima volta',
      nextTime: [
        'Fermati prima di agire. Urgenza, sorpresa e pressione sono gli strumenti di un attacco.',
        'Controlla l’indirizzo completo del mittente e guarda dove porta davvero un link prima di aprirlo.',
        'Non digitare mai la tua password in una pagina aperta da un messaggio. Apri tu stesso il sito.',
        'Segnala un messaggio sospetto con il pulsante Segnala, anche dopo aver cliccato.',
      ],
      fullStory: 'Scopri tutta la storia',
      fullStoryHint: 'Accedi per vedere cosa è successo e come riconoscere il prossimo.',
    },
  },
};

/** The texts for a language, English for any other. */
export const listenerTextsFor = (language: string): ListenerTexts => listenerCatalogue[language as TemplateLanguage] ?? listenerCatalogue.en_us;
