/**
 * Long words (German compounds such as "Unternehmenskennzahlen") wrap instead of being clipped:
 * hyphenated where the browser can hyphenate the page's language (<html lang>, set at start-up),
 * and broken anywhere where it cannot. The theme gives it to the side navigation, breadcrumbs, page
 * titles and buttons; narrow places (the company switcher) add it where they need it. Where a
 * known long word must break well even without a hyphenation dictionary (Debian's Chromium has
 * none), its translation carries a soft hyphen (U+00AD), as German "Unternehmens\u00adkennzahlen".
 */
export const breakLongWords = { overflowWrap: 'anywhere', hyphens: 'auto' } as const;
