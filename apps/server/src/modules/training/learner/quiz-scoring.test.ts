import { describe, expect, it } from 'vitest';
import { scoreQuiz } from './quiz-scoring.ts';

const questions = [0, 1, 2, 0, 1, 2].map((answer) => ({ answer, explanation: `because ${answer}` }));

describe('scoreQuiz', () => {
  it('scores the share of right answers, rounded, and passes at the pass score', () => {
    expect(scoreQuiz(questions, [0, 1, 2, 0, 1, 2], 80)).toMatchObject({ score: 100, passed: true });
    // 5 of 6 = 83.3 → 83
    expect(scoreQuiz(questions, [0, 1, 2, 0, 1, 0], 80)).toMatchObject({ score: 83, passed: true });
    // 4 of 6 = 66.7 → 67
    expect(scoreQuiz(questions, [0, 1, 2, 0, 0, 0], 80)).toMatchObject({ score: 67, passed: false });
    expect(scoreQuiz(questions, [0, 1, 2, 0, 0, 0], 67).passed).toBe(true);
  });

  it('says for each question whether it was right, the right choice and why', () => {
    expect(scoreQuiz(questions.slice(0, 2), [1, 1], 50).results).toEqual([
      { correct: false, answer: 0, explanation: 'because 0' },
      { correct: true, answer: 1, explanation: 'because 1' },
    ]);
  });
});
