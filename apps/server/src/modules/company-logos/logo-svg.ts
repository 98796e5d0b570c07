import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

// One window for every logo: DOMPurify parses in it, and its XMLSerializer writes the file.
const { window } = new JSDOM('');
const purify = DOMPurify(window);

// The XML declaration, doctype (which could declare entities) and comments before the root: the
// sanitiser reads the <svg> element alone.
const prologue = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i;
// A reference inside the image (#gradient) draws from the file itself; anything else loads from elsewhere.
const isLocalReference = (value: string) => value.trim().startsWith('#');
// CSS that could load something: @import, image-set() (which takes bare quoted addresses), url() to
// anything but a #fragment, or an escape that could spell any of them.
const loadsFromElsewhere = (css: string) =>
  /@import|image-set|\\/i.test(css) || [...css.matchAll(/url\s*\(\s*['"]?([^'")]*)/gi)].some((match) => !isLocalReference(match[1]!));
// Elements that draw something; an SVG with none left after sanitising is not a logo.
const drawable = 'path, rect, circle, ellipse, line, polyline, polygon, text, use';

purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && loadsFromElsewhere(node.textContent ?? '')) node.parentNode?.removeChild(node);
});
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  const name = data.attrName.toLowerCase();
  if ((name === 'href' || name === 'xlink:href') && !isLocalReference(data.attrValue)) data.keepAttr = false;
  else if (/url\s*\(|@import|image-set|\\/i.test(data.attrValue) && loadsFromElsewhere(data.attrValue)) data.keepAttr = false;
});

/**
 * An uploaded SVG logo with everything that could run or load removed: scripts, event handlers,
 * foreignObject, links, references outside the image, and styles that import or fetch. The CSP
 * the logo is served with stays as a second line of defence.
 * @returns the sanitised file, or undefined when nothing drawable is left
 */
export const sanitiseSvgLogo = (content: Buffer): Buffer | undefined => {
  // Parsed as HTML, as DOMPurify is built to: the HTML parser fixes SVG's camelCase names (viewBox,
  // linearGradient) that DOMPurify's lists hold in lower case.
  const fragment = purify.sanitize(content.toString('utf8').replace(prologue, ''), {
    USE_PROFILES: { svg: true, svgFilters: true },
    // Logos drawn with symbols reuse their own shapes; the href rule above keeps `use` local.
    ADD_TAGS: ['use'],
    FORBID_TAGS: ['a', 'foreignobject', 'script'],
    RETURN_DOM_FRAGMENT: true,
  });
  const root = fragment.firstElementChild;
  if (fragment.childElementCount !== 1 || root?.localName !== 'svg' || !root.querySelector(drawable)) return undefined;
  // Written as XML, with the namespaces an image/svg+xml file needs.
  return Buffer.from(new window.XMLSerializer().serializeToString(root));
};
