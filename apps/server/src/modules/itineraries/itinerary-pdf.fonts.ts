import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * The PDF's typeface: Noto Sans (SIL OFL 1.1) as Google Fonts builds it, from the npm package
 * `@expo-google-fonts/noto-sans` (TTF files, no code we run). That build carries Latin, Greek,
 * Cyrillic **and Devanagari** with its OpenType shaping tables, and the rupee sign ₹ (U+20B9), so
 * one font prints an English or a Hindi itinerary without per-character fallback. pdfkit embeds
 * only the glyphs a document uses (a subset), so the 630 KB files cost a PDF a few tens of KB.
 * `itinerary-pdf.fonts.test.ts` checks the coverage with fontkit.
 */
export const PDF_FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;
export type PdfFontWeight = keyof typeof PDF_FONT_FILES;

const require = createRequire(import.meta.url);

/** The font file's path, resolved from node_modules (the source in tests, dist/ when built). */
export const pdfFontPath = (weight: PdfFontWeight): string =>
  require.resolve(PDF_FONT_FILES[weight]);

let loaded: Record<PdfFontWeight, fontkit.Font> | null = null;

const open = (weight: PdfFontWeight) =>
  fontkit.create(readFileSync(pdfFontPath(weight))) as fontkit.Font;

/**
 * Both weights, parsed once per process and handed to every document (pdfkit 0.20 takes a
 * fontkit font as a source): the shaping tables are decoded on first use, and with one
 * instance that happens once, not per PDF.
 */
export const pdfFonts = (): Record<PdfFontWeight, fontkit.Font> => {
  loaded ??= { regular: open('regular'), bold: open('bold') };
  return loaded;
};
