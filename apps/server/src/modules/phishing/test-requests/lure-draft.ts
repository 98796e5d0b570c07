import { z } from 'zod';
import { type CreatePhishingTemplateBody, type TemplateCategory, phishCueCategories, templateCategories, templateVariables } from '@vigil/contracts';
import { type TemplateText, templateMetadataSchema, templateProblems, templateTextSchema } from '../templates/template-library.ts';
import { type ChatMessage, LlmError } from '../llm/llm-client.ts';

/**
 * Asking a language model for a draft lure, and checking what it wrote. The model is asked for the
 * two files of a built-in template (content/phishing-templates/<slug>/template.json and en_us.json)
 * in one JSON object; the answer passes the library's own schemas and checks before it is stored,
 * and the templates service then cleans its HTML with the lure allow-list. It is stored as a draft:
 * nothing a model wrote reaches anyone until an admin has read and approved it.
 */

export const lureDraftSystemPrompt = `You write simulated phishing emails for a security-awareness programme. An administrator of the organisation being trained describes the test they want; you write one realistic but harmless lure email for it and the red flags that teach people to spot it afterwards.

Rules:
- Brand-neutral: never name a real company, product, bank or service (write "the office sign-in", "ShareSpace", "the parcel service"). Never use a real person's name; use the variables below.
- Harmless: no real links, phone numbers, addresses, attachments, scripts, forms, images or tracking. The only link is {{link}}, which the platform replaces with a tracked link to a training page.
- Plain, mail-client HTML: only p, a, strong, em, b, i, u, br, ul, ol, li, table, tr, td, th, h1-h4, span, div, hr, blockquote, and inline style attributes with simple colours, fonts, margins and padding. No <style>, <script>, <form>, <img> or event handlers.
- The variables you may use, written exactly like this: ${templateVariables.filter((name) => !['qr_code', 'callback_number'].includes(name)).map((name) => `{{${name}}}`).join(', ')}. {{sender_domain}} is a lookalike of the organisation's domain; use it in fromAddress (e.g. "it-servicedesk@{{sender_domain}}"). The html must contain at least one <a href="{{link}}">…</a>, and the text part must contain {{link}}.
- Realistic: the kind of message the described people could receive at work, in natural business English, with the cues a careful reader could notice (urgency, a slightly wrong sender, an unusual request). Do not make it absurd.
- Red flags: 2 to 6, each tied to a real cue of THIS email, with a NIST Phish Scale cue category: "errors" (spelling, grammar, inconsistencies), "technical" (sender address, domain, link target), "visual" (logos, layout, branding that looks off), "language" (tone, greeting, wording, requests for secrecy), "tactics" (urgency, authority, fear, reward, curiosity). The explanation (20 to 400 characters) says what to notice and what to do instead.
- phishScale: count the cues you built in per category (whole numbers 0-20), and premiseAlignment "low", "medium" or "high" for how well the premise fits these people's work.

Answer with ONE JSON object and nothing else (no Markdown, no comments), exactly in this shape:
{
  "template": {
    "category": one of ${templateCategories.map((category) => `"${category}"`).join(', ')},
    "vector": "email-link",
    "fromAddress": "name@{{sender_domain}}",
    "phishScale": { "cues": { "errors": 0, "technical": 0, "visual": 0, "language": 0, "tactics": 0 }, "premiseAlignment": "high" }
  },
  "en_us": {
    "name": "a short title for the library, 3-80 characters",
    "scenario": "one or two sentences, 20-400 characters: what the lure pretends and what it asks the person to do",
    "fromName": "the sender's display name, 2-80 characters",
    "subject": "the subject line, 3-150 characters",
    "html": "the HTML body (at least 50 characters) with <a href=\\"{{link}}\\">…</a>",
    "text": "the plain-text body (at least 30 characters) with {{link}}",
    "redFlags": [ { "cue": one of ${phishCueCategories.map((cue) => `"${cue}"`).join(', ')}, "title": "3-80 characters", "explanation": "20-400 characters" } ]
  }
}`;

/** The conversation for one request: the rules, then the admin's own words (marked as theirs, not as instructions to the model). */
export const lureDraftMessages = (request: { scenario: string; who: string; category: TemplateCategory }): ChatMessage[] => [
  { role: 'system', content: lureDraftSystemPrompt },
  {
    role: 'user',
    content: [
      'The administrator asked for this test (their words, between the lines):',
      '---',
      request.scenario,
      '---',
      `Who receives it: ${request.who.trim() || 'everyone in the organisation'}.`,
      `Suggested category: ${request.category} (choose another of the list if it fits better).`,
      'Write the lure now, as the JSON object described.',
    ].join('\n'),
  },
];

const draftShape = z.object({ template: z.record(z.string(), z.unknown()), en_us: z.record(z.string(), z.unknown()) });

const describeIssues = (issues: z.core.$ZodIssue[], file: string) => issues.map((issue) => `${file}${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);

/**
 * The model's answer as the body of a new draft template, checked with the built-in library's rules.
 * @throws LlmError `malformed`, listing what did not pass, when the answer is not a sound template
 */
export const templateFromDraft = (answer: unknown): CreatePhishingTemplateBody => {
  const shape = draftShape.safeParse(answer);
  if (!shape.success) throw new LlmError('malformed', 'The language model answered without the template and en_us parts');
  const metadata = templateMetadataSchema.safeParse({ version: 1, ...shape.data.template });
  const text = templateTextSchema.safeParse(shape.data.en_us);
  const problems = [...(metadata.success ? [] : describeIssues(metadata.error.issues, 'template')), ...(text.success ? [] : describeIssues(text.error.issues, 'en_us'))];
  if (metadata.success && text.success) {
    if (metadata.data.vector !== 'email-link') problems.push('template.vector: must be email-link');
    problems.push(...templateProblems('draft', metadata.data, { en_us: text.data }, new Set()));
  }
  if (problems.length > 0 || !metadata.success || !text.success) {
    throw new LlmError('malformed', `The language model's lure did not pass the library's checks: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`);
  }
  const words: TemplateText = text.data;
  return {
    category: metadata.data.category,
    vector: 'email-link',
    fromAddress: metadata.data.fromAddress ?? null,
    phishScale: metadata.data.phishScale,
    status: 'draft',
    texts: { en_us: words },
  };
};
