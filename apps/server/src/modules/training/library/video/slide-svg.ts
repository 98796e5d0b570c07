import type { LessonText } from '../lesson-library.ts';
import { ellipsize, textWidth, wrapText } from './text-measure.ts';

// One lesson slide as a 1280×720 SVG: the heading, the points, and a mock of the example message
// with its tell-tale lines marked and explained. Every text is measured and wrapped here, and each
// block shrinks until it fits its area, so nothing runs off the slide whatever the lesson says.

type Slide = LessonText['slides'][number];
type Example = NonNullable<Slide['example']>;

export const slideWidth = 1280;
export const slideHeight = 720;
/** The font the slides are drawn in (Arial's metrics, which text-measure assumes). */
export const slideFontFamily = 'Liberation Sans';

// The product's palette (apps/web/src/app/theme.ts); every text/background pair reaches WCAG AA.
const colour = {
  primary: '#1a3d7c',
  primaryDark: '#0f2a5c',
  primaryLight: '#3a5ea8',
  secondary: '#00695c',
  page: '#f4f6fa',
  paper: '#ffffff',
  text: '#1b2330',
  textMuted: '#4a5568',
  divider: '#d5dbe5',
  flag: '#b3261e',
  flagTint: '#fdecea',
  bubble: '#e9edf3',
  footerText: '#dbe4f3',
  accentLight: '#7cc7bb',
} as const;

const margin = 72;
const footerTop = 660;
/** Nothing but the footer goes below this line. */
export const contentBottom = 636;

/** A text the slide draws, with the width it was given: the tests check that none overflows. */
export type PlacedText = Readonly<{ text: string; x: number; y: number; size: number; bold: boolean; anchor: 'start' | 'middle' | 'end'; maxWidth: number }>;

type TextOptions = { bold?: boolean; fill?: string; anchor?: PlacedText['anchor']; maxWidth: number; italic?: boolean };

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const round = (value: number) => Math.round(value * 10) / 10;

class Drawing {
  readonly parts: string[] = [];
  readonly texts: PlacedText[] = [];
  /** The lowest point drawn in the content area. */
  bottom = 0;

  add(svg: string) {
    this.parts.push(svg);
  }

  rect(x: number, y: number, width: number, height: number, attributes: string) {
    this.add(`<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" ${attributes}/>`);
    this.bottom = Math.max(this.bottom, y + height);
  }

  circle(cx: number, cy: number, r: number, attributes: string) {
    this.add(`<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" ${attributes}/>`);
    this.bottom = Math.max(this.bottom, cy + r);
  }

  text(text: string, x: number, y: number, size: number, options: TextOptions) {
    const { bold = false, fill = colour.text, anchor = 'start', maxWidth, italic = false } = options;
    const attributes = [
      `x="${round(x)}"`,
      `y="${round(y)}"`,
      `font-size="${round(size)}"`,
      bold ? 'font-weight="700"' : '',
      italic ? 'font-style="italic"' : '',
      anchor === 'start' ? '' : `text-anchor="${anchor}"`,
      `fill="${fill}"`,
    ].filter(Boolean);
    this.add(`<text ${attributes.join(' ')}>${escapeXml(text)}</text>`);
    this.texts.push({ text, x, y, size, bold, anchor, maxWidth });
    this.bottom = Math.max(this.bottom, y + size * 0.25);
  }

  merge(other: Drawing) {
    this.parts.push(...other.parts);
    this.texts.push(...other.texts);
    this.bottom = Math.max(this.bottom, other.bottom);
  }
}

/** Draws wrapped lines from a first baseline; returns the baseline after the last line. */
const drawLines = (drawing: Drawing, lines: string[], x: number, y: number, size: number, lineHeight: number, options: TextOptions) => {
  lines.forEach((line, index) => drawing.text(line, x, y + index * lineHeight, size, options));
  return y + lines.length * lineHeight;
};

// --- header, points and footer ---------------------------------------------------------------

const headingLayout = (heading: string) => {
  for (const size of [44, 40, 36, 32]) {
    const lines = wrapText(heading, slideWidth - 2 * margin, size, true);
    if (lines.length <= 2) return { size, lines };
  }
  return { size: 32, lines: wrapText(heading, slideWidth - 2 * margin, 32, true) };
};

