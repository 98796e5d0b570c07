const kilobyte = 1024;
const megabyte = 1024 * 1024;

/**
 * A file size as people read it, in the given language: "340 kB", "1,5 MB". Binary multiples, as
 * file managers count; the unit's name and the number's form come from Intl.
 */
export const formatFileSize = (bytes: number, language: string) =>
  bytes < megabyte
    ? new Intl.NumberFormat(language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / kilobyte)))
    : new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / megabyte);
