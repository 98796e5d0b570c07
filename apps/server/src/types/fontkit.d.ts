// fontkit (pdfkit's font engine, installed with it) ships no types and @types/fontkit is not
// installed: the little of it pdf-text.ts uses (open a font, ask whether it draws a code point).
declare module 'fontkit' {
  export interface Font {
    readonly familyName: string;
    readonly unitsPerEm: number;
    readonly ascent: number;
    readonly descent: number;
    readonly lineGap: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
