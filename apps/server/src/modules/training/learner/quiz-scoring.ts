/** A quiz question with its answer, as the server keeps it. */
export type ScoredQuestion = Readonly<{ answer: number; explanation: string }>;

/**
 * Scores one attempt: the share of right answers in percent, rounded; a pass at or above
 * `passScore`. Each question says whether it was right, the right choice and why.
 */
export const scoreQuiz = (questions: readonly ScoredQuestion[], answers: readonly number[], passScore: number) => {
  const results = questions.map((question, index) => ({ correct: answers[index] === question.answer, answer: question.answer, explanation: question.explanation }));
  const correct = results.filter((result) => result.correct).length;
  const score = questions.length === 0 ? 0 : Math.round((correct / questions.length) * 100);
  return { score, passed: score >= passScore, results };
};