/** Draws the heading and its accent rule; returns where the content starts. */
const drawHeader = (drawing: Drawing, heading: string) => {
  const { size, lines } = headingLayout(heading);
  const lineHeight = size * 1.18;
  const first = 56 + size;
  drawLines(drawing, lines, margin, first, size, lineHeight, { bold: true, fill: colour.primaryDark, maxWidth: slideWidth - 2 * margin });
  const rule = first + (lines.length - 1) * lineHeight + 24;
  drawing.rect(margin, rule, 72, 6, `rx="3" fill="${colour.secondary}"`);
  return rule + 40;
};

/** The heading alone, large and centred: a slide that is all narration. */
const drawHeroHeading = (drawing: Drawing, heading: string) => {
  const width = 1000;
  let size = 60;
  let lines = wrapText(heading, width, size, true);
  while (lines.length > 3 && size > 40) {
    size -= 4;
    lines = wrapText(heading, width, size, true);
  }
  const lineHeight = size * 1.2;
  const first = 330 - ((lines.length - 1) * lineHeight) / 2;
  drawLines(drawing, lines, slideWidth / 2, first, size, lineHeight, { bold: true, fill: colour.primaryDark, anchor: 'middle', maxWidth: width });
  drawing.rect(slideWidth / 2 - 48, first + (lines.length - 1) * lineHeight + 36, 96, 8, `rx="4" fill="${colour.secondary}"`);
};

type PointsStyle = 'cards' | 'bullets';

const layoutPoints = (points: string[], x: number, top: number, width: number, size: number, style: PointsStyle): Drawing => {
  const drawing = new Drawing();
  const lineHeight = size * 1.3;
  let y = top;
  for (const [index, point] of points.entries()) {
    const number = index + 1;
    if (style === 'cards') {
      const padding = size * 0.6;
      const indent = size * 1.9;
      const lines = wrapText(point, width - 2 * padding - indent, size);
      const height = lines.length * lineHeight + 2 * padding - (lineHeight - size);
      drawing.rect(x, y, width, height, `rx="12" fill="${colour.paper}" stroke="${colour.divider}" stroke-width="1.5"`);
      const badge = size * 0.62;
      drawing.circle(x + padding + badge, y + padding + size * 0.48, badge, `fill="${colour.secondary}"`);
      drawing.text(String(number), x + padding + badge, y + padding + size * 0.48 + badge * 0.42, badge * 1.15, { bold: true, fill: colour.paper, anchor: 'middle', maxWidth: badge * 2 });
      drawLines(drawing, lines, x + padding + indent, y + padding + size * 0.82, size, lineHeight, { maxWidth: width - 2 * padding - indent });
      y += height + size * 0.5;
    } else {
      const indent = size * 1.1;
      const lines = wrapText(point, width - indent, size);
      drawing.circle(x + size * 0.3, y + size * 0.5, size * 0.22, `fill="${colour.secondary}"`);
      drawLines(drawing, lines, x + indent, y + size * 0.82, size, lineHeight, { maxWidth: width - indent });
      y += lines.length * lineHeight + size * 0.6;
    }
  }
  return drawing;
};

/** The points in the largest size that fits between top and the content bottom. */
const drawPoints = (drawing: Drawing, points: string[], x: number, top: number, width: number, sizes: number[], style: PointsStyle) => {
  let layout = layoutPoints(points, x, top, width, sizes.at(-1)!, style);
  for (const size of sizes) {
    const candidate = layoutPoints(points, x, top, width, size, style);
    if (candidate.bottom <= contentBottom) {
      layout = candidate;
      break;
    }
  }
  drawing.merge(layout);
};

const shieldPath = 'M0 -11 L9 -7.5 V0 C9 6 5 10 0 12 C-5 10 -9 6 -9 0 V-7.5 Z';

