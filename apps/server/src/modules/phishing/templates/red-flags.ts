import type { RedFlag } from '@vigil/contracts';

/**
 * The red flags a lure shows after a failure, in the person's language, or in English when the lure
 * has none in theirs: the teachable moment and the heads-up page say the same.
 */
export const redFlagsOf = (texts: Record<string, unknown>, language: string): { flags: RedFlag[]; language: string } => {
  const byLanguage = texts as Partial<Record<string, { redFlags?: RedFlag[] }>>;
  const own = byLanguage[language]?.redFlags;
  if (own?.length) return { flags: own, language };
  return { flags: byLanguage.en_us?.redFlags ?? [], language: 'en_us' };
};
