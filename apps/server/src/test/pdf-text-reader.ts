import { inflateSync } from 'node:zlib';

/** A PDF literal string's bytes: `(…)` with its backslash escapes undone. */
const literalBytes = (literal: string) => {
  const body = literal.slice(1, -1);
  let out = '';
  for (let index = 0; index < body.length; index++) {
    const character = body[index]!;
    if (character !== '\\') {
      out += character;
      continue;
    }
    const next = body[++index]!;
    const octal = /^[0-7]{1,3}/.exec(body.slice(index))?.[0];
    if (octal) {
      out += String.fromCharCode(parseInt(octal, 8));
      index += octal.length - 1;
    } else if (next === '\n' || next === '\r') {
      // A line continuation.
    } else out += ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[next] ?? next;
  }
  return Buffer.from(out, 'latin1');
};

/** A text string's characters: UTF-16BE after its byte-order mark, else PDFDocEncoding (taken as Latin-1). */
const textString = (bytes: Buffer) => {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  return bytes.toString('latin1');
};

/**
 * The text of a PDF written with lib/pdf-text.ts, as a reader copying it gets it: the ActualText
 * of every marked line of every (inflated) content stream, a line each, in the order written.
 * Glyph ids of embedded fonts say nothing by themselves, and a shaped Devanagari line draws some
 * vowel signs before their consonant: the ActualText is the characters in their logical order.
 */
export const readPdfText = (pdf: Buffer) => {
  const lines: string[] = [];
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content = Buffer.from(match[1]!, 'latin1');
    try {
      content = inflateSync(content);
    } catch {
      // Not compressed.
    }
    for (const marked of content.toString('latin1').matchAll(/\/ActualText\s*(\((?:\\[\s\S]|[^\\)])*\)|<[0-9a-fA-F\s]*>)/g)) {
      const token = marked[1]!;
      const bytes = token.startsWith('(') ? literalBytes(token) : Buffer.from(token.slice(1, -1).replace(/\s/g, ''), 'hex');
      lines.push(textString(bytes));
    }
  }
  return lines.join('\n');
};
