import type { PhishCueCategory, PremiseAlignment } from '@vigil/contracts';

/**
 * The NIST Phish Scale (NIST TN 2276; Steves et al., 2020): how hard a lure is to detect follows from
 * how many cues betray it and how well its premise fits the recipient's work.
 */
export type CueCounts = Readonly<Record<PhishCueCategory, number>>;
export type CueLevel = 'few' | 'some' | 'many';
export type NistDetectionDifficulty = 'very difficult' | 'moderately difficult' | 'least difficult';

/** NIST's bands of total cue count: 1–8 few, 9–14 some, 15 or more many. */
export const cueLevelOf = (cues: CueCounts): CueLevel => {
  const total = Object.values(cues).reduce((sum, count) => sum + count, 0);
  return total <= 8 ? 'few' : total <= 14 ? 'some' : 'many';
};

// NIST's table: rows are cue levels, columns premise alignment.
const nistTable: Record<CueLevel, Record<PremiseAlignment, NistDetectionDifficulty>> = {
  few: { high: 'very difficult', medium: 'very difficult', low: 'moderately difficult' },
  some: { high: 'very difficult', medium: 'moderately difficult', low: 'least difficult' },
  many: { high: 'moderately difficult', medium: 'moderately difficult', low: 'least difficult' },
};

export const nistDetectionDifficulty = (cues: CueCounts, alignment: PremiseAlignment): NistDetectionDifficulty =>
  nistTable[cueLevelOf(cues)][alignment];

const cueWeight: Record<CueLevel, number> = { few: 3, some: 2, many: 1 };
const alignmentWeight: Record<PremiseAlignment, number> = { low: 1, medium: 2, high: 3 };

/**
 * Vigil's difficulty from 1 (easiest) to 5 (hardest), a finer reading of NIST's three levels: fewer
 * cues and a closer premise each add one step. 5 and 4 are NIST's "very difficult", 3 its
 * "moderately difficult", 2 and 1 the easier end (2 is "many cues, medium premise", which NIST still
 * calls moderate, or "some cues, low premise", which it calls least difficult).
 */
export const templateDifficulty = (cues: CueCounts, alignment: PremiseAlignment): 1 | 2 | 3 | 4 | 5 =>
  (cueWeight[cueLevelOf(cues)] + alignmentWeight[alignment] - 1) as 1 | 2 | 3 | 4 | 5;
