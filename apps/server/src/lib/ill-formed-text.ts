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
  if (Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = `${path}.${key}`;
    if (loneSurrogate.test(key)) return itemPath;
    const found = illFormedTextPath(item, itemPath, depth + 1);
    if (found) return found;
  }
  return undefined;
};
