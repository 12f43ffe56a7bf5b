/** The part of fontkit (pdfkit's font engine, a direct dependency for the PDF fonts) that the project uses. */
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    bbox: { minX: number; minY: number; maxX: number; maxY: number };
  }
  export interface Subset {
    includeGlyph(glyph: Glyph | number): number;
    encode(): Uint8Array;
  }
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    getGlyph(id: number): Glyph;
    createSubset(): Subset;
  }
  export function create(buffer: Buffer | Uint8Array): Font;
}
