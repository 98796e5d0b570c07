/**
 * Each person's skill at spotting lures, as an Elo rating (the model chess uses for players; here a
 * person "plays" a lure). A lure's rating follows from its NIST-based difficulty:
 *
 *   lure rating       R_t = 700 + 150 × difficulty            (difficulty 1 → 850 … 5 → 1,450)
 *   expected success  E   = 1 / (1 + 10^((R_t − R_p) / 400))  (R_p: the person's rating, 1,000 to start)
 *   new rating        R_p' = R_p + K × (S − E),  K = 64 for a person's first 10 outcomes, 32 after
 *
 * S, the outcome: 1 for reporting the lure, 0.6 for leaving it alone (no failure, but no report),
 * 0 for falling for it (a click, a scan, an opened attachment, a reply or a call); a submitted form
 * is the same 0 with K × 1.5, as it is the costlier mistake. So people who report rise and meet
 * harder lures; people who fail drop and get easier, more teachable ones.
 */
export const initialSkillRating = 1000;

/**
 * How far one outcome moves the rating: more while the rating is new (as chess does for provisional
 * ratings), so a handful of campaigns already place a person, and steadier once it is established.
 */
export const ratingK = (outcomesSoFar: number) => (outcomesSoFar < 10 ? 64 : 32);

export type LureOutcome = 'reported' | 'ignored' | 'failed' | 'submitted';

export const lureRating = (difficulty: number) => 700 + 150 * difficulty;

export const expectedSuccess = (personRating: number, difficulty: number) => 1 / (1 + 10 ** ((lureRating(difficulty) - personRating) / 400));

const outcomeScore: Record<LureOutcome, number> = { reported: 1, ignored: 0.6, failed: 0, submitted: 0 };
const outcomeWeight: Record<LureOutcome, number> = { reported: 1, ignored: 1, failed: 1, submitted: 1.5 };

/** The person's rating after one lure's outcome, given how many outcomes rated them before. */
export const updateSkillRating = (personRating: number, difficulty: number, outcome: LureOutcome, outcomesSoFar = 10) =>
  personRating + ratingK(outcomesSoFar) * outcomeWeight[outcome] * (outcomeScore[outcome] - expectedSuccess(personRating, difficulty));

/**
 * The difficulty an adaptive campaign aims at: the hardest lure the person has at least even odds of
 * seeing through (a new person: difficulty 2), and difficulty 1 for anyone below that.
 */
export const targetDifficulty = (personRating: number): 1 | 2 | 3 | 4 | 5 => {
  for (const difficulty of [5, 4, 3, 2] as const) if (expectedSuccess(personRating, difficulty) >= 0.5) return difficulty;
  return 1;
};
