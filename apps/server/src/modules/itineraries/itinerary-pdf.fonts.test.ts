import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfFontPath, type PdfFontWeight } from './itinerary-pdf.fonts.js';

const WEIGHTS: PdfFontWeight[] = ['regular', 'bold'];

describe('the PDF font (Noto Sans, Google Fonts build)', () => {
  it.each(WEIGHTS)(
    '%s has the rupee sign, Devanagari and the Latin and punctuation the PDF prints',
    (weight) => {
      const font = fontkit.create(readFileSync(pdfFontPath(weight))) as fontkit.Font;
      const needed = [
        0x20b9, // ₹
        ...Array.from({ length: 0x97f - 0x900 + 1 }, (_, i) => 0x900 + i).filter(
          // The Devanagari block's assigned letters, signs and digits.
          (cp) => cp <= 0x94f || (cp >= 0x950 && cp <= 0x97f),
        ),
        ...[...'AZaz09éüñ•–—…‘’“”›·×'].map((c) => c.codePointAt(0) ?? 0),
      ];
      const missing = needed.filter((cp) => !font.hasGlyphForCodePoint(cp));
      expect(missing.map((cp) => cp.toString(16))).toEqual([]);
    },
  );

  it('shapes "केरल यात्रा": the conjunct त्र is one glyph and every character maps back', () => {
    const font = fontkit.create(readFileSync(pdfFontPath('regular'))) as fontkit.Font;
    const run = font.layout('केरल यात्रा');
    const conjunct = run.glyphs.find((g) => g.codePoints.length === 3);
    expect(conjunct?.codePoints).toEqual([0x924, 0x94d, 0x930]);
    // The glyphs' characters, in order, are the text: what a PDF's text layer gives back.
    expect(String.fromCodePoint(...run.glyphs.flatMap((g) => g.codePoints))).toBe('केरल यात्रा');
    expect(run.glyphs.every((g) => g.id !== 0)).toBe(true);
  });
});
