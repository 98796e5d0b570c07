import type { ListenerTexts } from './listener-catalogue.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

const fill = (text: string, company: string) => escapeHtml(text).replaceAll('{company}', `<strong>${escapeHtml(company)}</strong>`);

/** The beacon a real browser loads with the page: what tells a person's click from a scanner's (see scanner-detection.ts). */
const beaconImage = (url: string) => `<img class="beacon" src="${escapeHtml(url)}" alt="" width="1" height="1">`;

// One self-contained stylesheet: the listener loads nothing from anywhere (its CSP allows inline styles only).
const styles = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#f4f6f8;color:#1b2430;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:680px;margin:0 auto;padding:40px 20px 56px}
.card{background:#fff;border:1px solid #dfe3e8;border-radius:12px;padding:32px 28px;box-shadow:0 1px 2px rgba(16,24,40,.05)}
.badge{display:inline-block;margin:0 0 16px;padding:4px 10px;border-radius:999px;background:#e8f0fe;color:#1a4fb4;font-size:13px;font-weight:600}
h1{margin:0 0 12px;font-size:26px;line-height:1.25}
h2{margin:28px 0 12px;font-size:19px}
p{margin:0 0 14px}
.lead{font-size:18px}
ol,ul{margin:0;padding:0 0 0 22px}
li{margin:0 0 12px}
.flag-title{display:block;font-weight:600}
.button{display:inline-block;margin:24px 0 6px;padding:12px 20px;border-radius:8px;background:#1a56db;color:#fff;font-weight:600;text-decoration:none}
.button:hover{background:#1543b0}
.button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.hint{color:#4b5563;font-size:14px}
.beacon{position:absolute;width:1px;height:1px;opacity:0}`;

const page = ({ lang, title, content, beaconUrl }: { lang: string; title: string; content: string; beaconUrl?: string }) =>
  `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
<div class="card">
${content}
</div>
</main>
${beaconUrl ? beaconImage(beaconUrl) : ''}
</body>
</html>
`;

/** A plain "not found" page: says nothing about whether a token exists or whose it is. */
export const renderNotFoundPage = (texts: ListenerTexts) =>
  page({ lang: texts.htmlLang, title: texts.notFound.title, content: `<h1>${escapeHtml(texts.notFound.title)}</h1>\n<p>${escapeHtml(texts.notFound.body)}</p>` });

export const renderTooManyRequestsPage = (texts: ListenerTexts) =>
  page({ lang: texts.htmlLang, title: texts.tooMany.title, content: `<h1>${escapeHtml(texts.tooMany.title)}</h1>\n<p>${escapeHtml(texts.tooMany.body)}</p>` });

export type RedFlag = { title: string; explanation: string };

/**
 * The teachable moment: whose test this was, the lure's red flags (in `redFlagsLang`, which may be
 * English when the lure has no text in the person's language), what to do next time, and the way to
 * the full story in the admin app.
 */
export const renderTeachableMoment = ({
  texts,
  company,
  redFlags,
  redFlagsLang,
  fullStoryUrl,
  beaconUrl,
}: {
  texts: ListenerTexts;
  company: string;
  redFlags: readonly RedFlag[];
  redFlagsLang: string;
  fullStoryUrl: string;
  beaconUrl?: string;
}) => {
  const { teachable } = texts;
  const flags = redFlags
    .map((flag) => `<li><span class="flag-title">${escapeHtml(flag.title)}</span>${escapeHtml(flag.explanation)}</li>`)
    .join('\n');
  const langAttribute = redFlagsLang === texts.htmlLang ? '' : ` lang="${escapeHtml(redFlagsLang)}"`;
  const content = `<p class="badge">${escapeHtml(company)}</p>
<h1>${escapeHtml(teachable.title)}</h1>
<p class="lead">${fill(teachable.lead, company)}</p>
<p>${escapeHtml(teachable.reassurance)}</p>
${flags ? `<h2>${escapeHtml(teachable.redFlagsHeading)}</h2>\n<ol${langAttribute}>\n${flags}\n</ol>` : ''}
<h2>${escapeHtml(teachable.nextTimeHeading)}</h2>
<ul>
${teachable.nextTime.map((advice) => `<li>${escapeHtml(advice)}</li>`).join('\n')}
</ul>
<a class="button" href="${escapeHtml(fullStoryUrl)}">${escapeHtml(teachable.fullStory)}</a>
<p class="hint">${escapeHtml(teachable.fullStoryHint)}</p>`;
  return page({ lang: texts.htmlLang, title: teachable.title, content, beaconUrl });
};

const pageVariable = /\{\{\s*(company|first_name)\s*\}\}/g;

/** A landing page as stored: its document in one language, and its stylesheet (none in rows stored before pages shared one: their HTML carries its own). */
export type StoredLandingPage = { html: string; style?: string };

/**
 * A landing page as a person sees it, in the listener and in the admin's preview alike: the page's
 * HTML with `{{company}}` and `{{first_name}}` filled in (escaped) and its stylesheet before `</head>`.
 * The library's checks guarantee the stylesheet cannot leave its <style>.
 */
export const personaliseLandingPage = ({ html, style, company, firstName }: StoredLandingPage & { company: string; firstName: string }) => {
  const filled = html.replace(pageVariable, (_match, name: string) => escapeHtml(name === 'company' ? company : firstName));
  return style ? filled.replace(/<\/head>/i, () => `<style>\n${style}</style>\n</head>`) : filled;
};

/**
 * A recipient's landing page: personalised and styled, its one form posting back to `action`, and the
 * beacon before `</body>`. The library's checks guarantee one form without an action, and nothing
 * that loads or runs.
 */
export const renderLandingPage = ({ action, beaconUrl, ...page }: StoredLandingPage & { company: string; firstName: string; action: string; beaconUrl: string }) =>
  personaliseLandingPage(page)
    .replace(/<form\b[^>]*>/i, (tag) => `${tag.replace(/\s(action|method|enctype)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '').replace(/>$/, '')} action="${escapeHtml(action)}" method="post">`)
    .replace(/<\/body>/i, `${beaconImage(beaconUrl)}\n</body>`);
