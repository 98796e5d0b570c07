import { describe, expect, it } from 'vitest';
import { expectedSuccess, initialSkillRating, targetDifficulty, updateSkillRating } from './skill-rating.ts';

describe('the skill rating (Elo)', () => {
  it('expects a new person to see through easy lures more often than hard ones', () => {
    const chances = [1, 2, 3, 4, 5].map((difficulty) => expectedSuccess(initialSkillRating, difficulty));
    expect(chances).toEqual([...chances].sort((a, b) => b - a));
    expect(expectedSuccess(1000, 1)).toBeCloseTo(0.703, 3);
    expect(expectedSuccess(1000, 3)).toBeCloseTo(0.297, 3);
  });

  it.each([
    ['reported', 1, 'up'],
    ['ignored', 1, 'down'],
    ['ignored', 5, 'up'],
    ['failed', 5, 'down'],
    ['submitted', 1, 'down'],
  ] as const)('%s on difficulty %i moves the rating %s', (outcome, difficulty, direction) => {
    const after = updateSkillRating(initialSkillRating, difficulty, outcome);
    expect(direction === 'up' ? after > initialSkillRating : after < initialSkillRating).toBe(true);
  });

  it('punishes a submitted password more than a click, and rewards beating a hard lure more than an easy one', () => {
    expect(updateSkillRating(1000, 2, 'submitted')).toBeLessThan(updateSkillRating(1000, 2, 'failed'));
    expect(updateSkillRating(1000, 5, 'reported') - 1000).toBeGreaterThan(updateSkillRating(1000, 1, 'reported') - 1000);
    expect(updateSkillRating(1000, 3, 'reported')).toBeCloseTo(1000 + 32 * (1 - expectedSuccess(1000, 3)), 10);
  });

  it('aims adaptive lures higher as the rating rises', () => {
    expect([600, 1000, 1150, 1300, 1450, 1700].map(targetDifficulty)).toEqual([1, 2, 3, 4, 5, 5]);
  });

  it('moves a new rating twice as far as an established one', () => {
    expect(updateSkillRating(1000, 3, 'reported', 0) - 1000).toBeCloseTo(2 * (updateSkillRating(1000, 3, 'reported', 10) - 1000), 10);
  });

  it('a person who keeps reporting climbs, step by step, to the hardest lures within three years of monthly tests; one who keeps failing stays on the easiest', () => {
    let reporter = initialSkillRating;
    let clicker = initialSkillRating;
    const targets: number[] = [];
    for (let round = 0; round < 36; round += 1) {
      reporter = updateSkillRating(reporter, targetDifficulty(reporter), 'reported', round);
      clicker = updateSkillRating(clicker, targetDifficulty(clicker), 'failed', round);
      targets.push(targetDifficulty(reporter));
    }
    expect(targets).toEqual([...targets].sort((a, b) => a - b));
    expect(targets.at(-1)).toBe(5);
    expect(targetDifficulty(clicker)).toBe(1);
    expect(clicker).toBeLessThan(initialSkillRating - 200);
  });
});
