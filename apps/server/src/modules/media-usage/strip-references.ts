/**
 * Removes an image's references from stored rich text (a forced delete, issue 24): every `<img>`
 * whose attributes name one of the file-key stems, every link to it unwrapped (its text kept),
 * and any bare mention of such a URL. The rest of the HTML is left exactly as stored (it was
 * sanitised on write: attributes double-quoted, `<`/`>`/`"` escaped inside them).
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const stripImageReferences = (html: string, stems: readonly string[]): string => {
  let out = html;
  for (const stem of stems) {
    if (stem === '') continue;
    const s = escapeRegExp(stem);
    out = out
      .replace(new RegExp(`<img\\b[^>]*${s}[^>]*>`, 'gi'), '')
      .replace(new RegExp(`<a\\b[^>]*${s}[^>]*>([\\s\\S]*?)</a\\s*>`, 'gi'), '$1')
      .replace(new RegExp(`[^\\s<>"']*${s}[^\\s<>"']*`, 'g'), '');
  }
  return out;
};
