import { describe, expect, it } from 'vitest';
import type { PremiseAlignment } from '@vigil/contracts';
import { type CueCounts, cueLevelOf, nistDetectionDifficulty, templateDifficulty } from './phish-scale.ts';

const cues = (total: number): CueCounts => ({ errors: 0, technical: total, visual: 0, language: 0, tactics: 0 });

describe('the NIST Phish Scale', () => {
  it.each([
    [1, 'few'],
    [8, 'few'],
    [9, 'some'],
    [14, 'some'],
    [15, 'many'],
    [30, 'many'],
  ] as const)('%i cues are %s', (total, level) => {
    expect(cueLevelOf(cues(total))).toBe(level);
  });

  it('adds the cues of every category', () => {
    expect(cueLevelOf({ errors: 2, technical: 2, visual: 2, language: 2, tactics: 2 })).toBe('some');
  });

  // NIST TN 2276's table, and Vigil's 1–5 reading of it, which must never contradict NIST's order.
  it.each([
    [3, 'high', 'very difficult', 5],
    [3, 'medium', 'very difficult', 4],
    [10, 'high', 'very difficult', 4],
    [3, 'low', 'moderately difficult', 3],
    [10, 'medium', 'moderately difficult', 3],
    [20, 'high', 'moderately difficult', 3],
    [20, 'medium', 'moderately difficult', 2],
    [10, 'low', 'least difficult', 2],
    [20, 'low', 'least difficult', 1],
  ] as const)('%i cues with %s premise alignment: %s, difficulty %i', (total, alignment: PremiseAlignment, nist, difficulty) => {
    expect(nistDetectionDifficulty(cues(total), alignment)).toBe(nist);
    expect(templateDifficulty(cues(total), alignment)).toBe(difficulty);
  });
});
