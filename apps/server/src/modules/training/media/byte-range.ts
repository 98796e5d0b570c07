/**
 * What a `Range` header asks of a file of `size` bytes (RFC 9110 §14): one range of bytes, first and
 * last inclusive; `'whole'` when there is no header, or one this server does not serve in part (not
 * bytes, several ranges, malformed: the whole file is a correct answer to those); `'unsatisfiable'`
 * when the range starts past the end (416).
 */
export const parseByteRange = (header: string | undefined, size: number): { start: number; end: number } | 'whole' | 'unsatisfiable' => {
  if (!header) return 'whole';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return 'whole';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'whole';
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return 'whole';
  return { start, end };
};