const drawFooter = (drawing: Drawing, title: string, index: number, total: number) => {
  drawing.add(`<rect x="0" y="${footerTop}" width="${slideWidth}" height="${slideHeight - footerTop}" fill="${colour.primaryDark}"/>`);
  drawing.add(`<rect x="0" y="${footerTop}" width="${slideWidth}" height="4" fill="${colour.primaryLight}"/>`);
  drawing.add(`<rect x="0" y="${footerTop}" width="${round((slideWidth * (index + 1)) / total)}" height="4" fill="${colour.accentLight}"/>`);
  const baseline = footerTop + 38;
  drawing.add(`<path transform="translate(${margin + 9} ${baseline - 7})" d="${shieldPath}" fill="${colour.accentLight}"/>`);
  drawing.text('Vigil', margin + 28, baseline, 20, { bold: true, fill: colour.paper, maxWidth: 60 });
  const counter = `Slide ${index + 1} of ${total}`;
  drawing.text(counter, slideWidth - margin, baseline, 20, { fill: colour.paper, anchor: 'end', maxWidth: 200 });
  const titleX = margin + 110;
  const titleWidth = slideWidth - margin - 200 - 32 - titleX;
  drawing.add(`<rect x="${titleX - 18}" y="${baseline - 18}" width="2" height="22" fill="${colour.primaryLight}"/>`);
  drawing.text(ellipsize(title, titleWidth, 20), titleX, baseline, 20, { fill: colour.footerText, maxWidth: titleWidth });
};

// --- example messages -------------------------------------------------------------------------

/** Lays out an example at a scale from its top-left corner; returns the drawing (its bottom is the height). */
type ExampleLayout = (example: Example, x: number, y: number, width: number, scale: number) => Drawing;

const notesOf = (example: Example, line: number) => example.flags.filter((flag) => flag.line === line).map((flag) => flag.note);

const shadow = 'filter="url(#shadow)"';

/** A band across the top of a card, rounded like the card's corners. */
const topBand = (x: number, y: number, width: number, height: number, radius: number, fill: string) =>
  `<path d="M${round(x)} ${round(y + height)} V${round(y + radius)} a${round(radius)} ${round(radius)} 0 0 1 ${round(radius)} ${round(-radius)} H${round(x + width - radius)} a${round(radius)} ${round(radius)} 0 0 1 ${round(radius)} ${round(radius)} V${round(y + height)} Z" fill="${fill}"/>`;

/**
 * One line of a message: wrapped text on a bubble or plain, marked in the flag colour when the
 * example flags it, with each flag's note in a callout right under it. Returns the y after it.
 */
const drawMessageLine = (
  drawing: Drawing,
  text: string,
  notes: string[],
  box: { x: number; y: number; width: number; scale: number; size: number; bubble?: string; textFill?: string; fitBubble?: boolean },
) => {
  const { x, y, width, scale, size } = box;
  const padX = (box.bubble ? 14 : 10) * scale;
  const padY = 8 * scale;
  const lineHeight = size * 1.32;
  const lines = wrapText(text, width - 2 * padX, size);
  const textWidthUsed = Math.max(...lines.map((line) => textWidth(line, size)));
  const blockWidth = box.fitBubble ? Math.min(width, textWidthUsed + 2 * padX + 2) : width;
  const blockHeight = lines.length * lineHeight - (lineHeight - size) + 2 * padY + 4 * scale;
  const flagged = notes.length > 0;
  if (flagged) {
    drawing.rect(x, y, blockWidth, blockHeight, `rx="${round(10 * scale)}" fill="${box.bubble ? box.bubble : colour.flagTint}" stroke="${colour.flag}" stroke-width="${round(3 * scale)}"`);
    if (!box.bubble) drawing.rect(x, y, 6 * scale, blockHeight, `rx="${round(3 * scale)}" fill="${colour.flag}"`);
  } else if (box.bubble) {
    drawing.rect(x, y, blockWidth, blockHeight, `rx="${round(14 * scale)}" fill="${box.bubble}"`);
  }
  drawLines(drawing, lines, x + padX, y + padY + size * 0.9, size, lineHeight, { fill: box.textFill ?? colour.text, maxWidth: width - 2 * padX });
  let next = y + blockHeight;
  const noteSize = 16 * scale;
  for (const note of notes) {
    next += 8 * scale;
    const notePad = 10 * scale;
    const marker = 18 * scale;
    const noteLines = wrapText(note, width - 2 * notePad - marker, noteSize, true);
    const noteWidth = Math.min(width, Math.max(...noteLines.map((line) => textWidth(line, noteSize, true))) + 2 * notePad + marker + 2);
    const noteHeight = noteLines.length * noteSize * 1.25 + 2 * notePad - noteSize * 0.25;
    const tip = x + 22 * scale;
    drawing.add(`<path d="M${round(tip - 8 * scale)} ${round(next)} L${round(tip)} ${round(next - 8 * scale)} L${round(tip + 8 * scale)} ${round(next)} Z" fill="${colour.flag}"/>`);
    drawing.rect(x, next, noteWidth, noteHeight, `rx="${round(6 * scale)}" fill="${colour.flag}"`);
    // A small warning mark: a ring with an exclamation point, drawn so it needs no symbol font.
    const markX = x + notePad + 7 * scale;
    const markY = next + notePad + noteSize * 0.42;
    drawing.circle(markX, markY, 7 * scale, `fill="none" stroke="${colour.paper}" stroke-width="${round(1.8 * scale)}"`);
    drawing.rect(markX - 0.9 * scale, markY - 4 * scale, 1.8 * scale, 5 * scale, `fill="${colour.paper}"`);
    drawing.rect(markX - 0.9 * scale, markY + 2 * scale, 1.8 * scale, 1.8 * scale, `fill="${colour.paper}"`);
    drawLines(drawing, noteLines, x + notePad + marker, next + notePad + noteSize * 0.8, noteSize, noteSize * 1.25, { bold: true, fill: colour.paper, maxWidth: width - 2 * notePad - marker });
    next += noteHeight;
  }
  return next;
};

