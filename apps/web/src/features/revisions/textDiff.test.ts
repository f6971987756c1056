import { describe, expect, it } from 'vitest';
import { htmlToText, looksLikeHtml, sideOf, wordDiff } from './textDiff';

describe('htmlToText', () => {
  it('keeps what a reader sees: paragraphs and list items on their lines, entities decoded', () => {
    expect(
      htmlToText(
        '<h2>Day&nbsp;one</h2><p>Sun &amp; <strong>sand</strong><br>at dusk</p><ul><li>Cruise</li><li>Fort &#8220;Aguada&#x201D;</li></ul>',
      ),
    ).toBe('Day one\nSun & sand\nat dusk\n• Cruise\n• Fort “Aguada”');
  });

  it('tells markup from plain text with a "<" in it', () => {
    expect(looksLikeHtml('<p>Hello</p>')).toBe(true);
    expect(looksLikeHtml('Group size < 10 and > 2')).toBe(false);
  });
});

describe('wordDiff', () => {
  it('marks the words that went and came, keeping the rest', () => {
    expect(wordDiff('Sun and sand in Goa', 'Sun, sea and sand in North Goa')).toEqual([
      { kind: 'removed', text: 'Sun' },
      { kind: 'added', text: 'Sun, sea' },
      { kind: 'same', text: 'and sand in' },
      { kind: 'added', text: 'North' },
      { kind: 'same', text: 'Goa' },
    ]);
  });

  it('keeps line breaks as their own tokens', () => {
    expect(wordDiff('One\nTwo', 'One\nTwo\nThree')).toEqual([
      { kind: 'same', text: 'One\nTwo' },
      { kind: 'added', text: '\nThree' },
    ]);
  });

  it('answers nothing changed for equal texts and everything for a rewrite', () => {
    expect(wordDiff('a b c', 'a b c')).toEqual([{ kind: 'same', text: 'a b c' }]);
    expect(wordDiff('a b', 'c d')).toEqual([
      { kind: 'removed', text: 'a b' },
      { kind: 'added', text: 'c d' },
    ]);
  });
});

describe('sideOf', () => {
  it('shows each side its own words and shortens long unchanged stretches around a change', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    const before = [...words, 'old', ...words].join(' ');
    const after = [...words, 'new', ...words].join(' ');
    const parts = wordDiff(before, after);
    const shownBefore = sideOf(parts, 'before');
    expect(shownBefore.map((part) => part.kind)).toEqual(['same', 'removed', 'same']);
    expect(shownBefore[0]?.text).toBe(`… ${words.slice(-12).join(' ')}`);
    expect(shownBefore[2]?.text).toBe(`${words.slice(0, 12).join(' ')} …`);
    expect(sideOf(parts, 'after')[1]).toEqual({ kind: 'added', text: 'new' });
  });
});
