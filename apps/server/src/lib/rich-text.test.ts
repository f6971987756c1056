import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.js';

describe('sanitizeRichText', () => {
  it('keeps what TipTap produces', () => {
    const html =
      '<h2>Goa</h2><p><strong>Sun</strong>, <em>sand</em>, <u>u</u>, <s>s</s>, <code>x</code></p>' +
      '<ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code>let a = 1;</code></pre><hr><p>a<br>b</p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Goa</h2><p><strong>Sun</strong>, <em>sand</em>, <u>u</u>, <s>s</s>, <code>x</code></p>' +
        '<ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote>' +
        '<pre><code>let a = 1;</code></pre><hr /><p>a<br />b</p>',
    );
  });

  it('forces rel on links and keeps only http, https and mailto', () => {
    expect(sanitizeRichText('<a href="https://goa.in" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://goa.in" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:a@b.in" target="_top">m</a>')).toBe(
      '<a href="mailto:a@b.in" rel="noopener noreferrer nofollow">m</a>',
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#09;script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      'vbscript:msgbox(1)',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe(
        '<a rel="noopener noreferrer nofollow">x</a>',
      );
    }
  });

  it('drops scripts, handlers, frames, styles and images', () => {
    const dirty =
      '<p onclick="alert(1)" style="color:red" class="x">Hi</p><script>alert(1)</script>' +
      '<img src="x" onerror="alert(1)"><iframe srcdoc="<script>alert(1)</script>"></iframe>' +
      '<style>p{}</style><svg onload="alert(1)"><circle/></svg><object data="x.swf"></object>' +
      '<h1>Title</h1><form><input></form>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toBe('<p>Hi</p><h2>Title</h2>');
  });
});
