import { describe, expect, it } from 'vitest';
import { decodeEntities, richTextBlocks, richTextToPlain } from './rich-text-blocks.js';
import { sanitizeRichText } from './rich-text.js';

describe('rich text as plain blocks', () => {
  it('keeps paragraphs and headings, drops tags and decodes entities', () => {
    expect(
      richTextBlocks(
        '<h2>Cancellation</h2><p>Cancel <strong>30 days</strong> before &amp; get   a <a href="https://x.example" rel="nofollow">full</a> refund.</p><p>Line one<br>line two</p>',
      ),
    ).toEqual([
      { kind: 'heading', text: 'Cancellation' },
      { kind: 'paragraph', text: 'Cancel 30 days before & get a full refund.' },
      { kind: 'paragraph', text: 'Line one\nline two' },
    ]);
  });

  it('list items get "• " (ordered lists their numbers), TipTap paragraphs inside items too', () => {
    const html =
      '<ul><li><p>Flights</p></li><li><p>Visa fees</p><ul><li>Tips</li></ul></li></ul><ol><li>First</li><li>Second</li></ol>';
    expect(richTextBlocks(html)).toEqual([
      { kind: 'item', text: 'Flights', marker: '• ', depth: 0 },
      { kind: 'item', text: 'Visa fees', marker: '• ', depth: 0 },
      { kind: 'item', text: 'Tips', marker: '• ', depth: 1 },
      { kind: 'item', text: 'First', marker: '1. ', depth: 0 },
      { kind: 'item', text: 'Second', marker: '2. ', depth: 0 },
    ]);
    expect(richTextToPlain('<ul><li>Flights</li><li>Tips</li></ul>')).toBe('• Flights\n\n• Tips');
  });

  it('reads what the sanitiser stores from hostile input as text only', () => {
    const stored = sanitizeRichText(
      '<p onclick="x()">Hello<script>alert(1)</script> <img src=x onerror=alert(1)>world &lt;b&gt;</p>',
    );
    expect(richTextToPlain(stored)).toBe('Hello world <b>');
  });

  it('decodes numeric entities and refuses lone surrogates', () => {
    expect(decodeEntities('&#8377;1,000 &#x20B9; &#xD800; &nbsp;&unknown;')).toBe(
      '₹1,000 ₹  \u00a0&unknown;',
    );
  });
});
