import { describe, expect, it } from 'vitest';

import { formatFileSize } from './format-file-size';

describe('formatFileSize', () => {
  it('says kilobytes below a megabyte, never zero', () => {
    expect(formatFileSize(340 * 1024, 'en')).toBe('340 kB');
    expect(formatFileSize(10, 'en')).toBe('1 kB');
  });

  it('says megabytes from one up, with one decimal at most', () => {
    expect(formatFileSize(1024 * 1024, 'en')).toBe('1 MB');
    expect(formatFileSize(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
  });

  it('writes the number the way the language does', () => {
    expect(formatFileSize(1.5 * 1024 * 1024, 'de')).toBe('1,5 MB');
  });
});