const initialOf = (name: string | undefined) => (name?.replace(/[^\p{L}\p{N}]/gu, '')[0] ?? '?').toUpperCase();

const avatar = (drawing: Drawing, cx: number, cy: number, r: number, name: string | undefined, fill: string) => {
  drawing.circle(cx, cy, r, `fill="${fill}"`);
  drawing.text(initialOf(name), cx, cy + r * 0.36, r, { bold: true, fill: colour.paper, anchor: 'middle', maxWidth: 2 * r });
};

const emailLayout: ExampleLayout = (example, x, y, width, scale) => {
  const drawing = new Drawing();
  const body = new Drawing();
  const pad = 24 * scale;
  const inner = width - 2 * pad;
  const r = 22 * scale;
  avatar(body, x + pad + r, y + pad + r, r, example.from, colour.primaryLight);
  const nameX = x + pad + 2 * r + 14 * scale;
  body.text(ellipsize(example.from ?? 'Unknown sender', x + width - pad - nameX, 18 * scale, true), nameX, y + pad + 18 * scale, 18 * scale, { bold: true, maxWidth: x + width - pad - nameX });
  body.text('to me', nameX, y + pad + 40 * scale, 15 * scale, { fill: colour.textMuted, maxWidth: 80 * scale });
  let cursor = y + pad + 2 * r + 18 * scale;
  if (example.subject) {
    const size = 22 * scale;
    const lines = wrapText(example.subject, inner, size, true);
    drawLines(body, lines, x + pad, cursor + size * 0.85, size, size * 1.25, { bold: true, maxWidth: inner });
    cursor += lines.length * size * 1.25 + 6 * scale;
  }
  body.add(`<line x1="${round(x + pad)}" y1="${round(cursor)}" x2="${round(x + width - pad)}" y2="${round(cursor)}" stroke="${colour.divider}" stroke-width="1.5"/>`);
  cursor += 14 * scale;
  example.lines.forEach((line, index) => {
    cursor = drawMessageLine(body, line, notesOf(example, index), { x: x + pad - 8 * scale, y: cursor, width: inner + 16 * scale, scale, size: 19 * scale }) + 8 * scale;
  });
  const height = cursor - y + pad - 8 * scale;
  drawing.rect(x, y, width, height, `rx="${round(14 * scale)}" fill="${colour.paper}" stroke="${colour.divider}" stroke-width="1.5" ${shadow}`);
  drawing.add(topBand(x, y, width, 14 * scale, 14 * scale, colour.primary));
  drawing.rect(x, y + 8 * scale, width, 8 * scale, `fill="${colour.paper}"`);
  drawing.merge(body);
  return drawing;
};

