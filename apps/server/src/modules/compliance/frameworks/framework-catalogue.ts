import type { AttackVector, ComplianceClause, ComplianceFrameworkId } from '@vigil/contracts';

/**
 * A framework whose clauses ask for security awareness training, as Vigil reads it. The clause texts
 * are our plain-language paraphrase of what each clause asks (never the standard's own words, which
 * are copyrighted) and how Vigil's records answer it. `moduleSlugs` are the built-in lessons
 * (content/training-modules/<slug>) the framework honestly implies; `simulationVectors` the simulated
 * attacks of the phishing programmes that evidence its social engineering clauses.
 */
export type FrameworkDefinition = Readonly<{
  id: ComplianceFrameworkId;
  name: string;
  shortName: string;
  edition: string;
  summary: string;
  clauses: readonly ComplianceClause[];
  guidance: readonly string[];
  moduleSlugs: readonly string[];
  simulationVectors: readonly AttackVector[];
  /** Every framework here asks for yearly refreshers; those that say "on hire" also get the on-hire rule. */
  cadence: Readonly<{ annual: boolean; onHire: boolean; periodMonths: number }>;
}>;

const annualAndOnHire = { annual: true, onHire: true, periodMonths: 12 } as const;

// The evidence every framework can lean on, said once.
const records =
  'Every assignment, start, pass and failure is recorded with its date, score, attempts and the version of the module passed, kept for the retention period, and exported in the evidence pack (PDF summary and CSV of completions).';
const cadenceRules = 'Choosing the framework creates cadence rules: every active person is assigned its modules every year, and new hires on their start date, due within the new-hire window.';

