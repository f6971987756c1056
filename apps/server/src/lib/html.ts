/**
 * Text for an HTML page or attribute: `& < > " '` become character references, so whatever an
 * admin typed (a title with `<script>`) reads as text. Use it for every value put into markup that
 * is not sanitised rich text (lib/rich-text.ts).
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
