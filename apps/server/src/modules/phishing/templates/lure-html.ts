import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for lure HTML: what an admin may store and what the engine sends. Mail clients
 * render little more than this, and nothing here can run, frame, submit or load from an unexpected
 * scheme. Stored templates and rendered messages both pass through it, so a lure that slipped past
 * one check is still cleaned before it leaves.
 */
const allowedTags = [
  'p', 'a', 'strong', 'em', 'b', 'i', 'u', 'br', 'ul', 'ol', 'li',
  'table', 'tr', 'td', 'th', 'tbody', 'thead',
  'img', 'h1', 'h2', 'h3', 'h4', 'span', 'div', 'hr', 'blockquote',
];

// A CSS value without url(), expression(), escapes or anything else that could load or run: words,
// numbers with units, hex colours, rgb()/rgba() and commas (font stacks). Quotes are allowed for font names.
const safeCssValue = /^(?:[#\w.%\s,'"-]|rgba?\(\s*[\d.\s,%]+\))+$/i;
const cssProperties = [
  'color', 'background-color', 'font-family', 'font-size', 'font-weight', 'font-style', 'line-height',
  'text-align', 'text-decoration', 'vertical-align', 'white-space',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color', 'border-style', 'border-width',
  'border-radius', 'border-collapse', 'border-spacing',
  'width', 'max-width', 'min-width', 'height', 'display',
];
const allowedStyles = Object.fromEntries(cssProperties.map((property) => [property, [safeCssValue]]));

const allowedAttributes: Record<string, string[]> = {
  '*': ['style'],
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
};

// data: only for inline raster images (a QR code); an SVG image or any other data: type is refused.
const inlineImage = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes,
  allowedStyles: { '*': allowedStyles },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && typeof frame.attribs.src === 'string' && /^\s*data:/i.test(frame.attribs.src) && !inlineImage.test(frame.attribs.src),
};

const schemeOf = (url: string) => /^\s*([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\s\p{Cc}]/gu, ''))?.[1]?.toLowerCase();

/** Why a URL attribute would be dropped, or undefined when it is kept. */
const refusedUrl = (tag: string, url: string): string | undefined => {
  const scheme = schemeOf(url);
  if (url.trim().startsWith('//')) return 'protocol-relative';
  if (scheme === undefined) return undefined;
  if (tag === 'img' && scheme === 'data') return inlineImage.test(url.trim()) ? undefined : 'data:';
  const allowed = tag === 'img' ? ['http', 'https'] : ['http', 'https', 'mailto'];
  return allowed.includes(scheme) ? undefined : `${scheme}:`;
};

/**
 * Sanitises lure HTML with the shared allow-list.
 * @returns the clean HTML and, in plain words, what was removed (empty when nothing was).
 */
export const sanitizeLureHtml = (html: string): { html: string; removed: string[] } => {
  const removed = new Set<string>();
  const clean = sanitizeHtml(html, {
    ...options,
    onOpenTag: (name, attribs) => {
      if (!allowedTags.includes(name)) {
        removed.add(`the <${name}> element`);
        return;
      }
      for (const [attribute, value] of Object.entries(attribs)) {
        const allowed = attribute === 'style' || (allowedAttributes[name] ?? []).includes(attribute);
        if (!allowed) removed.add(/^on/i.test(attribute) ? `the ${attribute} event handler on <${name}>` : `the ${attribute} attribute on <${name}>`);
        else if ((attribute === 'href' || attribute === 'src') && refusedUrl(name, value)) removed.add(`a ${refusedUrl(name, value)} address in <${name} ${attribute}>`);
      }
    },
  });
  return { html: clean, removed: [...removed] };
};
