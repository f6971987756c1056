import sanitizeHtml from 'sanitize-html';

/**
 * The one rich-text sanitiser (DESIGN §5, SECURITY 15): every HTML the editors send (blog content,
 * place-details description) is cleaned with it ON WRITE, so the database only ever holds HTML that
 * is safe to render as it is.
 *
 * The allow-list is what TipTap's StarterKit + Link produce: paragraphs, h2–h4 (an h1 becomes an
 * h2: the page has its own title), bold/italic/underline/strike, inline code and code blocks,
 * quotes, lists, links, line breaks and rules. No images (galleries and covers carry the pictures),
 * no tables, no `style`, no `class`, no `on*` handlers. Links keep `href` with http, https or
 * mailto only (no `javascript:`, `data:` or protocol-relative URLs) and always carry
 * `rel="noopener noreferrer nofollow"`; `target` is kept only as `_blank`. Anything else is
 * dropped, with the text of script, style, iframe, object, template, noscript and textarea removed
 * too (not kept as text).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'br',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'title',
    'head',
  ],
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href !== undefined) out.href = attribs.href;
      if (attribs.target === '_blank') out.target = '_blank';
      out.rel = 'noopener noreferrer nofollow';
      return { tagName, attribs: out };
    },
  },
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS).trim();
