import { describe, expect, it } from 'vitest';
import { type BaselineCandidate, chooseBaselineLures } from './baseline-lures.ts';

const categories = ['it-password', 'hr-payroll', 'finance-invoices', 'deliveries'];
const vectors = ['email-link', 'credential-harvest', 'attachment-pdf', 'qr-code', 'sms', 'callback'];

// Every category × vector at every difficulty: 4 × 6 × 5 = 120 candidates.
const library: BaselineCandidate[] = [1, 2, 3, 4, 5].flatMap((difficulty) =>
  categories.flatMap((category) => vectors.map((vector) => ({ id: `${difficulty}-${category}-${vector}`, difficulty, category, vector }))),
);

describe('chooseBaselineLures', () => {
  it('takes three lures of each difficulty from 1 to 5', () => {
    const chosen = chooseBaselineLures(library);
    expect(chosen).toHaveLength(15);
    expect([1, 2, 3, 4, 5].map((difficulty) => chosen.filter((lure) => lure.difficulty === difficulty).length)).toEqual([3, 3, 3, 3, 3]);
  });

  it('sends by mail only: no text message or callback lure', () => {
    expect(chooseBaselineLures(library).map((lure) => lure.vector)).not.toContain('sms');
    expect(chooseBaselineLures(library).map((lure) => lure.vector)).not.toContain('callback');
  });

  it('spreads the set across categories and vectors', () => {
    const chosen = chooseBaselineLures(library);
    const perCategory = categories.map((category) => chosen.filter((lure) => lure.category === category).length);
    expect(Math.max(...perCategory) - Math.min(...perCategory)).toBeLessThanOrEqual(1);
    expect(new Set(chosen.map((lure) => lure.vector)).size).toBe(4);
  });

  it('takes what a level has when it has fewer, and skips an empty level', () => {
    const sparse = library.filter((lure) => lure.difficulty !== 2 && !(lure.difficulty === 5 && lure.id !== '5-deliveries-qr-code'));
    const chosen = chooseBaselineLures(sparse);
    expect(chosen.filter((lure) => lure.difficulty === 2)).toEqual([]);
    expect(chosen.filter((lure) => lure.difficulty === 5).map((lure) => lure.id)).toEqual(['5-deliveries-qr-code']);
  });

  it('gives the same set for the same library, whatever its order', () => {
    expect(chooseBaselineLures(library.toReversed())).toEqual(chooseBaselineLures(library));
  });
});
