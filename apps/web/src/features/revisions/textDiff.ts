import { decodeEntities } from '@safarnama/contract';

/**
 * Rich text compared as text (issue 21's History panel): the HTML a revision stores becomes plain
 * text with its paragraphs and list items on their own lines, and two texts are compared word by
 * word. Small on purpose, no dependency: a longest-common-subsequence over the words between the
 * common start and end, which is where edits are. Entities decode through the contract's
 * `decodeEntities` (html-text.ts), as the quality rules and the search preview do.
 */

/** True for a string that holds markup (a rich-text field), not plain text with a '<' in it. */
export const looksLikeHtml = (value: string): boolean =>
  /<\/?(p|br|div|h[1-6]|ul|ol|li|strong|em|b|i|u|s|a|blockquote|code|pre|span)\b[^>]*>/i.test(
    value,
  );

/**
 * The text a reader sees: block ends (paragraphs, headings, list items, line breaks) become line
 * breaks, list items start with '• ', every other tag goes, entities are decoded, and runs of
 * spaces and blank lines collapse.
 */
export const htmlToText = (html: string): string =>
  decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '\n• ')
      .replace(/<\/(p|div|h[1-6]|li|blockquote|pre|ul|ol)>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');

/** One piece of a compared text: a word (or a line break '\n') kept, removed or added. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Words and line breaks, in order ('\n' is a token of its own, so lines survive the diff). */
const tokens = (text: string): string[] =>
  text
    .replace(/\n/g, ' \n ')
    .split(/ +/)
    .filter((token) => token !== '');

/** Above this many cells the middle is shown as removed + added whole (a rewrite, not an edit). */
const MAX_CELLS = 1_000_000;

/**
 * The words of `before` and `after` in order, each marked kept, removed (only in `before`) or
 * added (only in `after`). Neighbouring parts of one kind are joined.
 */
export const wordDiff = (before: string, after: string): DiffPart[] => {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1);
    if (last?.kind === kind)
      last.text += text === '\n' || last.text.endsWith('\n') ? text : ` ${text}`;
    else parts.push({ kind, text });
  };
  for (const word of a.slice(0, start)) push('same', word);
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    for (const word of midA) push('removed', word);
    for (const word of midB) push('added', word);
  } else {
    // lengths[i][j]: the longest common subsequence of midA[i..] and midB[j..].
    const width = midB.length + 1;
    const lengths = new Uint32Array((midA.length + 1) * width);
    for (let i = midA.length - 1; i >= 0; i -= 1) {
      for (let j = midB.length - 1; j >= 0; j -= 1) {
        lengths[i * width + j] =
          midA[i] === midB[j]
            ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
            : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length || j < midB.length) {
      const wordA = midA[i];
      const wordB = midB[j];
      if (wordA !== undefined && wordA === wordB) {
        push('same', wordA);
        i += 1;
        j += 1;
      } else if (
        wordA !== undefined &&
        (wordB === undefined ||
          (lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0))
      ) {
        push('removed', wordA);
        i += 1;
      } else if (wordB !== undefined) {
        push('added', wordB);
        j += 1;
      }
    }
  }
  for (const word of a.slice(endA)) push('same', word);
  return parts;
};

/** Kept text longer than this many words is shortened to its ends around the changes. */
const CONTEXT_WORDS = 12;

/**
 * The parts one side shows (`before`: kept and removed; `after`: kept and added), with long kept
 * stretches shortened to `CONTEXT_WORDS` words either side of a change ('…' in between).
 */
export const sideOf = (parts: readonly DiffPart[], side: 'before' | 'after'): DiffPart[] => {
  const hidden = side === 'before' ? 'added' : 'removed';
  const shown = parts.filter((part) => part.kind !== hidden);
  return shown.map((part, index) => {
    if (part.kind !== 'same') return part;
    const words = part.text.split(' ');
    const first = index === 0;
    const last = index === shown.length - 1;
    const keep = (first ? 0 : CONTEXT_WORDS) + (last ? 0 : CONTEXT_WORDS);
    if (words.length <= keep + 3 || shown.length === 1) return part;
    const head = first ? [] : words.slice(0, CONTEXT_WORDS);
    const tail = last ? [] : words.slice(-CONTEXT_WORDS);
    return { kind: 'same', text: [...head, '…', ...tail].join(' ') };
  });
};