const webLayout: ExampleLayout = (example, x, y, width, scale) => {
  const drawing = new Drawing();
  const body = new Drawing();
  const bar = 48 * scale;
  const pad = 26 * scale;
  const inner = width - 2 * pad;
  [colour.flag, '#8a5300', colour.secondary].forEach((fill, index) => body.circle(x + (20 + index * 18) * scale, y + bar / 2, 6 * scale, `fill="${fill}"`));
  const addressX = x + 80 * scale;
  const addressWidth = width - 80 * scale - 16 * scale;
  body.rect(addressX, y + 9 * scale, addressWidth, bar - 18 * scale, `rx="${round((bar - 18 * scale) / 2)}" fill="${colour.paper}" stroke="${colour.divider}"`);
  // A padlock: the shackle and the body.
  const lockX = addressX + 16 * scale;
  const lockY = y + bar / 2;
  body.add(`<path d="M${round(lockX - 4 * scale)} ${round(lockY - 1 * scale)} v${round(-3 * scale)} a${round(4 * scale)} ${round(4 * scale)} 0 0 1 ${round(8 * scale)} 0 v${round(3 * scale)}" fill="none" stroke="${colour.textMuted}" stroke-width="${round(1.8 * scale)}"/>`);
  body.rect(lockX - 6 * scale, lockY - 1 * scale, 12 * scale, 9 * scale, `rx="${round(2 * scale)}" fill="${colour.textMuted}"`);
  const urlX = lockX + 16 * scale;
  const urlWidth = addressX + addressWidth - 14 * scale - urlX;
  body.text(ellipsize(example.from ?? 'https://', urlWidth, 16 * scale), urlX, lockY + 5.5 * scale, 16 * scale, { maxWidth: urlWidth });
  let cursor = y + bar + pad;
  if (example.subject) {
    const size = 26 * scale;
    const lines = wrapText(example.subject, inner, size, true);
    drawLines(body, lines, x + pad, cursor + size * 0.85, size, size * 1.22, { bold: true, fill: colour.primaryDark, maxWidth: inner });
    cursor += lines.length * size * 1.22 + 10 * scale;
  }
  example.lines.forEach((line, index) => {
    cursor = drawMessageLine(body, line, notesOf(example, index), { x: x + pad - 8 * scale, y: cursor, width: inner + 16 * scale, scale, size: 19 * scale }) + 8 * scale;
  });
  const height = cursor - y + pad - 8 * scale;
  drawing.rect(x, y, width, height, `rx="${round(14 * scale)}" fill="${colour.paper}" stroke="${colour.divider}" stroke-width="1.5" ${shadow}`);
  drawing.add(topBand(x, y, width, bar, 14 * scale, colour.bubble));
  drawing.merge(body);
  return drawing;
};

const smsLayout: ExampleLayout = (example, x, y, width, scale) => {
  const drawing = new Drawing();
  const body = new Drawing();
  const phoneWidth = Math.min(width, 480);
  const left = x + (width - phoneWidth) / 2;
  const bezel = 12 * scale;
  const screenX = left + bezel;
  const screenWidth = phoneWidth - 2 * bezel;
  const centre = left + phoneWidth / 2;
  let cursor = y + bezel + 30 * scale;
  body.rect(centre - 40 * scale, y + bezel + 8 * scale, 80 * scale, 14 * scale, `rx="${round(7 * scale)}" fill="${colour.text}"`);
  const r = 22 * scale;
  body.circle(centre, cursor + r, r, `fill="#9aa6b8"`);
  body.circle(centre, cursor + r * 0.75, r * 0.36, `fill="${colour.paper}"`);
  body.add(`<path d="M${round(centre - r * 0.62)} ${round(cursor + r * 1.62)} a${round(r * 0.62)} ${round(r * 0.5)} 0 0 1 ${round(r * 1.24)} 0 Z" fill="${colour.paper}"/>`);
  cursor += 2 * r + 24 * scale;
  body.text(ellipsize(example.from ?? 'Unknown number', screenWidth - 32 * scale, 19 * scale, true), centre, cursor, 19 * scale, { bold: true, anchor: 'middle', maxWidth: screenWidth - 32 * scale });
  cursor += 22 * scale;
  body.text('Text Message · Today 09:14', centre, cursor, 14 * scale, { fill: colour.textMuted, anchor: 'middle', maxWidth: screenWidth - 32 * scale });
  cursor += 20 * scale;
  const bubbleWidth = screenWidth * 0.86;
  example.lines.forEach((line, index) => {
    cursor = drawMessageLine(body, line, notesOf(example, index), { x: screenX + 14 * scale, y: cursor, width: bubbleWidth, scale, size: 19 * scale, bubble: colour.bubble, fitBubble: true }) + 8 * scale;
  });
  cursor += 8 * scale;
  body.rect(screenX + 14 * scale, cursor, screenWidth - 28 * scale, 36 * scale, `rx="${round(18 * scale)}" fill="${colour.paper}" stroke="${colour.divider}" stroke-width="1.5"`);
  body.text('Text Message', screenX + 30 * scale, cursor + 23 * scale, 15 * scale, { fill: colour.textMuted, maxWidth: 160 * scale });
  cursor += 36 * scale + 16 * scale;
  const height = cursor - y + bezel;
  drawing.rect(left, y, phoneWidth, height, `rx="${round(44 * scale)}" fill="${colour.text}" ${shadow}`);
  drawing.rect(screenX, y + bezel, screenWidth, height - 2 * bezel, `rx="${round(34 * scale)}" fill="${colour.paper}"`);
  drawing.merge(body);
  return drawing;
};