export const frameworkCatalogue: readonly FrameworkDefinition[] = [
  {
    id: 'iso27001',
    name: 'ISO/IEC 27001:2022',
    shortName: 'ISO 27001',
    edition: 'ISO/IEC 27001:2022, Annex A (controls described in ISO/IEC 27002:2022)',
    summary: 'The information security management system standard. Its Annex A control on awareness asks that everyone in scope is made aware, educated and trained for their role, and kept up to date.',
    clauses: [
      {
        reference: 'A.6.3',
        title: 'Information security awareness, education and training',
        asks: 'Staff, and other parties where relevant, receive awareness, education and training suited to their job, plus regular updates on the policies and procedures that concern them.',
        evidence: `${cadenceRules} ${records}`,
      },
      {
        reference: 'Clause 7.2 and 7.3',
        title: 'Competence and awareness',
        asks: 'The organisation decides what competence people need, makes sure they have it (through training, among others), keeps documented evidence of it, and makes people aware of the policy and their part in it.',
        evidence: `Per-person status against the required modules shows who is competent now; ${records.charAt(0).toLowerCase()}${records.slice(1)}`,
      },
    ],
    guidance: ['ISO/IEC 27002:2022, 6.3 (guidance for the control)'],
    moduleSlugs: ['phishing-basics', 'passwords', 'incident-reporting', 'data-classification', 'file-sharing', 'remote-work', 'physical-security'],
    simulationVectors: ['email-link', 'credential-harvest', 'attachment-html'],
    cadence: annualAndOnHire,
  },
  {
    id: 'nist-800-53',
    name: 'NIST SP 800-53 Rev. 5',
    shortName: 'NIST 800-53',
    edition: 'NIST Special Publication 800-53 Revision 5, Awareness and Training (AT) family',
    summary: 'The US federal catalogue of security and privacy controls. The AT family asks for literacy training for every user, role-based training, and records of both.',
    clauses: [
      {
        reference: 'AT-2',
        title: 'Literacy training and awareness',
        asks: 'All users get security and privacy literacy training when they join, at a set frequency afterwards, and when systems change or events call for it; the content is kept current and lessons learned from incidents feed into it.',
        evidence: `${cadenceRules} Remedial lessons are assigned automatically after a simulated failure.`,
      },
      {
        reference: 'AT-2(2)',
        title: 'Insider threat',
        asks: 'The training covers how to recognise and report possible signs of an insider threat.',
        evidence: 'The insider-risk lesson (recognising and reporting warning signs) is among the required modules.',
      },
      {
        reference: 'AT-2(3)',
        title: 'Social engineering and mining',
        asks: 'The training covers how to recognise and report social engineering, and attempts to gather information through it (social mining).',
        evidence: 'Lessons on phishing, lookalike domains, scam texts and calls, payment fraud, deepfakes and social media oversharing; phishing programmes test it with simulated email, SMS, QR and callback attacks.',
      },
      {
        reference: 'AT-3',
        title: 'Role-based training',
        asks: 'People with security or privacy roles get training for their role before they are given access or duties, when systems change, and at a set frequency.',
        evidence: 'Modules can be assigned to departments, a manager\u2019s team or named people on their own cadence; own modules (video or SCORM) carry role-specific content.',
      },
      {
        reference: 'AT-4',
        title: 'Training records',
        asks: 'Individual training activity is documented and monitored, and the records are kept for a defined period.',
        evidence: `${records} The retention period is set in the compliance settings.`,
      },
    ],
    guidance: ['NIST SP 800-50 Rev. 1 (2024), Building a Cybersecurity and Privacy Learning Program'],
    moduleSlugs: ['phishing-basics', 'lookalike-domains', 'smishing-vishing', 'bec-payment-fraud', 'deepfakes', 'social-media', 'insider-risk', 'passwords', 'incident-reporting'],
    simulationVectors: ['email-link', 'credential-harvest', 'reply', 'qr-code', 'sms', 'callback'],
    cadence: annualAndOnHire,
  },
  {
    id: 'pci-dss',
    name: 'PCI DSS v4.0.1',
    shortName: 'PCI DSS',
    edition: 'Payment Card Industry Data Security Standard v4.0.1, Requirement 12.6',
    summary: 'The card industry\u2019s security standard. Requirement 12.6 asks for a formal awareness programme, reviewed yearly, with training on hire and every year that covers phishing, social engineering and acceptable use.',
    clauses: [
      {
        reference: '12.6.1',
        title: 'A formal security awareness programme',
        asks: 'A formal programme makes all personnel aware of the security policy and procedures and of their part in protecting cardholder data.',
        evidence: 'The chosen framework, its required modules, cadence rules and phishing programmes are the programme; the evidence pack summarises it.',
      },
      {
        reference: '12.6.2',
        title: 'Programme reviewed at least every 12 months',
        asks: 'The programme is reviewed at least once every 12 months and updated for new threats and weaknesses.',
        evidence: 'Module versions are recorded with each pass, so the pack shows which content people took; the reviewer records the yearly review outside Vigil (e.g. a dated policy version).',
      },
      {
        reference: '12.6.3',
        title: 'Training on hire and at least every 12 months',
        asks: 'Personnel receive awareness training when hired and at least once every 12 months, and acknowledge at least yearly that they have read and understood the security policy and procedures.',
        evidence: `${cadenceRules} Policy acknowledgements are recorded per version.`,
      },
      {
        reference: '12.6.3.1',
        title: 'Phishing and social engineering',
        asks: 'The training covers threats that could affect cardholder data, including phishing and related attacks and social engineering.',
        evidence: 'Lessons on phishing, lookalike domains, payment fraud and business email compromise, scam texts and calls and QR phishing; phishing programmes test them.',
      },
      {
        reference: '12.6.3.2',
        title: 'Acceptable use of end-user technologies',
        asks: 'The training covers the acceptable use of end-user technologies, in line with the organisation\u2019s acceptable use policy.',
        evidence: 'Lessons on remote work, public Wi-Fi and file sharing; the acceptable use policy itself can be published for acknowledgement.',
      },
    ],
    guidance: ['PCI SSC, Information Supplement: Best Practices for Implementing a Security Awareness Program'],
    moduleSlugs: ['phishing-basics', 'lookalike-domains', 'bec-payment-fraud', 'smishing-vishing', 'qr-phishing', 'remote-work', 'public-wifi', 'file-sharing'],
    simulationVectors: ['email-link', 'credential-harvest', 'reply', 'attachment-html', 'attachment-pdf'],
    cadence: annualAndOnHire,
  },
  {
    id: 'hipaa',
    name: 'HIPAA Security Rule',
    shortName: 'HIPAA',
    edition: '45 CFR 164.308(a)(5), administrative safeguards; documentation kept 6 years (164.316(b)(2))',
    summary: 'The US rule protecting electronic health information. It asks for a security awareness and training programme for the whole workforce, management included, with four implementation specifications.',
    clauses: [
      {
        reference: '164.308(a)(5)(i)',
        title: 'Security awareness and training',
        asks: 'A security awareness and training programme for all members of the workforce, management included.',
        evidence: `${cadenceRules} ${records}`,
      },
      {
        reference: '164.308(a)(5)(ii)(A)',
        title: 'Security reminders',
        asks: 'Periodic security updates and reminders reach the workforce.',
        evidence: 'Yearly refreshers, reminder emails before and after due dates, and recurring phishing simulations with a heads-up page after a failure.',
      },
      {
        reference: '164.308(a)(5)(ii)(B)',
        title: 'Protection from malicious software',
        asks: 'Procedures to guard against, detect and report malicious software.',
        evidence: 'The ransomware and phishing lessons (malicious attachments and links), tested by simulated attachments.',
      },
      {
        reference: '164.308(a)(5)(ii)(C)',
        title: 'Log-in monitoring',
        asks: 'Procedures to monitor log-in attempts and report discrepancies.',
        evidence: 'The MFA fatigue lesson teaches people to refuse and report sign-in prompts they did not start.',
      },
      {
        reference: '164.308(a)(5)(ii)(D)',
        title: 'Password management',
        asks: 'Procedures for creating, changing and safeguarding passwords.',
        evidence: 'The passwords and password managers lesson and the passkeys lesson.',
      },
    ],
    guidance: ['NIST SP 800-66 Rev. 2 (2024), Implementing the HIPAA Security Rule'],
    moduleSlugs: ['phishing-basics', 'ransomware', 'mfa-fatigue', 'passwords', 'passkeys', 'incident-reporting', 'data-classification'],
    simulationVectors: ['email-link', 'credential-harvest', 'attachment-html', 'attachment-pdf'],
    cadence: annualAndOnHire,
  },
  {
    id: 'soc2',
    name: 'SOC 2 (Trust Services Criteria)',
    shortName: 'SOC 2',
    edition: 'AICPA 2017 Trust Services Criteria, revised points of focus (2022)',
    summary: 'The AICPA criteria a SOC 2 report is assessed against. Training evidences the commitment to competence and the communication of security responsibilities.',
    clauses: [
      {
        reference: 'CC1.4',
        title: 'Commitment to competence',
        asks: 'The entity attracts, develops and keeps competent people; among the points of focus, it trains and develops them to meet its objectives.',
        evidence: `${cadenceRules} Per-person status shows the training is done, not only planned.`,
      },
      {
        reference: 'CC2.2',
        title: 'Internal communication',
        asks: 'The entity communicates internally what people need to support internal control, including their security responsibilities and how to report problems.',
        evidence: 'Lessons on incident reporting and data handling; policies published for acknowledgement, each new version asked again.',
      },
    ],
    guidance: [],
    moduleSlugs: ['phishing-basics', 'passwords', 'incident-reporting', 'data-classification'],
    simulationVectors: ['email-link', 'credential-harvest'],
    cadence: annualAndOnHire,
  },
  {
    id: 'gdpr',
    name: 'General Data Protection Regulation',
    shortName: 'GDPR',
    edition: 'Regulation (EU) 2016/679, Article 39(1)(b)',
    summary: 'The EU data protection regulation. The data protection officer\u2019s tasks include raising awareness and training the staff who process personal data.',
    clauses: [
      {
        reference: 'Art. 39(1)(b)',
        title: 'Awareness-raising and training of staff (DPO task)',
        asks: 'The data protection officer monitors compliance, which includes assigning responsibilities, raising awareness and training the staff involved in processing, and the related audits.',
        evidence: `The GDPR basics, data classification, file sharing and incident reporting lessons, assigned every year and on hire. ${records}`,
      },
    ],
    guidance: ['Art. 32(4) (people acting under the controller\u2019s authority process data only on instructions)'],
    moduleSlugs: ['gdpr-basics', 'data-classification', 'file-sharing', 'incident-reporting'],
    simulationVectors: [],
    cadence: annualAndOnHire,
  },
  {
    id: 'nis2',
    name: 'NIS2 Directive',
    shortName: 'NIS2',
    edition: 'Directive (EU) 2022/2555, Articles 20(2) and 21(2)(g), as transposed nationally',
    summary: 'The EU directive on cybersecurity of essential and important entities. Management bodies must follow training, staff should be offered it regularly, and cyber hygiene and training are among the required risk-management measures.',
    clauses: [
      {
        reference: 'Art. 20(2)',
        title: 'Training of management bodies',
        asks: 'Members of management bodies must follow training to identify risks and assess cybersecurity risk-management practices; entities are encouraged to offer similar training to employees regularly.',
        evidence: 'Assign the modules to the management team as well as to everyone (a manager\u2019s team or named people); the evidence pack lists each person\u2019s completions.',
      },
      {
        reference: 'Art. 21(2)(g)',
        title: 'Basic cyber hygiene and cybersecurity training',
        asks: 'Among the risk-management measures: basic cyber hygiene practices and cybersecurity training.',
        evidence: `Lessons on phishing, passwords, MFA fatigue, remote work, public Wi-Fi, ransomware and incident reporting. ${cadenceRules}`,
      },
    ],
    guidance: ['ENISA, Cyber hygiene guidance; Commission Implementing Regulation (EU) 2024/2690 (for digital infrastructure entities)'],
    moduleSlugs: ['phishing-basics', 'passwords', 'mfa-fatigue', 'remote-work', 'public-wifi', 'ransomware', 'incident-reporting'],
    simulationVectors: ['email-link', 'credential-harvest', 'qr-code', 'sms'],
    cadence: annualAndOnHire,
  },
  {
    id: 'dora',
    name: 'Digital Operational Resilience Act',
    shortName: 'DORA',
    edition: 'Regulation (EU) 2022/2554, Article 13(6)',
    summary: 'The EU regulation on the digital operational resilience of financial entities. ICT security awareness and resilience training are compulsory parts of staff training, for the management body too.',
    clauses: [
      {
        reference: 'Art. 13(6)',
        title: 'ICT security awareness programmes and digital operational resilience training',
        asks: 'Financial entities run ICT security awareness programmes and digital operational resilience training as compulsory modules of staff training, for all employees and senior management, at a depth that fits their functions (and, where relevant, for ICT third-party providers).',
        evidence: `${cadenceRules} Own modules (video or SCORM) add role-specific depth. ${records}`,
      },
    ],
    guidance: [],
    moduleSlugs: ['phishing-basics', 'bec-payment-fraud', 'deepfakes', 'mfa-fatigue', 'passwords', 'ransomware', 'incident-reporting'],
    simulationVectors: ['email-link', 'credential-harvest', 'reply', 'callback'],
    cadence: annualAndOnHire,
  },
];

const byId = new Map(frameworkCatalogue.map((framework) => [framework.id, framework]));

/** A framework of the catalogue, or undefined. */
export const findFramework = (id: string): FrameworkDefinition | undefined => byId.get(id as ComplianceFrameworkId);
