import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { labelStartsWith } from './languages';
import { createTypeAhead, findTypeAheadMatch, typeAheadResetMs } from './type-ahead';

describe('createTypeAhead', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds up characters typed in quick succession', () => {
    const typeAhead = createTypeAhead();
    expect(typeAhead.type('p')).toBe('p');
    vi.advanceTimersByTime(typeAheadResetMs - 1);
    expect(typeAhead.type('o')).toBe('po');
    vi.advanceTimersByTime(typeAheadResetMs - 1);
    expect(typeAhead.type('l')).toBe('pol');
  });

  it('forgets what was typed after 500 ms without a key (§9)', () => {
    const typeAhead = createTypeAhead();
    typeAhead.type('p');
    typeAhead.type('o');
    vi.advanceTimersByTime(500);
    expect(typeAhead.type('d')).toBe('d');
  });

  it('forgets at once when reset', () => {
    const typeAhead = createTypeAhead();
    typeAhead.type('p');
    typeAhead.reset();
    expect(typeAhead.type('e')).toBe('e');
  });
});

describe('findTypeAheadMatch', () => {
  const labels = ['Español', 'Português (Brasil)', 'Čeština', 'Deutsch', 'Polski', 'Português (Portugal)'];
  const find = (typed: string, current: number) => findTypeAheadMatch(labels, typed, current, labelStartsWith);

  it('moves to the next label starting with one typed character, wrapping around', () => {
    expect(find('p', 0)).toBe(1);
    expect(find('p', 1)).toBe(4);
    expect(find('p', 4)).toBe(5);
    expect(find('p', 5)).toBe(1);
  });

  it('cycles through the same letter when it is pressed again', () => {
    expect(find('pp', 1)).toBe(4);
  });

  it('keeps the current label while a longer string still fits it, and otherwise finds the next one that does', () => {
    expect(find('por', 1)).toBe(1);
    expect(find('pol', 1)).toBe(4);
  });

  it('ignores case and accents', () => {
    expect(find('C', 0)).toBe(2);
    expect(find('ES', 3)).toBe(0);
  });

  it('answers -1 when no label fits', () => {
    expect(find('x', 0)).toBe(-1);
    expect(findTypeAheadMatch([], 'a', 0, labelStartsWith)).toBe(-1);
  });
});
