// Slide text is laid out before it is drawn, so it must be measured without a renderer. The
// widths below are Arial's (Liberation Sans, which draws the slides, has the same metrics), in
// thousandths of the font size, for printable ASCII; letters with accents measure as their base
// letter, and anything else as a wide letter, so an estimate errs on the side of wrapping early.

const regular = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const bold = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
const punctuation: Record<string, number> = {
  '‘': 222, '’': 222, '“': 333, '”': 333, '–': 556, '—': 1000, '…': 1000, '•': 350, '€': 556, '£': 556, '×': 584, ' ': 278, '→': 1000,
};
const unknownWidth = 780;

const charWidth = (char: string, isBold: boolean): number => {
  const code = char.codePointAt(0)!;
  if (code >= 32 && code <= 126) return (isBold ? bold : regular)[code - 32]!;
  const known = punctuation[char];
  if (known !== undefined) return isBold ? Math.round(known * 1.05) : known;
  const base = char.normalize('NFD')[0]!;
  if (base !== char && base.codePointAt(0)! < 127) return charWidth(base, isBold);
  return unknownWidth;
};

/** The width in pixels of one line of text at a font size. */
export const textWidth = (text: string, size: number, isBold = false): number => {
  let total = 0;
  for (const char of text) total += charWidth(char, isBold);
  return (total * size) / 1000;
};

/** Cuts a word that is wider than the line into pieces that fit (a long web address, say). */
const splitLongWord = (word: string, maxWidth: number, size: number, isBold: boolean): string[] => {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && textWidth(piece + char, size, isBold) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
};

/** Breaks text into lines no wider than maxWidth, at spaces (inside a word only when one word is too wide). */
export const wrapText = (text: string, maxWidth: number, size: number, isBold = false): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size, isBold) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (textWidth(word, size, isBold) <= maxWidth) {
      line = word;
    } else {
      const pieces = splitLongWord(word, maxWidth, size, isBold);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? '';
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
};

/** The text, shortened with an ellipsis when it is wider than maxWidth. */
export const ellipsize = (text: string, maxWidth: number, size: number, isBold = false): string => {
  if (textWidth(text, size, isBold) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 0 && textWidth(`${cut}…`, size, isBold) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
};
