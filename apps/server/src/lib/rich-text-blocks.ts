/**
 * Sanitised rich text (lib/rich-text.ts) as plain blocks, for documents that print it as text
 * (the itinerary PDF, issue 22): tags are dropped, paragraphs, headings and quotes become blocks,
 * list items become blocks with a marker ("• ", or "1. " in an ordered list) and their nesting
 * depth, `<br>` a line break inside its block. Entities are decoded; runs of white space collapse
 * as a browser would show them (`<pre>` keeps its lines).
 *
 * The input is what the sanitiser stored (its small allow-list of tags, attributes quoted), so a
 * tag scanner is enough; anything it does not know is treated as inline and only its text kept.
 */

import { decodeEntities } from '@safarnama/contract';

export type RichTextBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'item'; text: string; marker: string; depth: number };

/** One decoder of character references for the server and the web (contract `seo.ts`). */
export { decodeEntities };

const BLOCK_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'li', 'div']);
const HEADINGS = new Set(['h2', 'h3', 'h4']);
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|<!--[\s\S]*?-->|[^<]+|</g;

export const richTextBlocks = (html: string): RichTextBlock[] => {
  const blocks: RichTextBlock[] = [];
  /** Each open list: ordered or not, and the next number. */
  const lists: { ordered: boolean; next: number }[] = [];
  /** Each open list item: its marker, depth, and whether a block already carried the marker. */
  const items: { marker: string; depth: number; used: boolean }[] = [];
  let text = '';
  let heading = false;
  let pre = 0;

  const flush = () => {
    const clean = text
      .split('\n')
      .map((line) => (pre > 0 ? line.trimEnd() : line.replace(/[ \t\r\f]+/g, ' ').trim()))
      .join('\n')
      .replace(/^\n+|\n+$/g, '')
      .replace(/\n{3,}/g, '\n\n');
    if (clean !== '') {
      const item = items.at(-1);
      if (heading) blocks.push({ kind: 'heading', text: clean });
      else if (item) {
        // A second paragraph of the same item continues it without a marker.
        blocks.push({
          kind: 'item',
          text: clean,
          marker: item.used ? '' : item.marker,
          depth: item.depth,
        });
        item.used = true;
      } else blocks.push({ kind: 'paragraph', text: clean });
    }
    text = '';
    heading = false;
  };

  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, rawName] = match;
    if (rawName === undefined) {
      if (token.startsWith('<!--')) continue;
      const decoded = decodeEntities(token);
      // White space (new lines included) collapses outside <pre>.
      text += pre > 0 ? decoded : decoded.replace(/\s+/g, ' ');
      continue;
    }
    const name = rawName.toLowerCase();
    if (name === 'br') {
      text += '\n';
      continue;
    }
    if (name === 'ul' || name === 'ol') {
      flush();
      if (closing) lists.pop();
      else lists.push({ ordered: name === 'ol', next: 1 });
      continue;
    }
    if (name === 'hr') {
      flush();
      continue;
    }
    if (!BLOCK_TAGS.has(name)) continue;
    // A block starts or ends: what came before it is a block of its own.
    flush();
    if (closing) {
      if (name === 'pre') pre = Math.max(0, pre - 1);
      if (name === 'li') items.pop();
      continue;
    }
    if (name === 'pre') pre += 1;
    if (HEADINGS.has(name)) heading = true;
    if (name === 'li') {
      const list = lists.at(-1);
      items.push({
        marker: list?.ordered ? `${String(list.next++)}. ` : '• ',
        depth: Math.max(0, lists.length - 1),
        used: false,
      });
    }
  }
  flush();
  return blocks;
};

/** The blocks as plain text: one per line pair, items with their marker and indent. */
export const richTextToPlain = (html: string): string =>
  richTextBlocks(html)
    .map((block) =>
      block.kind === 'item'
        ? `${'  '.repeat(block.depth)}${block.marker}${block.text}`
        : block.text,
    )
    .join('\n\n');
