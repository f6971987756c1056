/*
 * Zod-free: the text a reader (or a search engine) sees of stored rich text, shared by the quality
 * rules (`quality.ts`), the search preview and structured data (`seo.ts`) and the server.
 */

/** Runs of white space as one space, trimmed. */
export const collapseSpace = (text: string): string => text.replace(/\s+/g, ' ').trim();

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  rarr: '→',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  times: '×',
  rupee: '₹',
};

/** HTML character references as text (numeric ones; the named ones our sanitiser writes). */
export const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      // Lone surrogates, NUL and out-of-range numbers are not text.
      const valid =
        Number.isInteger(code) &&
        code > 0 &&
        code <= 0x10ffff &&
        !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });

/** Tags that end a line or a block: they separate words; other tags (`strong`, `a`) do not. */
const BREAKING_TAG =
  /<\/?(?:p|br|hr|h[1-6]|li|ul|ol|div|blockquote|pre|table|tr|td|th|section|article|figure|figcaption)\b[^>]*>/gi;

/**
 * The text of rich HTML on one line, as a reader sees it and a search engine reads it for its
 * snippet: comments, scripts and styles dropped, block tags and line breaks a space, other tags
 * nothing, entities decoded (a no-break space is a space), white space collapsed.
 */
export const plainTextOf = (html: string): string =>
  collapseSpace(
    decodeEntities(
      html
        .replace(/<!--[\s\S]*?-->/g, ' ')
        .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
        .replace(BREAKING_TAG, ' ')
        .replace(/<[^>]*>/g, ''),
    ).replace(/\u00a0/g, ' '),
  );
