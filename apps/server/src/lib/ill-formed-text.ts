// In a /u pattern a proper pair is one code point, so only a lone half matches the surrogate category.
const loneSurrogate = /\p{Cs}/u;

/**
 * Where a parsed request first holds text that is not valid Unicode: half of a surrogate pair
 * (JSON allows "\ud800"). PostgreSQL refuses such text in jsonb and drivers would otherwise turn
 * it into a replacement character, so it is refused at the door with the field it came in.
 */
export const illFormedTextPath = (value: unknown, path: string, depth = 0): string | undefined => {
  if (typeof value === 'string') return loneSurrogate.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  // Parsed text only (JSON, forms): a multipart upload's streams and buffers are not walked.
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = `${path}.${key}`;
    if (loneSurrogate.test(key)) return itemPath;
    const found = illFormedTextPath(item, itemPath, depth + 1);
    if (found) return found;
  }
  return undefined;
};

const loneSurrogates = /\p{Cs}/gu;

/**
 * The text with each half of a surrogate pair left alone replaced by U+FFFD and NUL characters
 * dropped: what PostgreSQL keeps in text and jsonb columns. Text from outside that is stored
 * rather than refused (a parsed email, say) goes through this first.
 */
export const storableText = (text: string) => text.replace(loneSurrogates, '\uFFFD').replaceAll('\0', '');

/** At most `max` code points of the text: a cut never splits a surrogate pair. */
export const cutAtCodePoint = (text: string, max: number) => {
  if (text.length <= max) return text;
  let end = 0;
  for (let count = 0; count < max && end < text.length; count++) end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  return text.slice(0, end);
};
