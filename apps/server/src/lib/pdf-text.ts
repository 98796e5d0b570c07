import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * Text in any script the product meets, in PDFs made with pdfkit. The PDF's standard fonts
 * (Helvetica) write Windows-1252 only: no Hindi, no Polish Ł. Noto Sans is cut by Fontsource into
 * one file per script (its unicode-range subsets), so a string is split into runs by which face
 * draws each character (fontkit's hasGlyphForCodePoint, the engine pdfkit itself uses), and the
 * runs are laid out here: pdfkit's own `continued` text cannot centre or wrap a line whose runs
 * change font, so lines are measured and placed run by run, on one baseline.
 *
 * Each line is marked with its ActualText, so a reader copying or extracting the text gets the
 * characters in their logical order (a shaped Devanagari syllable draws its vowel sign first) and
 * a line whose runs change face reads as one line.
 * A character no face has is drawn as U+FFFD, after trying it without its accents.
 */
export type PdfWeight = 'regular' | 'bold';

export type PdfTextOptions = Readonly<{
  weight?: PdfWeight;
  /** Font size in points (default 12). */
  size?: number;
  align?: 'left' | 'center' | 'right';
  /** Left edge (default: the left margin) and width (default: to the right margin). */
  x?: number;
  width?: number;
  characterSpacing?: number;
  /** Extra points between lines. */
  lineGap?: number;
}>;

export type PdfTextRun = Readonly<{ font: string; text: string }>;

const faceFiles = [
  ['@fontsource/noto-sans', 'noto-sans-latin'],
  ['@fontsource/noto-sans', 'noto-sans-latin-ext'],
  ['@fontsource/noto-sans', 'noto-sans-vietnamese'],
  ['@fontsource/noto-sans', 'noto-sans-greek'],
  ['@fontsource/noto-sans', 'noto-sans-greek-ext'],
  ['@fontsource/noto-sans', 'noto-sans-cyrillic'],
  ['@fontsource/noto-sans', 'noto-sans-cyrillic-ext'],
  ['@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari'],
] as const;

type Face = Readonly<{ name: string; data: Buffer; font: fontkit.Font }>;

const require = createRequire(import.meta.url);
const loaded = new Map<PdfWeight, Face[]>();

/** The faces of one weight, in the order they are tried (read once per process, about 200 KB each weight). */
const facesOf = (weight: PdfWeight): Face[] => {
  const known = loaded.get(weight);
  if (known) return known;
  const faces = faceFiles.map(([pkg, file]) => {
    const data = readFileSync(require.resolve(`${pkg}/files/${file}-${weight === 'bold' ? 700 : 400}-normal.woff`));
    return { name: `vigil-${file}-${weight}`, data, font: fontkit.create(data) };
  });
  loaded.set(weight, faces);
  return faces;
};

/** Joiners and variation selectors: shaping uses them, no face needs a glyph for them. */
const ignorable = (codePoint: number) =>
  (codePoint >= 0x200b && codePoint <= 0x200f) || (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0x2060 && codePoint <= 0x2064) || codePoint === 0xfeff;

const draws = (face: Face, cluster: string) =>
  [...cluster].every((character) => {
    const codePoint = character.codePointAt(0)!;
    return ignorable(codePoint) || face.font.hasGlyphForCodePoint(codePoint);
  });

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * The string as runs of one face each: a grapheme cluster stays in the face of the run before it
 * when that face draws it (spaces and digits do not break a run), else goes to the first face that
 * draws all of it; failing that, it is tried without its accents, and then drawn as U+FFFD.
 */
export const pdfTextRuns = (text: string, weight: PdfWeight = 'regular'): PdfTextRun[] => {
  const faces = facesOf(weight);
  const runs: { font: string; text: string }[] = [];
  let current: Face | undefined;
  const place = (cluster: string): boolean => {
    const face = current && draws(current, cluster) ? current : faces.find((candidate) => draws(candidate, cluster));
    if (!face) return false;
    if (face === current) runs[runs.length - 1]!.text += cluster;
    else runs.push({ font: face.name, text: cluster });
    current = face;
    return true;
  };
  for (const { segment } of graphemes.segment(text)) {
    if (place(segment)) continue;
    const plain = segment.normalize('NFD').replace(/\p{M}/gu, '');
    if (plain && place(plain)) continue;
    place('\uFFFD');
  }
  return runs;
};

const registered = new WeakSet<PDFKit.PDFDocument>();

const register = (document: PDFKit.PDFDocument) => {
  if (registered.has(document)) return;
  for (const weight of ['regular', 'bold'] as const) for (const face of facesOf(weight)) document.registerFont(face.name, face.data);
  registered.add(document);
};

const faceNamed = (name: string) => [...facesOf('regular'), ...facesOf('bold')].find((face) => face.name === name)!;

type Piece = { font: string; text: string; space: boolean; width: number };

/** Runs cut at whitespace, each piece measured. */
const piecesOf = (document: PDFKit.PDFDocument, runs: PdfTextRun[], size: number, characterSpacing: number): Piece[] =>
  runs.flatMap((run) =>
    run.text
      .split(/(\s+)/)
      .filter(Boolean)
      .map((text) => {
        document.font(run.font).fontSize(size);
        return { font: run.font, text, space: /^\s+$/.test(text), width: document.widthOfString(text, { characterSpacing }) };
      }),
  );

/** Greedy wrapping: words (pieces between spaces, possibly of several faces) fill lines up to `width`; a word longer than a line is cut between its graphemes. */
const wrap = (document: PDFKit.PDFDocument, pieces: Piece[], width: number, size: number, characterSpacing: number): Piece[][] => {
  const lines: Piece[][] = [[]];
  let lineWidth = 0;
  let pendingSpace: Piece | undefined;
  const words: { pieces: Piece[]; space?: Piece }[] = [];
  for (const piece of pieces) {
    if (piece.space) {
      pendingSpace = piece;
      continue;
    }
    const last = words[words.length - 1];
    if (last && !pendingSpace) last.pieces.push(piece);
    else words.push({ pieces: [piece], space: pendingSpace });
    pendingSpace = undefined;
  }
  for (const word of words) {
    const wordWidth = word.pieces.reduce((sum, piece) => sum + piece.width, 0);
    const line = lines[lines.length - 1]!;
    const spaceWidth = line.length && word.space ? word.space.width : 0;
    if (!line.length || lineWidth + spaceWidth + wordWidth <= width) {
      if (line.length && word.space) line.push(word.space);
      line.push(...word.pieces);
      lineWidth += spaceWidth + wordWidth;
    } else {
      lines.push([...word.pieces]);
      lineWidth = wordWidth;
    }
    // A word wider than a whole line: cut it into lines of as many graphemes as fit.
    const filled = lines[lines.length - 1]!;
    if (lineWidth > width && filled.length === word.pieces.length) {
      lines.pop();
      let cut: Piece[] = [];
      let cutWidth = 0;
      for (const piece of word.pieces) {
        for (const { segment } of graphemes.segment(piece.text)) {
          document.font(piece.font).fontSize(size);
          const segmentWidth = document.widthOfString(segment, { characterSpacing });
          if (cut.length && cutWidth + segmentWidth > width) {
            lines.push(cut);
            cut = [];
            cutWidth = 0;
          }
          const tail = cut[cut.length - 1];
          if (tail && tail.font === piece.font) {
            tail.text += segment;
            tail.width += segmentWidth;
          } else cut.push({ font: piece.font, text: segment, space: false, width: segmentWidth });
          cutWidth += segmentWidth;
        }
      }
      lines.push(cut);
      lineWidth = cutWidth;
    }
  }
  return lines;
};

/**
 * Writes `text` like pdfkit's `document.text(text, { width, align })` at the document's current
 * position, in Noto Sans of the given weight whatever its script, and leaves `document.y` below it
 * (and the latin face selected, so `moveDown` steps by Noto Sans lines). Starts a new page when a
 * line would cross the bottom margin. The fill colour is the document's current one.
 */
export const writePdfText = (document: PDFKit.PDFDocument, text: string, options: PdfTextOptions = {}) => {
  register(document);
  const { margins } = document.page;
  const size = options.size ?? 12;
  const characterSpacing = options.characterSpacing ?? 0;
  const left = options.x ?? margins.left;
  const width = options.width ?? document.page.width - margins.right - left;
  let top = document.y;
  for (const paragraph of text.split(/\r?\n/)) {
    const runs = pdfTextRuns(paragraph, options.weight);
    const lines = wrap(document, piecesOf(document, runs, size, characterSpacing), width, size, characterSpacing);
    for (const line of lines) {
      // Trailing and leading spaces take no room; neighbours of one face are drawn together.
      while (line.length && line[line.length - 1]!.space) line.pop();
      while (line.length && line[0]!.space) line.shift();
      const drawn: Piece[] = [];
      for (const piece of line) {
        const tail = drawn[drawn.length - 1];
        if (tail && tail.font === piece.font) {
          tail.text += piece.text;
          tail.width += piece.width;
        } else drawn.push({ ...piece });
      }
      const fonts = drawn.length ? drawn.map((piece) => faceNamed(piece.font).font) : [facesOf(options.weight ?? 'regular')[0]!.font];
      const ascent = Math.max(...fonts.map((font) => (font.ascent / font.unitsPerEm) * size));
      const height = Math.max(...fonts.map((font) => ((font.ascent - font.descent + font.lineGap) / font.unitsPerEm) * size)) + (options.lineGap ?? 0);
      if (top + height > document.page.height - margins.bottom && top > margins.top) {
        document.addPage();
        top = document.page.margins.top;
      }
      const lineWidth = drawn.reduce((sum, piece) => sum + piece.width, 0);
      let x = left + (options.align === 'center' ? (width - lineWidth) / 2 : options.align === 'right' ? width - lineWidth : 0);
      if (drawn.length) document.markContent('Span', { actual: drawn.map((piece) => piece.text).join('') });
      for (const piece of drawn) {
        document.font(piece.font).fontSize(size).text(piece.text, x, top + ascent, { lineBreak: false, baseline: 'alphabetic', characterSpacing });
        x += piece.width;
      }
      if (drawn.length) document.endMarkedContent();
      top += height;
    }
  }
  document.font(facesOf(options.weight ?? 'regular')[0]!.name).fontSize(size);
  document.x = left;
  document.y = top;
  return document;
};
