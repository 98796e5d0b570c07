/** §9: a menu's type-ahead forgets what was typed after this long without a key. */
export const typeAheadResetMs = 500;

export type TypeAhead = {
  /** Adds a typed character and returns everything typed since the last pause. */
  type: (character: string) => string;
  /** Forgets what was typed (when the menu closes, say). */
  reset: () => void;
};

/** The buffer of a menu's type-ahead: characters typed in quick succession add up. */
export const createTypeAhead = (resetAfterMs = typeAheadResetMs): TypeAhead => {
  let typed = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reset = () => {
    clearTimeout(timer);
    typed = '';
  };
  return {
    type: (character) => {
      clearTimeout(timer);
      typed += character;
      timer = setTimeout(reset, resetAfterMs);
      return typed;
    },
    reset,
  };
};

/**
 * Which item type-ahead moves to (WAI-ARIA menu pattern): one character goes to the next item
 * starting with it, wrapping, so pressing it again cycles; several characters go to the first item,
 * from the current one on, that starts with all of them. -1 when none does.
 */
export const findTypeAheadMatch = (
  labels: readonly string[],
  typed: string,
  currentIndex: number,
  startsWith: (label: string, typed: string) => boolean,
): number => {
  if (!typed || labels.length === 0) return -1;
  const repeating = [...typed].every((character) => character === typed[0]);
  const wanted = repeating ? typed.charAt(0) : typed;
  // A longer string may still fit the current item, which then keeps focus.
  const start = repeating ? currentIndex + 1 : Math.max(currentIndex, 0);
  for (let step = 0; step < labels.length; step += 1) {
    const index = (start + step) % labels.length;
    if (startsWith(labels[index] ?? '', wanted)) return index;
  }
  return -1;
};
