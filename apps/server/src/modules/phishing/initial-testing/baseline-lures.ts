/** A built-in lure the baseline may use. */
export type BaselineCandidate = Readonly<{ id: string; difficulty: number; category: string; vector: string }>;

/** How a baseline reaches people: by mail. Text messages need a phone setup and callbacks a number, which no organisation has yet. */
export const baselineVectors = ['email-link', 'credential-harvest', 'attachment-html', 'attachment-pdf', 'qr-code', 'reply'] as const;

/** Lures per difficulty level: 5 levels × 3 = 15 lures, enough that colleagues rarely share one. */
export const baselineLuresPerDifficulty = 3;

/**
 * The baseline's mixed set: for each difficulty from 1 to 5, up to `perDifficulty` lures, each time
 * taking the lure whose category and then vector the set holds least so far, so the baseline
 * measures every kind of lure at every level rather than one family's. Candidates are considered in
 * id order, so the same library gives the same set. Pure.
 */
export const chooseBaselineLures = (candidates: readonly BaselineCandidate[], perDifficulty = baselineLuresPerDifficulty): BaselineCandidate[] => {
  const usable = candidates.filter((candidate) => (baselineVectors as readonly string[]).includes(candidate.vector)).toSorted((a, b) => a.id.localeCompare(b.id));
  const categories = new Map<string, number>();
  const vectors = new Map<string, number>();
  const chosen: BaselineCandidate[] = [];
  for (let difficulty = 1; difficulty <= 5; difficulty += 1) {
    const level = usable.filter((candidate) => candidate.difficulty === difficulty);
    for (let taken = 0; taken < perDifficulty && level.length > 0; taken += 1) {
      const score = (candidate: BaselineCandidate) => [categories.get(candidate.category) ?? 0, vectors.get(candidate.vector) ?? 0] as const;
      let best = 0;
      for (let index = 1; index < level.length; index += 1) {
        const [category, vector] = score(level[index]!);
        const [bestCategory, bestVector] = score(level[best]!);
        if (category < bestCategory || (category === bestCategory && vector < bestVector)) best = index;
      }
      const [pick] = level.splice(best, 1);
      chosen.push(pick!);
      categories.set(pick!.category, (categories.get(pick!.category) ?? 0) + 1);
      vectors.set(pick!.vector, (vectors.get(pick!.vector) ?? 0) + 1);
    }
  }
  return chosen;
};