// Material Design's "call" handset (Apache 2.0), 24×24 units.
const handsetPath =
  'M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02l-2.2 2.2z';

const callLayout: ExampleLayout = (example, x, y, width, scale) => {
  const drawing = new Drawing();
  const body = new Drawing();
  const pad = 24 * scale;
  const header = 104 * scale;
  const r = 30 * scale;
  body.circle(x + pad + r, y + header / 2, r, `fill="${colour.primaryLight}"`);
  body.circle(x + pad + r, y + header / 2 - r * 0.25, r * 0.36, `fill="${colour.paper}"`);
  body.add(`<path d="M${round(x + pad + r * 0.38)} ${round(y + header / 2 + r * 0.62)} a${round(r * 0.62)} ${round(r * 0.5)} 0 0 1 ${round(r * 1.24)} 0 Z" fill="${colour.paper}"/>`);
  const buttons = 2 * 26 * scale + 16 * scale;
  const nameX = x + pad + 2 * r + 18 * scale;
  const nameWidth = x + width - pad - buttons - 16 * scale - nameX;
  body.text('Incoming call', nameX, y + header / 2 - 10 * scale, 15 * scale, { fill: colour.footerText, maxWidth: nameWidth });
  body.text(ellipsize(example.from ?? 'Unknown caller', nameWidth, 22 * scale, true), nameX, y + header / 2 + 18 * scale, 22 * scale, { bold: true, fill: colour.paper, maxWidth: nameWidth });
  const handset = (cx: number, fill: string, rotate: number) => {
    body.circle(cx, y + header / 2, 26 * scale, `fill="${fill}"`);
    body.add(`<path transform="translate(${round(cx)} ${round(y + header / 2)}) rotate(${rotate}) scale(${round(1.1 * scale * 10) / 10}) translate(-12 -12)" d="${handsetPath}" fill="${colour.paper}"/>`);
  };
  handset(x + width - pad - 26 * scale - 26 * 2 * scale - 16 * scale, '#c5221f', 135);
  handset(x + width - pad - 26 * scale, '#1e7b34', 0);
  let cursor = y + header + 20 * scale;
  body.text('What the caller says', x + pad, cursor + 12 * scale, 15 * scale, { bold: true, fill: colour.textMuted, maxWidth: width - 2 * pad });
  cursor += 26 * scale;
  example.lines.forEach((line, index) => {
    cursor = drawMessageLine(body, line, notesOf(example, index), { x: x + pad, y: cursor, width: width - 2 * pad, scale, size: 19 * scale, bubble: colour.bubble }) + 10 * scale;
  });
  const height = cursor - y + pad - 10 * scale;
  drawing.rect(x, y, width, height, `rx="${round(16 * scale)}" fill="${colour.paper}" stroke="${colour.divider}" stroke-width="1.5" ${shadow}`);
  drawing.add(topBand(x, y, width, header, 16 * scale, colour.primaryDark));
  drawing.merge(body);
  return drawing;
};

