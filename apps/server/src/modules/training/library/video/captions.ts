// A slide's narration becomes caption cues: sentence by sentence, at most two lines of about 42
// characters each (the common broadcast and web limit), a long sentence cut at its commas where it
// can, and each cue shown for a share of the slide's speech that matches its length.

export const maxLineLength = 42;
const maxCueLength = 2 * maxLineLength;

export type Cue = Readonly<{ start: number; end: number; text: string }>;

/** Length as a reader sees it: characters without their combining marks (a Devanagari vowel sign, an accent). */
export const visibleLength = (text: string) => text.replace(/\p{M}/gu, '').length;

/** The sentences of a text, each with its closing punctuation (Latin, Devanagari danda, ellipsis). */
export const splitSentences = (text: string): string[] =>
  (text.replace(/\s+/g, ' ').trim().match(/[^.!?।…]+(?:[.!?।…]+["'”’»)\]]*|$)/g) ?? []).map((sentence) => sentence.trim()).filter(Boolean);

/**
 * Breaks a cue into one line, or two lines no longer than maxLineLength, as even as possible;
 * null when it cannot (a single word longer than a line stands alone on its line).
 */
export const breakCueLines = (text: string): string[] | null => {
  const total = visibleLength(text);
  if (total <= maxLineLength) return [text];
  const words = text.split(' ');
  const lengths = words.map(visibleLength);
  let best = -1;
  let bestScore = Infinity;
  let first = -1;
  for (let cut = 1; cut < words.length; cut += 1) {
    first += lengths[cut - 1]! + 1;
    const second = total - first - 1;
    const fits = (first <= maxLineLength || cut === 1) && (second <= maxLineLength || cut === words.length - 1);
    if (!fits) continue;
    // Even lines, but a line that ends a sentence or a clause reads better than a perfectly even one.
    const lastWord = words[cut - 1]!;
    const score = Math.max(first, second) - (/[.!?।…]["'”’»)]?$/.test(lastWord) ? 14 : /[,;:—–]$/.test(lastWord) ? 8 : 0);
    if (score < bestScore) {
      best = cut;
      bestScore = score;
    }
  }
  return best < 0 ? null : [words.slice(0, best).join(' '), words.slice(best).join(' ')];
};

const clauseEnd = /[,;:—–)]$/;

/**
 * Cuts a sentence too long for one cue into pieces that each fit one, of similar length, preferring
 * to cut after a comma or other clause break (dynamic programming over the word gaps).
 */
const splitLongSentence = (sentence: string): string[] => {
  const words = sentence.split(' ');
  const total = visibleLength(sentence);
  const target = total / Math.ceil(total / (maxCueLength - 6));
  // best[i]: the lowest cost of cutting words[0..i) into cues, and where its last cue starts.
  const prefix = [0];
  for (const word of words) prefix.push(prefix.at(-1)! + visibleLength(word));
  const best: { cost: number; from: number }[] = [{ cost: 0, from: 0 }];
  for (let end = 1; end <= words.length; end += 1) {
    best[end] = { cost: Infinity, from: end - 1 };
    for (let start = end - 1; start >= 0; start -= 1) {
      const length = prefix[end]! - prefix[start]! + (end - start - 1);
      if (end - start > 1 && (length > maxCueLength || !breakCueLines(words.slice(start, end).join(' ')))) break;
      const shortfall = (length - target) / target;
      const clauseBonus = end < words.length && clauseEnd.test(words[end - 1]!) ? 0.35 : 0;
      const cost = best[start]!.cost + shortfall * shortfall + 0.1 - clauseBonus;
      if (cost < best[end]!.cost) best[end] = { cost, from: start };
    }
  }
  const pieces: string[] = [];
  for (let end = words.length; end > 0; end = best[end]!.from) pieces.unshift(words.slice(best[end]!.from, end).join(' '));
  return pieces;
};

/** A narration as the texts of its cues, each one or two lines joined by a line break. */
export const splitIntoCues = (narration: string): string[] => {
  const pieces = splitSentences(narration).flatMap((sentence) => (breakCueLines(sentence) ? [sentence] : splitLongSentence(sentence)));
  // A very short sentence ("Stop.") reads better with its neighbour when both fit one cue.
  const merged: string[] = [];
  for (const piece of pieces) {
    const previous = merged.at(-1);
    const joined = previous === undefined ? '' : `${previous} ${piece}`;
    if (previous !== undefined && (visibleLength(previous) < 24 || visibleLength(piece) < 16) && breakCueLines(joined)) merged[merged.length - 1] = joined;
    else merged.push(piece);
  }
  return merged.map((text) => (breakCueLines(text) ?? [text]).join('\n'));
};

/** Rounds to the millisecond, as WebVTT writes times. */
const toMillis = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Times a slide's cues inside the window its narration is spoken in, each for a share that matches
 * its length (plus a constant for the breath between sentences); the last one stays until `holdUntil`.
 */
export const timeCues = (texts: string[], window: { start: number; end: number; holdUntil?: number }): Cue[] => {
  const weights = texts.map((text) => visibleLength(text) + 6);
  const sum = weights.reduce((total, weight) => total + weight, 0);
  const span = window.end - window.start;
  let cursor = window.start;
  return texts.map((text, index) => {
    const start = toMillis(cursor);
    cursor += (span * weights[index]!) / sum;
    const last = index === texts.length - 1;
    const end = toMillis(last ? Math.max(window.end, window.holdUntil ?? window.end) : cursor);
    return { start, end, text };
  });
};