const chatLayout: ExampleLayout = (example, x, y, width, scale) => {
  const drawing = new Drawing();
  const body = new Drawing();
  const pad = 22 * scale;
  const header = 56 * scale;
  body.text('Chat', x + pad, y + header / 2 + 7 * scale, 18 * scale, { bold: true, fill: colour.primaryDark, maxWidth: 60 * scale });
  body.add(`<line x1="${round(x)}" y1="${round(y + header)}" x2="${round(x + width)}" y2="${round(y + header)}" stroke="${colour.divider}" stroke-width="1.5"/>`);
  let cursor = y + header + 20 * scale;
  const r = 20 * scale;
  avatar(body, x + pad + r, cursor + r, r, example.from, colour.secondary);
  const textX = x + pad + 2 * r + 14 * scale;
  const textWidthAvailable = x + width - pad - textX;
  const name = ellipsize(example.from ?? 'Unknown', textWidthAvailable - 60 * scale, 17 * scale, true);
  body.text(name, textX, cursor + 15 * scale, 17 * scale, { bold: true, maxWidth: textWidthAvailable - 60 * scale });
  body.text('09:12', textX + textWidth(name, 17 * scale, true) + 10 * scale, cursor + 15 * scale, 14 * scale, { fill: colour.textMuted, maxWidth: 50 * scale });
  cursor += 26 * scale;
  example.lines.forEach((line, index) => {
    cursor = drawMessageLine(body, line, notesOf(example, index), { x: textX, y: cursor, width: textWidthAvailable, scale, size: 19 * scale, bubble: colour.bubble, fitBubble: true }) + 8 * scale;
  });
  const height = cursor - y + pad - 8 * scale;
  drawing.rect(x, y, width, height, `rx="${round(14 * scale)}" fill="${colour.paper}" stroke="${colour.divider}" stroke-width="1.5" ${shadow}`);
  drawing.merge(body);
  return drawing;
};

const exampleLayouts: Record<Example['kind'], ExampleLayout> = { email: emailLayout, web: webLayout, sms: smsLayout, call: callLayout, chat: chatLayout };

/** The example at the largest scale whose height fits; centred in the space when there is room. */
const drawExample = (drawing: Drawing, example: Example, x: number, top: number, width: number, centre: boolean) => {
  const layout = exampleLayouts[example.kind];
  const available = contentBottom - top;
  let scale = 1.15;
  let fitted = layout(example, x, top, width, scale);
  while (fitted.bottom - top > available && scale > 0.3) {
    scale -= 0.05;
    fitted = layout(example, x, top, width, scale);
  }
  const spare = available - (fitted.bottom - top);
  if (centre && spare > 8) fitted = layout(example, x, top + spare / 2, width, scale);
  drawing.merge(fitted);
};

const defs = `<defs><filter id="shadow" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="6" stdDeviation="10" flood-color="#0f2a5c" flood-opacity="0.14"/></filter></defs>`;

export type SlideDrawing = Readonly<{ svg: string; texts: PlacedText[]; contentBottom: number }>;

/** The SVG of one slide: its heading, points and example, with the lesson title and the slide's place in the footer. */
export const drawSlide = (input: { title: string; slide: Slide; index: number; total: number }): SlideDrawing => {
  const { title, slide, index, total } = input;
  const content = new Drawing();
  if (!slide.example && slide.points.length === 0) {
    drawHeroHeading(content, slide.heading);
  } else {
    const top = drawHeader(content, slide.heading);
    if (!slide.example) {
      drawPoints(content, slide.points, margin, top, slideWidth - 2 * margin, [32, 30, 28, 26, 24, 22, 20], 'cards');
    } else if (slide.points.length === 0) {
      drawExample(content, slide.example, 230, top, slideWidth - 460, true);
    } else {
      const columnWidth = 430;
      drawPoints(content, slide.points, margin, top + 8, columnWidth, [28, 26, 24, 22, 20, 18], 'bullets');
      const exampleX = margin + columnWidth + 48;
      drawExample(content, slide.example, exampleX, top, slideWidth - margin - exampleX, false);
    }
  }
  const footer = new Drawing();
  drawFooter(footer, title, index, total);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${slideWidth}" height="${slideHeight}" viewBox="0 0 ${slideWidth} ${slideHeight}" font-family="${slideFontFamily}, DejaVu Sans, sans-serif">`,
    defs,
    `<rect width="${slideWidth}" height="${slideHeight}" fill="${colour.page}"/>`,
    `<circle cx="${slideWidth + 40}" cy="-40" r="300" fill="#e8edf6"/>`,
    ...content.parts,
    ...footer.parts,
    '</svg>',
  ].join('\n');
  return { svg, texts: [...content.texts, ...footer.texts], contentBottom: content.bottom };
};
